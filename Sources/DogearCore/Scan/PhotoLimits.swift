/// What a shelf photo may be: a JPEG or PNG (phones send HEIC as JPEG from a browser),
/// up to 20 MB, with sides greater than zero and at most 60 megapixels once decoded, so one photo
/// never takes more memory than a scan is allowed (a 20,000 × 20,000 image would need 1.6 GB).
public enum PhotoLimits {
    public static let maxBytes = 20 * 1024 * 1024
    public static let maxPixels = 60_000_000

    public enum Format: String, Sendable {
        case jpeg, png
    }

    public enum Problem: Equatable, Sendable, Error {
        case empty
        case tooLarge(bytes: Int)
        case notAnImage
        case heic
        case zeroSize
        case tooManyPixels(width: Int, height: Int)

        public var message: String {
            switch self {
            case .empty: return "the photo is empty"
            case .tooLarge(let bytes):
                return "the photo is \(bytes / 1_048_576) MB; at most \(PhotoLimits.maxBytes / 1_048_576) MB"
            case .notAnImage: return "this is not a JPEG or PNG photo"
            case .heic: return "this is a HEIC photo; send it as JPEG (phones do when a browser picks it)"
            case .zeroSize: return "the photo has no pixels"
            case .tooManyPixels(let width, let height):
                return "the photo is \(width) × \(height) pixels; at most \(PhotoLimits.maxPixels / 1_000_000) megapixels"
            }
        }
    }

    /// The format by the file's first bytes (never its name or declared type).
    public static func format(of head: [UInt8], totalBytes: Int) throws(Problem) -> Format {
        guard totalBytes > 0 else { throw .empty }
        guard totalBytes <= maxBytes else { throw .tooLarge(bytes: totalBytes) }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if head.count >= 12, head[4...7].elementsEqual(Array("ftyp".utf8)),
            ["heic", "heix", "mif1", "msf1", "hevc"].contains(String(decoding: head[8...11], as: UTF8.self))
        {
            throw .heic
        }
        throw .notAnImage
    }

    /// The decoded size, checked before any pixel is decoded.
    public static func check(width: Int, height: Int) throws(Problem) {
        guard width > 0, height > 0 else { throw .zeroSize }
        guard width.multipliedReportingOverflow(by: height).partialValue <= maxPixels, width <= 100_000, height <= 100_000
        else { throw .tooManyPixels(width: width, height: height) }
    }
}
