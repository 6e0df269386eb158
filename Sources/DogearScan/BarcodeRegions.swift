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
struct BarcodeRegion: Equatable {
    /// In the photo's pixels, with a margin for the quiet zones.
    let box: ScanBox
    /// The direction across the bars, in radians in (-π/2, π/2]: 0 for upright bars, ±π/2 for bars
    /// lying down; measured clockwise, as the image's y axis points down.
    let across: Double
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
            // The mean direction of an axis (θ and θ + π are one direction): average 2θ.
            let sine = members.reduce(0) { $0 + sin(2 * direction[$1]) }
            let cosine = members.reduce(0) { $0 + cos(2 * direction[$1]) }
            let across = 0.5 * atan2(sine, cosine)
            // An edge (a book's side, a label's border) is striped one cell deep; bars go on across.
            let depths = members.map { Double($0 % columns) * cos(across) + Double($0 / columns) * sin(across) }
            guard depths.max()! - depths.min()! >= minimumDepth else { continue }
            let columnsUsed = members.map { $0 % columns }
            let rowsUsed = members.map { $0 / columns }
            let left = columnsUsed.min()! * cell
            let top = rowsUsed.min()! * cell
            found.append(
                BarcodeRegion(
                    box: ScanBox(
                        x: left, y: top, width: (columnsUsed.max()! + 1) * cell - left,
                        height: (rowsUsed.max()! + 1) * cell - top),
                    across: across))
        }
        return found
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
            across: region.across)
    }
}
