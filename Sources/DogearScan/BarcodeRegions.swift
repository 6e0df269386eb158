import DogearCore
import Foundation

/// Where a photo's barcodes may be: patches of strong stripes, found before ZBar reads them.
///
/// Scanning the whole photo at once lets a scan line run through two books' barcodes side by side
/// and join the left half of one to the right half of the next (a joined number passes the check
/// digit one time in ten). Read one region at a time, each barcode is read alone, and each region
/// also says how far its barcode is tilted, so its copy can be turned straight.
///
/// The photo is cut into square cells; a cell is striped when its pixels' gradients are strong and
/// point one way (the structure tensor's coherence). Striped cells that touch and agree on the
/// direction are one region.
struct BarcodeRegion {
    /// In the photo's pixels, with a margin for the quiet zones.
    let box: ScanBox
    /// The direction across the bars, in radians in (-π/2, π/2]: 0 for upright bars, ±π/2 for bars
    /// lying down; measured clockwise, as the image's y axis points down.
    let across: Double
    /// The striped cells' area in pixels: the bars' own, whatever the tilt (the box of a tilted
    /// barcode is mostly background).
    var stripedArea = 0
    /// How far the striped cells reach along the bars, in pixels: the bars' length, which a piece
    /// of a barcode cut off by its widest bars keeps whole.
    var barLength = 0
    /// The striped cells' own box, before the margin for the quiet zones.
    var core: ScanBox? = nil
    /// The striped cells' centres, in the photo's pixels: where the stripes are, whatever the tilt
    /// (a tilted barcode's box reaches well past its bars).
    var centres: [(x: Double, y: Double)] = []
}

enum BarcodeRegions {
    /// A cell's mean squared gradient must pass this to count as striped (bars against their quiet
    /// zone give thousands; paper, wood and soft shadows tens).
    static let minimumEnergy = 900.0
    /// How much the gradients must agree on a direction (1 = all one way; printed text is near 0.3).
    static let minimumCoherence = 0.55
    /// Fewer striped cells than this are a patch of print, not a barcode.
    static let minimumCells = 5
    /// How many cells deep, across the bars, a region must go: an edge is one or two.
    static let minimumDepth = 3.0

    static func find(in cells: ImageCells) -> [BarcodeRegion] {
        var striped = [Bool](repeating: false, count: cells.count)
        for index in 0..<cells.count where cells.energy[index] >= minimumEnergy && cells.coherence[index] >= minimumCoherence {
            striped[index] = true
        }
        return regions(striped: striped, direction: cells.direction, columns: cells.columns, rows: cells.rows, cell: cells.cell)
            .map { expanded($0, width: cells.width, height: cells.height) }
    }

    /// Touching striped cells whose directions agree, as one region each (a flood fill).
    private static func regions(striped: [Bool], direction: [Double], columns: Int, rows: Int, cell: Int)
        -> [BarcodeRegion]
    {
        var seen = [Bool](repeating: false, count: striped.count)
        var found: [BarcodeRegion] = []
        for start in striped.indices where striped[start] && !seen[start] {
            seen[start] = true
            var stack = [start]
            var members: [Int] = []
            while let index = stack.popLast() {
                members.append(index)
                let column = index % columns
                let row = index / columns
                for dy in -1...1 {
                    for dx in -1...1 where dx != 0 || dy != 0 {
                        let x = column + dx
                        let y = row + dy
                        guard x >= 0, y >= 0, x < columns, y < rows else { continue }
                        let neighbour = y * columns + x
                        guard striped[neighbour], !seen[neighbour],
                            angleBetween(direction[index], direction[neighbour]) < .pi / 9
                        else { continue }
                        seen[neighbour] = true
                        stack.append(neighbour)
                    }
                }
            }
            guard members.count >= minimumCells else { continue }
            let across = meanAxis(members.map { direction[$0] })
            // An edge (a book's side, a label's border) is striped one cell deep; bars go on across.
            let depths = members.map { Double($0 % columns) * cos(across) + Double($0 / columns) * sin(across) }
            guard depths.max()! - depths.min()! >= minimumDepth else { continue }
            let along = members.map { -Double($0 % columns) * sin(across) + Double($0 / columns) * cos(across) }
            let columnsUsed = members.map { $0 % columns }
            let rowsUsed = members.map { $0 / columns }
            let left = columnsUsed.min()! * cell
            let top = rowsUsed.min()! * cell
            found.append(
                BarcodeRegion(
                    box: ScanBox(
                        x: left, y: top, width: (columnsUsed.max()! + 1) * cell - left,
                        height: (rowsUsed.max()! + 1) * cell - top),
                    across: across, stripedArea: members.count * cell * cell,
                    barLength: Int(((along.max()! - along.min()!) + 1) * Double(cell))))
            found[found.count - 1].core = found[found.count - 1].box
            found[found.count - 1].centres = members.map {
                ((Double($0 % columns) + 0.5) * Double(cell), (Double($0 / columns) + 0.5) * Double(cell))
            }
        }
        return found
    }

