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

    public static let names = [
        "barcodes-120", "barcodes-120-tilted", "barcodes-160-blurred", "barcodes-200-turned", "barcodes-300-halved",
        "known-isbns", "mixed", "spines", "spines-turned",
    ]

    public static func photo(_ name: String) throws -> Photo {
        let bytes = try Data(contentsOf: directory.appendingPathComponent("\(name).jpg"))
        let manifest = try JSONDecoder().decode(
            Manifest.self, from: Data(contentsOf: directory.appendingPathComponent("\(name).json")))
        return Photo(name: name, bytes: [UInt8](bytes), manifest: manifest)
    }

    public static func all() throws -> [Photo] { try names.map(photo) }
}
