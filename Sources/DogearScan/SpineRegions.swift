import DogearCore

/// Where a photo's spine titles may be: long, narrow runs of print. Print is strong edges that
/// point every way (unlike bars or a book's side, whose edges point one way); a line of type set
/// along a spine makes a run of such cells, broken only by the gaps between words.
///
/// Spines stand up in a photo of a shelf, or lie down in one taken sideways without an EXIF turn.
/// Both are looked for; the barcodes read say which way the photo stands, or, without any, the way
/// with more print along it (a few covers' titles run across the spines, but much shorter).
enum SpineRegions {
    static let minimumEnergy = 400.0
    static let maximumCoherence = 0.6
    /// Words on a spine are a few cells apart; a gap this many cells long still joins them.
    static let wordGap = 3
    /// A run of print at least this many cells long, and this many times longer than wide.
    static let minimumCells = 6
    static let minimumLength = 2.5

    struct Found: Equatable {
        /// Each spine's print, in the photo's pixels, with room around it.
        let boxes: [ScanBox]
        /// The spines lie down: their type is read turned a half turn apart from upright, not a quarter.
        let sideways: Bool
    }

    /// `barcodes` are the boxes of the barcodes read: their digits are print too, and not a spine.
    static func find(in cells: ImageCells, apartFrom barcodes: [ScanBox] = []) -> Found {
        var print = [Bool](repeating: false, count: cells.count)
        for index in 0..<cells.count where cells.energy[index] >= minimumEnergy && cells.coherence[index] < maximumCoherence {
            let box = ScanBox(
                x: (index % cells.columns) * cells.cell, y: (index / cells.columns) * cells.cell, width: cells.cell,
                height: cells.cell)
            print[index] = !barcodes.contains { $0.intersects(box) }
        }
        // A face-out book's own title runs along its barcode (above it on an upright cover): print
        // lying over most of a barcode's span is that book's cover, already read, not a spine.
        let standing = runs(of: print, in: cells, standing: true).filter { !isCover($0, standing: true, barcodes) }
        let lying = runs(of: print, in: cells, standing: false).filter { !isCover($0, standing: false, barcodes) }
        // Face-out books stand the way the spines do: barcodes lying on their side (taller than wide)
        // say the photo was taken sideways, and a cover's own title, which runs across the spines,
        // is not read. Without barcodes, the way with more print along it is the spines'.
        let sideways: Bool
        if barcodes.isEmpty {
            sideways = lying.reduce(0) { $0 + $1.width } > standing.reduce(0) { $0 + $1.height }
        } else {
            sideways = barcodes.filter { $0.height > $0.width }.count * 2 > barcodes.count
        }
        return sideways ? Found(boxes: lying, sideways: true) : Found(boxes: standing, sideways: false)
    }

    /// Whether at least half of a run's length lies along one barcode's span (its x-span for a run
    /// lying down, its y-span for one standing up): the title of the book that barcode is on.
    static func isCover(_ run: ScanBox, standing: Bool, _ barcodes: [ScanBox]) -> Bool {
        barcodes.contains { barcode in
            let overlap =
                standing
                ? min(run.y + run.height, barcode.y + barcode.height) - max(run.y, barcode.y)
                : min(run.x + run.width, barcode.x + barcode.width) - max(run.x, barcode.x)
            return overlap * 2 >= (standing ? run.height : run.width)
        }
    }

    /// Runs of print along one axis, each with a margin, the pieces of one spine joined.
    private static func runs(of print: [Bool], in cells: ImageCells, standing: Bool) -> [ScanBox] {
        var seen = [Bool](repeating: false, count: cells.count)
        var boxes: [ScanBox] = []
        let (reachX, reachY) = standing ? (1, wordGap) : (wordGap, 1)
        for start in print.indices where print[start] && !seen[start] {
            seen[start] = true
            var stack = [start]
            var (left, right) = (start % cells.columns, start % cells.columns)
            var (top, bottom) = (start / cells.columns, start / cells.columns)
            while let index = stack.popLast() {
                let column = index % cells.columns
                let row = index / cells.columns
                (left, right, top, bottom) = (min(left, column), max(right, column), min(top, row), max(bottom, row))
                for dy in -reachY...reachY {
                    for dx in -reachX...reachX where dx != 0 || dy != 0 {
                        let x = column + dx
                        let y = row + dy
                        guard x >= 0, y >= 0, x < cells.columns, y < cells.rows else { continue }
                        let neighbour = y * cells.columns + x
                        guard print[neighbour], !seen[neighbour] else { continue }
                        seen[neighbour] = true
                        stack.append(neighbour)
                    }
                }
            }
            let along = standing ? bottom - top + 1 : right - left + 1
            let across = standing ? right - left + 1 : bottom - top + 1
            guard along >= minimumCells, Double(along) >= minimumLength * Double(across) else { continue }
            // Room around the type: the cells cut the letters' edges off.
            let margin = cells.cell
            let x = max(0, left * cells.cell - margin)
            let y = max(0, top * cells.cell - margin)
            boxes.append(
                ScanBox(
                    x: x, y: y, width: min(cells.width, (right + 1) * cells.cell + margin) - x,
                    height: min(cells.height, (bottom + 1) * cells.cell + margin) - y))
        }
        return joined(boxes, standing: standing)
    }

    /// A title and its author set apart on one spine are two runs in line: one box.
    private static func joined(_ boxes: [ScanBox], standing: Bool) -> [ScanBox] {
        var result: [ScanBox] = []
        let ordered = boxes.sorted { standing ? $0.y < $1.y : $0.x < $1.x }
        for box in ordered {
            if let index = result.firstIndex(where: { inLine($0, box, standing: standing) }) {
                result[index] = result[index].union(box)
            } else {
                result.append(box)
            }
        }
        return result
    }

    private static func inLine(_ a: ScanBox, _ b: ScanBox, standing: Bool) -> Bool {
        if standing {
            let overlap = min(a.x + a.width, b.x + b.width) - max(a.x, b.x)
            let gap = max(a.y, b.y) - min(a.y + a.height, b.y + b.height)
            return overlap * 2 >= min(a.width, b.width) && gap <= 2 * max(a.width, b.width)
        }
        let overlap = min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
        let gap = max(a.x, b.x) - min(a.x + a.width, b.x + b.width)
        return overlap * 2 >= min(a.height, b.height) && gap <= 2 * max(a.height, b.height)
    }
}
