import Foundation

@testable import DogearScan

/// A lone EAN-13 drawn in Swift at any module width (fractional widths shaded by how much of each
/// pixel the bar covers, as a camera's sensor would), on a light page anywhere in a grey photo:
/// what the property tests move across positions and scales. Encoded from the standard's tables.
enum DrawnBarcode {
    private static let leftOdd = [
        "0001101", "0011001", "0010011", "0111101", "0100011", "0110001", "0101111", "0111011", "0110111", "0001011",
    ]
    private static let leftEven = [
        "0100111", "0110011", "0011011", "0100001", "0011101", "0111001", "0000101", "0010001", "0001001", "0010111",
    ]
    private static let right = [
        "1110010", "1100110", "1101100", "1000010", "1011100", "1001110", "1010000", "1000100", "1001000", "1110100",
    ]
    /// Which of the left digits use the even set, by the first digit (1 = even).
    private static let parity = [
        "000000", "001011", "001101", "001110", "010011", "011001", "011100", "010101", "010110", "011010",
    ]

    /// The 95 modules, true for a bar.
    static func modules(_ code: String) -> [Bool] {
        let digits = code.compactMap(\.wholeNumberValue)
        precondition(digits.count == 13)
        var pattern = "101"
        let sets = Array(parity[digits[0]])
        for (index, digit) in digits[1...6].enumerated() {
            pattern += sets[index] == "1" ? leftEven[digit] : leftOdd[digit]
        }
        pattern += "01010"
        for digit in digits[7...12] { pattern += right[digit] }
        pattern += "101"
        return pattern.map { $0 == "1" }
    }

    /// A grey photo `width` × `height` of mid-grey (a shelf), with a light label holding the barcode
    /// whose first bar's left edge is at `x`, `y`, each module `module` pixels wide, the bars 70
    /// modules long; as PGM bytes.
    static func photo(_ code: String, module: Double, x: Double, y: Double, width: Int, height: Int) -> [UInt8] {
        Array("P5\n\(width) \(height)\n255\n".utf8) + pixels([(code, x)], module: module, y: y, width: width, height: height)
    }

    /// The pixels of such a photo with several barcodes on one row, each at its own `x`.
    static func pixels(_ codes: [(code: String, x: Double)], module: Double, y: Double, width: Int, height: Int) -> [UInt8] {
        let paper = 236.0
        let ink = 28.0
        var pixels = [UInt8](repeating: 128, count: width * height)
        let (top, bottom) = (y, y + 70 * module)
        for (code, x) in codes {
            let bars = modules(code)
            let (labelLeft, labelRight) = (x - 12 * module, x + 107 * module)
            for row in 0..<height {
                let rowY = Double(row) + 0.5
                guard rowY >= top - 6 * module, rowY < bottom + 6 * module else { continue }
                let onBars = rowY >= top && rowY < bottom
                for column in 0..<width {
                    let left = Double(column)
                    guard left + 1 > labelLeft, left < labelRight else { continue }
                    var dark = 0.0
                    if onBars {
                        // How much of this pixel's width the bars cover.
                        let first = max(0, Int(((left - x) / module).rounded(.down)))
                        let last = min(94, Int(((left + 1 - x) / module).rounded(.down)))
                        if first <= last {
                            for index in first...last where bars[index] {
                                let start = max(left, x + Double(index) * module)
                                let end = min(left + 1, x + Double(index + 1) * module)
                                dark += max(0, end - start)
                            }
                        }
                    }
                    pixels[row * width + column] = UInt8((paper - dark * (paper - ink)).rounded())
                }
            }
        }
        return pixels
    }

    /// The PGM as a JPEG at quality 95 (Leptonica encodes it): what a scan is sent.
    static func jpeg(_ pgm: [UInt8], engine: ScanEngine) -> [UInt8]? {
        let leptonica = engine.leptonica
        var pix = pgm.withUnsafeBufferPointer { leptonica.readMem($0.baseAddress, $0.count) }
        guard pix != nil else { return nil }
        defer { leptonica.destroy(&pix) }
        var encoded: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard leptonica.writeMemJpeg(&encoded, &size, pix, 95, 0) == 0, let encoded else { return nil }
        defer { leptonica.free(encoded) }
        return Array(UnsafeBufferPointer(start: encoded, count: size))
    }
}