    /// Regions that are pieces of one barcode, in groups of two or more (six at most): a barcode
    /// whose bars are wide enough for a cell to sit wholly inside one is cut there into pieces side
    /// by side across the bars, none of which reads alone. Pieces agree on the direction, lie side
    /// by side across the bars with their bars overlapping along their length, and are no further
    /// apart than a wide bar: at most 4 of the barcode's modules; 6 and two cells are allowed, the
    /// module taken from the bars' length (some 70 modules; pieces' bars measure short, so this
    /// errs narrow). Two barcodes side by side are further apart: their quiet zones alone are 18
    /// modules. Distances are measured between the striped cells themselves, not their boxes.
    static func pieces(_ regions: [BarcodeRegion], among candidates: [Int], cell: Int) -> [[Int]] {
        var groups: [[Int]] = candidates.map { [$0] }
        var merged = true
        while merged {
            merged = false
            search: for first in groups.indices {
                for second in groups.indices where second > first && groups[first].count + groups[second].count <= 6 {
                    guard
                        groups[first].contains(where: { a in
                            groups[second].contains { arePieces(regions[a], regions[$0], cell: cell) }
                        })
                    else { continue }
                    groups[first] += groups[second]
                    groups.remove(at: second)
                    merged = true
                    break search
                }
            }
        }
        return groups.filter { $0.count > 1 }.map { $0.sorted() }.sorted { $0[0] < $1[0] }
    }

    static func arePieces(_ a: BarcodeRegion, _ b: BarcodeRegion, cell: Int) -> Bool {
        guard !a.centres.isEmpty, !b.centres.isEmpty, angleBetween(a.across, b.across) < .pi / 9 else { return false }
        let across = meanAxis([a.across, b.across])
        let (dx, dy) = (cos(across), sin(across))
        func interval(_ region: BarcodeRegion, _ ux: Double, _ uy: Double) -> (Double, Double) {
            let values = region.centres.map { $0.x * ux + $0.y * uy }
            return (values.min()! - Double(cell) / 2, values.max()! + Double(cell) / 2)
        }
        // Along the bars: the two pieces' bars must overlap over most of the shorter one.
        let (alongA, alongB) = (interval(a, -dy, dx), interval(b, -dy, dx))
        let overlap = min(alongA.1, alongB.1) - max(alongA.0, alongB.0)
        guard overlap >= 0.5 * min(alongA.1 - alongA.0, alongB.1 - alongB.0) else { return false }
        // Across the bars: the gap between them no wider than a wide bar.
        let (acrossA, acrossB) = (interval(a, dx, dy), interval(b, dx, dy))
        let gap = max(acrossA.0, acrossB.0) - min(acrossA.1, acrossB.1)
        let module = Double(max(a.barLength, b.barLength)) / 70
        return gap <= 6 * module + 2 * Double(cell)
    }

    /// The mean direction of axes (θ and θ + π are one direction): the mean of 2θ, halved.
    static func meanAxis(_ directions: [Double]) -> Double {
        let sine = directions.reduce(0) { $0 + sin(2 * $1) }
        let cosine = directions.reduce(0) { $0 + cos(2 * $1) }
        return 0.5 * atan2(sine, cosine)
    }

    /// How far apart two axis directions are, in [0, π/2].
    static func angleBetween(_ a: Double, _ b: Double) -> Double {
        let difference = abs(a - b).truncatingRemainder(dividingBy: .pi)
        return min(difference, .pi - difference)
    }

    /// The region with room for its quiet zones and the bars' ends the cells cut off.
    private static func expanded(_ region: BarcodeRegion, width: Int, height: Int) -> BarcodeRegion {
        let box = region.box
        let margin = max(box.width, box.height) / 5 + 8
        let left = max(0, box.x - margin)
        let top = max(0, box.y - margin)
        return BarcodeRegion(
            box: ScanBox(
                x: left, y: top, width: min(width, box.x + box.width + margin) - left,
                height: min(height, box.y + box.height + margin) - top),
            across: region.across, stripedArea: region.stripedArea, barLength: region.barLength, core: region.core,
            centres: region.centres)
    }
}
