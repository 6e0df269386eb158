/// Turning what a barcode reader saw into ISBNs, and boxes found on transformed copies of a photo
/// back into the photo's own coordinates.
public enum BarcodeReading {
    /// The ISBN an EAN-13 symbol encodes: 13 digits starting 978 or 979 whose check digit holds.
    /// Anything else — another product's barcode, a misread — is nil and never becomes a proposal.
    public static func isbn(fromEAN13 symbol: String) -> ISBN? {
        guard symbol.count == 13, symbol.allSatisfy(\.isASCIIDigit) else { return nil }
        return try? ISBN(symbol)
    }

    /// One barcode per ISBN: the same book seen on several copies (rotated, scaled) keeps its
    /// largest box; distinct books keep theirs, in the order first seen.
    public static func merge(_ found: [(isbn: ISBN, box: ScanBox)]) -> [(isbn: ISBN, box: ScanBox)] {
        var order: [String] = []
        var best: [String: (isbn: ISBN, box: ScanBox)] = [:]
        for item in found {
            let key = item.isbn.isbn13
            if let kept = best[key] {
                if item.box.area > kept.box.area { best[key] = item }
            } else {
                order.append(key)
                best[key] = item
            }
        }
        return order.compactMap { best[$0] }
    }
}

/// A rectangle in a photo's pixels, x and y from the top left.
public struct ScanBox: Equatable, Sendable, Codable {
    public let x: Int
    public let y: Int
    public let width: Int
    public let height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var area: Int { width * height }

    /// A copy of the photo the reader looked at: turned clockwise by a quarter turns, then scaled.
    public struct Copy: Equatable, Sendable {
        public let quarterTurns: Int
        public let scale: Double

        public init(quarterTurns: Int, scale: Double) {
            self.quarterTurns = ((quarterTurns % 4) + 4) % 4
            self.scale = scale
        }
    }

    /// This box, found on `copy` of a photo `width` × `height`, in the photo's own pixels (clamped to it).
    public func inOriginal(of copy: Copy, width photoWidth: Int, height photoHeight: Int) -> ScanBox {
        // Undo the scale first: the copy's pixels before scaling.
        let sx = Double(x) / copy.scale
        let sy = Double(y) / copy.scale
        let sw = Double(width) / copy.scale
        let sh = Double(height) / copy.scale
        // Then the turn: where the turned copy's rectangle lies in the upright photo.
        let (ox, oy, ow, oh): (Double, Double, Double, Double)
        switch copy.quarterTurns {
        case 1: (ox, oy, ow, oh) = (sy, Double(photoHeight) - sx - sw, sh, sw)
        case 2: (ox, oy, ow, oh) = (Double(photoWidth) - sx - sw, Double(photoHeight) - sy - sh, sw, sh)
        case 3: (ox, oy, ow, oh) = (Double(photoWidth) - sy - sh, sx, sh, sw)
        default: (ox, oy, ow, oh) = (sx, sy, sw, sh)
        }
        let left = max(0, min(photoWidth, Int(ox.rounded())))
        let top = max(0, min(photoHeight, Int(oy.rounded())))
        return ScanBox(
            x: left, y: top, width: max(0, min(photoWidth - left, Int(ow.rounded()))),
            height: max(0, min(photoHeight - top, Int(oh.rounded()))))
    }
}
