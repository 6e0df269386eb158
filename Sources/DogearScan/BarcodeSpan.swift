import DogearCore
import Foundation

/// Whether what ZBar read across the whole photo is one barcode or two books' halves joined.
///
/// ZBar decodes an EAN-13's two halves on their own and joins a left half to the next right half on
/// the same scan line, so two barcodes side by side can give one symbol that is neither (and passes
/// the check digit one time in ten). A large barcode, on the other hand, is often cut into several
/// striped regions by its widest bars, which a cell wholly inside one cannot see as stripes. The
/// number of regions a read spans says nothing; its pixels do: between the two halves of one
/// barcode no light run is wider than its widest space (4 modules of 95, about 4%), while two
/// barcodes joined hold both their quiet zones (7 and 11 modules) and whatever lies between the
/// books, at least 18 modules of some 208, about 9%.
enum BarcodeSpan {
    /// The longest light run inside the read, as a share of its length, above which it was joined.
    static let joinedGap = 0.065

    /// `box`: where ZBar read the symbol; `across`: the direction across its bars (radians,
    /// clockwise from the x axis). Three lines across the bars through the box are measured; most
    /// must show no gap.
    static func isOneBarcode(_ box: ScanBox, across: Double, grey: [UInt8], width: Int, height: Int) -> Bool {
        guard width > 0, height > 0, grey.count == width * height else { return false }
        let (dx, dy) = (cos(across), sin(across))
        let (nx, ny) = (-dy, dx)
        let cx = Double(box.x) + Double(box.width) / 2
        let cy = Double(box.y) + Double(box.height) / 2
        let corners = [
            (box.x, box.y), (box.x + box.width, box.y), (box.x, box.y + box.height), (box.x + box.width, box.y + box.height),
        ]
        .map { (Double($0.0) - cx, Double($0.1) - cy) }
        let along = corners.map { $0.0 * dx + $0.1 * dy }
        let side = corners.map { $0.0 * nx + $0.1 * ny }
        let (start, end) = (along.min()!, along.max()!)
        let thickness = side.max()! - side.min()!
        guard end - start >= 20 else { return true }
        var withoutGap = 0
        for offset in [-thickness / 4, 0, thickness / 4] {
            var samples: [UInt8] = []
            var t = start
            while t <= end {
                let x = Int((cx + t * dx + offset * nx).rounded())
                let y = Int((cy + t * dy + offset * ny).rounded())
                if x >= 0, y >= 0, x < width, y < height { samples.append(grey[y * width + x]) }
                t += 1
            }
            if samples.count >= 20, longestInnerLightRun(samples) <= joinedGap * Double(samples.count) { withoutGap += 1 }
        }
        return withoutGap >= 2
    }

    /// The longest run of light samples that does not touch either end (the quiet zones there are
    /// the barcode's own). Light is judged against the nearby dark and light, so a thin bar that
    /// blur has left pale is still a bar; where the neighbourhood is all one tone, against the
    /// whole line's middle grey.
    static func longestInnerLightRun(_ samples: [UInt8]) -> Double {
        let sorted = samples.sorted()
        let low = Double(sorted[sorted.count / 20])
        let high = Double(sorted[sorted.count - 1 - sorted.count / 20])
        let contrast = high - low
        guard contrast > 0 else { return 0 }
        let middle = (low + high) / 2
        let radius = max(3, samples.count / 40)
        var longest = 0
        var run = 0
        var runStart = 0
        for index in samples.indices {
            let window = samples[max(0, index - radius)...min(samples.count - 1, index + radius)]
            let (near, far) = (Double(window.min()!), Double(window.max()!))
            let cut = far - near >= contrast / 4 ? (near + far) / 2 : middle
            if Double(samples[index]) > cut {
                if run == 0 { runStart = index }
                run += 1
            } else {
                if run > 0, runStart > 0 { longest = max(longest, run) }
                run = 0
            }
        }
        return Double(longest)
    }
}
