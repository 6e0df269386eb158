import Foundation

/// The shelf photos the scan tests read, drawn by `scripts/scan-photos/make-fixtures.sh` with a
/// manifest each: `Tests/Fixtures/scan`, or `DOGEAR_SCAN_PHOTOS` (CI draws a fresh set with other
/// seeds and runs the same tests on it).
public enum ShelfPhotos {
    public static let directory: URL = {
        if let override = ProcessInfo.processInfo.environment["DOGEAR_SCAN_PHOTOS"] {
            return URL(fileURLWithPath: override)
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/scan")
    }()

    public struct Book: Decodable, Sendable {
        public let kind: String
        public let isbn: String
        public let title: String
        public let author: String
        public let box: [Int]
    }

    public struct Manifest: Decodable, Sendable {
        public let width: Int
        public let height: Int
        public let books: [Book]
    }

    public struct Photo: Sendable {
        public let name: String
        public let bytes: [UInt8]
        public let manifest: Manifest
    }

    public static let names =
        [
            "barcodes-120", "barcodes-120-tilted", "barcodes-160-blurred", "barcodes-200-turned", "barcodes-300-halved",
            "known-isbns", "mixed", "spines", "spines-turned",
        ] + barsNames

    /// Bars of 1 to 10 px, at 0, 15, 45 and 90 degrees, blurred and at low JPEG quality: wide bars cut a barcode into pieces.
    public static let barsNames = [
        "bars-1px", "bars-1.5px-45deg", "bars-2px-15deg-blurred", "bars-3px-90deg", "bars-5px", "bars-5px-45deg-q50",
        "bars-7px-15deg-blurred", "bars-10px", "bars-10px-90deg",
    ]

    public static func photo(_ name: String) throws -> Photo {
        let bytes = try Data(contentsOf: directory.appendingPathComponent("\(name).jpg"))
        let manifest = try JSONDecoder().decode(
            Manifest.self, from: Data(contentsOf: directory.appendingPathComponent("\(name).json")))
        return Photo(name: name, bytes: [UInt8](bytes), manifest: manifest)
    }

    public static func all() throws -> [Photo] { try names.map(photo) }
}

/// Phone photos of book barcodes from zxing-cpp's test samples (`Tests/Fixtures/scan/real`, its
/// `photos.json` says where each came from): real cameras, real blur and glare, which the project
/// never drew. Always these, whatever `DOGEAR_SCAN_PHOTOS` says.
public enum RealBarcodePhotos {
    public struct Photo: Decodable, Sendable, CustomStringConvertible {
        public let file: String
        public let isbn: String
        public let from: String
        public var description: String { file }
    }

    struct Manifest: Decodable {
        let photos: [Photo]
    }

    public static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/scan/real")

    /// Every photo in the manifest (empty when it cannot be read; a test counts them).
    public static let all: [Photo] = {
        guard let data = try? Data(contentsOf: directory.appendingPathComponent("photos.json")),
            let manifest = try? JSONDecoder().decode(Manifest.self, from: data)
        else { return [] }
        return manifest.photos
    }()

    public static func bytes(_ photo: Photo) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(photo.file)))
    }
}
