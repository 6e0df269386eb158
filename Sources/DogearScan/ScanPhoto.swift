import DogearCore

/// A shelf photo decoded and stood upright (the phone's EXIF orientation applied), in grey for the
/// readers, with its upright JPEG for the review page (re-encoded, so a phone's location and other
/// metadata are not kept).
///
/// Not `Sendable`: it owns Leptonica images and is used by one task from decoding to its last read.
public final class ScanPhoto {
    public let width: Int
    public let height: Int
    /// The upright photo as JPEG, the one the boxes are measured on.
    public let jpeg: [UInt8]
    /// One byte per pixel, row after row, no padding: what the barcode finder and ZBar read.
    let greyBytes: [UInt8]
    let grey: Leptonica.Pix
    /// Its edges, cell by cell: where the barcodes and the spines' lines may be.
    private(set) lazy var cells = ImageCells(grey: greyBytes, width: width, height: height)
    private let leptonica: Leptonica

    /// Why a photo cannot be read, in words for the reader.
    public enum Failure: Error, Equatable, Sendable {
        case limits(PhotoLimits.Problem)
        case undecodable

        public var message: String {
            switch self {
            case .limits(let problem): return problem.message
            case .undecodable: return "the photo could not be decoded: it is damaged or cut short"
            }
        }
    }

    /// The photo's size from its bytes and header alone, or why it cannot be read: its format,
    /// its size in bytes and pixels, and whether it is all there. Cheap enough for the upload's
    /// own request; nothing is decoded.
    static func check(_ bytes: [UInt8], leptonica: Leptonica) throws(Failure) -> (width: Int, height: Int) {
        do {
            _ = try PhotoLimits.format(of: Array(bytes.prefix(16)), totalBytes: bytes.count)
        } catch {
            throw .limits(error)
        }
        // The size from the header before any pixel is decoded: a 20,000 × 20,000 photo is refused
        // before it takes 1.6 GB.
        var format: Int32 = 0
        var headerWidth: Int32 = 0
        var headerHeight: Int32 = 0
        var bits: Int32 = 0
        var samples: Int32 = 0
        var colourMap: Int32 = 0
        let headerRead = bytes.withUnsafeBufferPointer {
            leptonica.readHeaderMem(
                $0.baseAddress, $0.count, &format, &headerWidth, &headerHeight, &bits, &samples, &colourMap)
        }
        guard headerRead == 0 else { throw .undecodable }
        do {
            try PhotoLimits.check(width: Int(headerWidth), height: Int(headerHeight))
        } catch {
            throw .limits(error)
        }
        guard PhotoIntegrity.isComplete(bytes) else { throw .undecodable }
        return (Int(headerWidth), Int(headerHeight))
    }

    init(bytes: [UInt8], leptonica: Leptonica) throws(Failure) {
        self.leptonica = leptonica
        _ = try Self.check(bytes, leptonica: leptonica)
        var decoded = bytes.withUnsafeBufferPointer { leptonica.readMem($0.baseAddress, $0.count) }
        guard decoded != nil else { throw .undecodable }
        defer { leptonica.destroy(&decoded) }

        var colour = leptonica.convertTo32(decoded)
        let orientation = ExifOrientation.read(bytes)
        if orientation.quarterTurns != 0 {
            var turned = leptonica.rotateOrth(colour, Int32(orientation.quarterTurns))
            swap(&colour, &turned)
            leptonica.destroy(&turned)
        }
        if orientation.mirrored {
            var flipped = leptonica.flipLR(nil, colour)
            swap(&colour, &flipped)
            leptonica.destroy(&flipped)
        }
        guard colour != nil else { throw .undecodable }
        defer { leptonica.destroy(&colour) }
        width = Int(leptonica.width(colour))
        height = Int(leptonica.height(colour))

        var encoded: UnsafeMutablePointer<UInt8>?
        var encodedSize = 0
        guard leptonica.writeMemJpeg(&encoded, &encodedSize, colour, 85, 0) == 0, let encoded else {
            throw .undecodable
        }
        jpeg = Array(UnsafeBufferPointer(start: encoded, count: encodedSize))
        leptonica.free(encoded)

        guard let grey = leptonica.convertTo8(colour, 0) else { throw .undecodable }
        self.grey = grey
        greyBytes = Self.bytes(of: grey, leptonica: leptonica) ?? []
        guard greyBytes.count == width * height else {
            var owned: Leptonica.Pix? = grey
            leptonica.destroy(&owned)
            throw .undecodable
        }
    }

    deinit {
        var owned: Leptonica.Pix? = grey
        leptonica.destroy(&owned)
    }

    /// An 8-bit image's pixels, packed (Leptonica keeps rows in 32-bit words, bytes swapped on
    /// little-endian machines; `pixGetRasterData` gives them in order).
    static func bytes(of pix: Leptonica.Pix?, leptonica: Leptonica) -> [UInt8]? {
        var data: UnsafeMutablePointer<UInt8>?
        var count = 0
        guard leptonica.rasterData(pix, &data, &count) == 0, let data else { return nil }
        defer { leptonica.free(data) }
        return Array(UnsafeBufferPointer(start: data, count: count))
    }
}

/// Whether an upload holds its whole image: libjpeg fills a cut-short JPEG with grey and only
/// warns, so the end-of-image marker is looked for after the image's first scan (a PNG's decoder
/// refuses one by itself).
enum PhotoIntegrity {
    static func isComplete(_ bytes: [UInt8]) -> Bool {
        guard bytes.starts(with: [0xFF, 0xD8]) else { return true }
        // Walk the metadata segments to the first scan: an EXIF thumbnail before it has an end
        // marker of its own.
        var index = 2
        while index + 4 <= bytes.count, bytes[index] == 0xFF, bytes[index + 1] != 0xDA {
            if bytes[index + 1] == 0xFF {
                index += 1
                continue
            }
            index += 2 + (Int(bytes[index + 2]) << 8 | Int(bytes[index + 3]))
        }
        // In the scan's data a 0xFF byte is always followed by 0x00 or a restart marker, so the
        // first 0xFF 0xD9 after it is the image's end (phones may append data after it: a motion
        // photo's video).
        while index + 1 < bytes.count {
            if bytes[index] == 0xFF && bytes[index + 1] == 0xD9 { return true }
            index += 1
        }
        return false
    }
}
