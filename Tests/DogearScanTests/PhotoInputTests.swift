import DogearCore
import DogearTestSupport
import Foundation
import Testing

@testable import DogearScan

@Suite("Bad photos: a clear error each, nothing decoded that should not be")
struct PhotoInputTests {
    /// A PNG whose header says `width` × `height` and whose pixels are cut off (zeros stand for the
    /// start of its data: Leptonica reads a header from 40 bytes on): enough for the header check,
    /// which must refuse it before decoding anything.
    static func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
        func bigEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        let body: [UInt8] = Array("IHDR".utf8) + bigEndian(width) + bigEndian(height) + [8, 0, 0, 0, 0]
        let crc = crc32(body)
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bigEndian(13) + body + bigEndian(crc)
            + [UInt8](repeating: 0, count: 40)
    }

    /// PNG's chunk checksum (CRC-32, the reflected 0xEDB88320 polynomial).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static let cases: [(String, [UInt8], ScanPhoto.Failure)] = [
        ("not an image", Array("title,author\nPiranesi,Susanna Clarke\n".utf8), .limits(.notAnImage)),
        ("empty", [], .limits(.empty)),
        ("a HEIC photo", [0, 0, 0, 0x18] + Array("ftypheic".utf8) + [UInt8](repeating: 0, count: 20), .limits(.heic)),
        (
            "20,000 × 20,000 pixels", pngHeader(width: 20_000, height: 20_000),
            .limits(.tooManyPixels(width: 20_000, height: 20_000))
        ),
        ("zero pixels wide", pngHeader(width: 0, height: 100), .undecodable),
        ("a JPEG's first bytes only", [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10], .undecodable),
    ]

    @Test("each bad photo is refused with its own reason", arguments: cases.indices)
    func refused(_ index: Int) throws {
        let engine = try installedEngine()
        let (name, bytes, expected) = Self.cases[index]
        #expect(throws: expected, "\(name)") { try engine.decode(bytes) }
        #expect(!expected.message.isEmpty)
    }

    @Test("a JPEG cut short is refused, not read as grey")
    func truncated() throws {
        let engine = try installedEngine()
        let photo = try ShelfPhotos.photo("mixed")
        for fraction in [0.3, 0.6, 0.95] {
            let cut = Array(photo.bytes.prefix(Int(Double(photo.bytes.count) * fraction)))
            #expect(throws: ScanPhoto.Failure.undecodable) { try engine.decode(cut) }
        }
        // The whole photo decodes, at its size.
        let whole = try engine.decode(photo.bytes)
        #expect(whole.width == photo.manifest.width && whole.height == photo.manifest.height)
    }

    @Test("the barcode pass keeps to the scan's time limit: past it, nothing more is read")
    func barcodesKeepToTheDeadline() throws {
        let engine = try installedEngine()
        let photo = try ShelfPhotos.photo("mixed")
        let decoded = try engine.decode(photo.bytes)
        #expect(!engine.barcodes(in: decoded).isEmpty)
        #expect(engine.barcodes(in: decoded, deadline: .now - .seconds(1)).isEmpty)
        let reading = try engine.read(photo.bytes, deadline: .now - .seconds(1))
        #expect(reading.barcodes.isEmpty && reading.spines.isEmpty)
    }

    @Test("an oversized upload is refused by its size before anything else")
    func tooLarge() throws {
        let engine = try installedEngine()
        let bytes = [0xFF, 0xD8, 0xFF] + [UInt8](repeating: 0, count: PhotoLimits.maxBytes)
        #expect(throws: ScanPhoto.Failure.limits(.tooLarge(bytes: PhotoLimits.maxBytes + 3))) { try engine.decode(bytes) }
    }

    @Test("a phone's sideways JPEG is stood upright by its EXIF orientation, and stored without it")
    func exifTurn() throws {
        let engine = try installedEngine()
        let photo = try ShelfPhotos.photo("mixed")
        // The same photo saying "turn me a quarter clockwise" (orientation 6) in an APP1 segment.
        let turned = Self.withOrientation(6, photo.bytes)
        let upright = try engine.decode(turned)
        #expect(upright.width == photo.manifest.height && upright.height == photo.manifest.width)
        #expect(ExifOrientation.read(upright.jpeg) == .upright)
        // Its barcodes are still all read, on the turned photo.
        let isbns = Set(engine.barcodes(in: upright).map(\.isbn.isbn13))
        #expect(isbns == Set(photo.manifest.books.filter { $0.kind == "barcode" }.map(\.isbn)))
    }

    @Test("without the libraries, the engine says what is missing instead of loading")
    func unavailable() {
        var names = ScanEngine.LibraryNames()
        names.zbar = ["libzbar-not-here.so.0"]
        guard case .unavailable(let reason) = ScanEngine.load(names: names) else {
            Issue.record("loaded without ZBar")
            return
        }
        #expect(reason.reason == "libzbar-not-here.so.0 is not installed")
        // Without Tesseract alone, barcodes still read and spines say why not (ZBar and Leptonica
        // are installed wherever these tests run: `installedEngine` fails the suite otherwise).
        names = ScanEngine.LibraryNames()
        names.tesseract = ["libtesseract-not-here.so.5"]
        guard case .available(let engine) = ScanEngine.load(names: names) else {
            Issue.record("without Tesseract the engine did not load for barcodes")
            return
        }
        #expect(engine.spinesUnavailable?.reason == "libtesseract-not-here.so.5 is not installed")
    }

    /// `bytes` (a JPEG) with an EXIF segment carrying `orientation`, right after its start marker.
    static func withOrientation(_ orientation: UInt8, _ bytes: [UInt8]) -> [UInt8] {
        let tiff: [UInt8] =
            Array("MM".utf8) + [0, 42, 0, 0, 0, 8] + [0, 1] + [0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0]
            + [0, 0, 0, 0]
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + bytes.dropFirst(2)
    }
}
