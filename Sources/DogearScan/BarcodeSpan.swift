import DogearCore
import Foundation

/// Whether what ZBar read across the whole photo is one barcode or two books' halves joined.
///
/// ZBar decodes an EAN-13's two halves on their own and joins a left half to the next right half on
/// the same scan line, so two barcodes side by side can give one symbol that is neither (and passes
/// the check digit one time in ten). A large barcode, on the other hand, is often cut into several
/// striped regions by its widest bars, which a cell wholly inside one cannot see as stripes. The
/// number of regions a read spans says nothing; its pixels do. Inside one barcode no space is wider
/// than 4 modules; two barcodes joined hold both their quiet zones (at least 7 and 11 modules of
/// light, whatever lies between the books), so a light run wider than 5.5 modules inside the read
/// means it was joined. The module is measured on the line itself: an EAN-13's 59 bars and spaces
/// share its 95 modules, 1.6 each on average.
enum BarcodeSpan {
    /// The widest light run, in modules, that one barcode can hold (4) with room for blur.
    static let joinedGap = 5.5

    /// What the pixels say of a read.
    enum Judgement: Equatable {
        case oneBarcode
        case joined
        /// Too few bars and spaces on the lines to measure a module (a box ZBar drew from one scan
        /// line, say): nothing is shown either way.
        case unmeasured
    }

    static func isOneBarcode(_ box: ScanBox, across: Double, grey: [UInt8], width: Int, height: Int) -> Bool {
        judge(box, across: across, grey: grey, width: width, height: height) == .oneBarcode
    }

    /// `box`: where ZBar read the symbol; `across`: the direction across its bars (radians,
    /// clockwise from the x axis). Three lines across the bars through the box are measured: one
    /// barcode when two show no gap, joined when two show one.
    static func judge(_ box: ScanBox, across: Double, grey: [UInt8], width: Int, height: Int) -> Judgement {
        guard width > 0, height > 0, grey.count == width * height else { return .unmeasured }
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
        var (withoutGap, withGap) = (0, 0)
        for offset in [-thickness / 4, 0, thickness / 4] {
            var samples: [UInt8] = []
            var t = start
            while t <= end {
                let x = Int((cx + t * dx + offset * nx).rounded())
                let y = Int((cy + t * dy + offset * ny).rounded())
                if x >= 0, y >= 0, x < width, y < height { samples.append(grey[y * width + x]) }
                t += 1
            }
            switch holdsQuietZone(samples) {
            case false?: withoutGap += 1
            case true?: withGap += 1
            case nil: break
            }
        }
        if withGap >= 2 { return .joined }
        return withoutGap >= 2 ? .oneBarcode : .unmeasured
    }

    /// Whether a line across the bars holds, away from its ends, a light run wider than a barcode's
    /// widest space; nil when it has too few bars and spaces to measure a module.
    static func holdsQuietZone(_ samples: [UInt8]) -> Bool? {
        let runs = Array(lightAndDarkRuns(samples).dropFirst().dropLast())
        guard runs.count >= 10 else { return nil }
        let module = Double(runs.reduce(0) { $0 + $1.length }) / Double(runs.count) / 1.6
        let widestLight = runs.filter(\.light).map(\.length).max() ?? 0
        return Double(widestLight) > joinedGap * module
    }

    /// The line cut into light and dark runs. Light is judged against the nearby dark and light,
    /// so a thin bar that blur has left pale is still a bar; where the neighbourhood is all one
    /// tone, against the whole line's middle grey.
    static func lightAndDarkRuns(_ samples: [UInt8]) -> [(light: Bool, length: Int)] {
        guard samples.count >= 2 else { return [] }
        let sorted = samples.sorted()
        let low = Double(sorted[sorted.count / 20])
        let high = Double(sorted[sorted.count - 1 - sorted.count / 20])
        let contrast = high - low
        guard contrast > 0 else { return [(true, samples.count)] }
        let middle = (low + high) / 2
        let radius = max(3, samples.count / 40)
        var runs: [(light: Bool, length: Int)] = []
        for index in samples.indices {
            let window = samples[max(0, index - radius)...min(samples.count - 1, index + radius)]
            let (near, far) = (Double(window.min()!), Double(window.max()!))
            let cut = far - near >= contrast / 4 ? (near + far) / 2 : middle
            let light = Double(samples[index]) > cut
            if let last = runs.last, last.light == light {
                runs[runs.count - 1].length += 1
            } else {
                runs.append((light, 1))
            }
        }
        return runs
    }
}
