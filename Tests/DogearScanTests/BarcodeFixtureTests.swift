import DogearCore
import DogearTestSupport
import Foundation
import Testing

@testable import DogearScan

/// The scan proposes every ISBN plain ZBar reads (ZBar once over the whole photo, untouched), the
/// ones its own passes add, and never one that is not in the photo: on drawn shelves at every bar
/// width from 1 to 10 px and on real phone photos.
@Suite("Barcodes: never fewer than plain ZBar, never wrong")
struct BarcodeFixtureTests {
    /// What the scan proposes and what plain ZBar reads, as ISBN-13s.
    static func read(_ bytes: [UInt8], _ engine: ScanEngine) async throws -> (scan: Set<String>, zbar: Set<String>) {
        try await offThePool {
            let photo = try engine.decode(bytes)
            return (
                Set(engine.barcodes(in: photo).map(\.isbn.isbn13)),
                Set(engine.wholePhotoBarcodes(photo).compactMap { BarcodeReading.isbn(fromEAN13: $0)?.isbn13 })
            )
        }
    }

    @Test("a drawn shelf with bars of 1 to 10 px: every barcode on it proposed, nothing else", arguments: ShelfPhotos.barsNames)
    func drawn(_ name: String) async throws {
        let engine = try installedEngine()
        let photo = try ShelfPhotos.photo(name)
        let truth = Set(photo.manifest.books.filter { $0.kind == "barcode" }.map(\.isbn))
        let (scan, zbar) = try await Self.read(photo.bytes, engine)
        #expect(zbar.intersection(truth).isSubset(of: scan), "plain ZBar read \(zbar.intersection(truth).subtracting(scan))")
        #expect(scan == truth, "\(name): proposed \(scan.sorted()), on the shelf \(truth.sorted())")
    }

    @Test("a phone photo of a book's barcode: what plain ZBar reads is proposed, nothing wrong", arguments: RealBarcodePhotos.all)
    func real(_ photo: RealBarcodePhotos.Photo) async throws {
        let engine = try installedEngine()
        let (scan, zbar) = try await Self.read(try RealBarcodePhotos.bytes(photo), engine)
        #expect(zbar.intersection([photo.isbn]).isSubset(of: scan), "\(photo.file): plain ZBar read it, the scan did not")
        #expect(scan.isSubset(of: [photo.isbn]), "\(photo.file): proposed \(scan.sorted())")
    }

    @Test("the real photos are all there, and the scan reads more of them than plain ZBar")
    func realPhotosTogether() async throws {
        let engine = try installedEngine()
        #expect(RealBarcodePhotos.all.count == 47)
        var (scanned, plain) = (0, 0)
        for photo in RealBarcodePhotos.all {
            let (scan, zbar) = try await Self.read(try RealBarcodePhotos.bytes(photo), engine)
            scanned += scan.contains(photo.isbn) ? 1 : 0
            plain += zbar.contains(photo.isbn) ? 1 : 0
        }
        print("real photos: the scan proposed \(scanned) of \(RealBarcodePhotos.all.count), plain ZBar read \(plain)")
        #expect(scanned > plain)
    }

    @Test("the drawn barcode's 95 modules are the ones python-barcode (which draws the shelves) gives")
    func drawnModules() {
        // `EAN13("978014103614").build()[0]` from python-barcode 0.16.1.
        let expected = "10101110110001001010011100110010011101001100101010111001010000101010000110011010111001011100101"
        #expect(DrawnBarcode.modules("9780141036144").map { $0 ? "1" : "0" }.joined() == expected)
    }

    /// Bar widths from 1.5 to 10 px; at each, the barcode at every offset against the finder's
    /// 8-pixel cells and in three places in the photo.
    static let modules: [Double] = [1.5, 2, 2.5, 3, 4, 5, 6, 7, 8, 9, 10]

    @Test("a lone barcode is found at every position, whatever the width of its bars", arguments: modules)
    func lone(_ module: Double) async throws {
        let engine = try installedEngine()
        let code = "9780141036144"
        let width = Int(150 * module) + 40
        let height = Int(100 * module) + 40
        var missed: [String] = []
        var places: [(Double, Double)] = (0..<8).map { (15 * module + Double($0), 15 * module + Double($0) * 0.5) }
        places += [(12 * module + 3, 6 * module + 2), (Double(width) - 108 * module - 2, Double(height) - 77 * module - 3)]
        for (x, y) in places {
            let pgm = DrawnBarcode.photo(code, module: module, x: x, y: y, width: width, height: height)
            let jpeg = try #require(DrawnBarcode.jpeg(pgm, engine: engine))
            let (scan, _) = try await Self.read(jpeg, engine)
            if scan != [code] { missed.append("at (\(x), \(y)): \(scan.sorted())") }
        }
        #expect(missed.isEmpty, "bars of \(module) px: \(missed)")
    }

    @Test(
        "a read spanning two barcodes side by side shows their quiet zones and is judged joined; one barcode is one",
        arguments: [1.5, 3.0, 6.0, 10.0])
    func joinedReadsShowTheirGap(_ module: Double) {
        let (a, b) = ("9780141036144", "9780261102217")
        let xA = 20 * module
        // Two books side by side: each barcode's quiet zones (11 and 7 modules) on its own label,
        // and a little shelf between the labels.
        let xB = xA + 95 * module + 30 * module
        let width = Int(xB + 120 * module)
        let height = Int(90 * module)
        let y = 10 * module
        let grey = DrawnBarcode.pixels([(a, xA), (b, xB)], module: module, y: y, width: width, height: height)
        let one = ScanBox(x: Int(xA), y: Int(y), width: Int(95 * module), height: Int(70 * module))
        let joined = ScanBox(x: Int(xA), y: Int(y), width: Int(xB + 95 * module - xA), height: Int(70 * module))
        #expect(BarcodeSpan.isOneBarcode(one, across: 0, grey: grey, width: width, height: height))
        #expect(BarcodeSpan.judge(joined, across: 0, grey: grey, width: width, height: height) == .joined)
        // A box ZBar drew from one scan line, a pixel wide, shows nothing either way.
        let sliver = ScanBox(x: Int(xB + 94 * module), y: Int(y), width: 1, height: 1)
        #expect(BarcodeSpan.judge(sliver, across: 0, grey: grey, width: width, height: height) == .unmeasured)
    }

    /// A region of striped cells (8 px) from `left` to `right` across upright bars 300 px long.
    static func region(_ left: Double, _ right: Double) -> BarcodeRegion {
        var region = BarcodeRegion(
            box: ScanBox(x: Int(left), y: 100, width: Int(right - left), height: 300), across: 0,
            stripedArea: Int((right - left) * 300), barLength: 300,
            core: ScanBox(x: Int(left), y: 100, width: Int(right - left), height: 300))
        region.centres = stride(from: left + 4, to: right, by: 8).flatMap { x in
            stride(from: 104.0, to: 400, by: 8).map { (x: x, y: $0) }
        }
        return region
    }

    @Test("pieces a wide bar cut apart are read together; two barcodes side by side are not")
    func piecesOfOneBarcode() {
        // Bars of 5 px: a wide bar (20 px) between two pieces; two barcodes' quiet zones (90 px).
        let left = Self.region(100, 300)
        let piece = Self.region(320, 575)
        let neighbour = Self.region(665, 1140)
        #expect(BarcodeRegions.arePieces(left, piece, cell: 8))
        #expect(!BarcodeRegions.arePieces(piece, neighbour, cell: 8))
        #expect(BarcodeRegions.pieces([left, piece, neighbour], among: [0, 1, 2], cell: 8) == [[0, 1]])
    }
}
