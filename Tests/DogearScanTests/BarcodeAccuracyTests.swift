import DogearCore
import DogearTestSupport
import Foundation
import Testing

@testable import DogearScan

@Suite("Barcodes on generated shelves: found, never wrong")
struct BarcodeAccuracyTests {
    @Test("at least 95% of the barcodes 120 px wide or more are found, and no ISBN is wrong")
    func accuracy() async throws {
        let engine = try installedEngine()
        var expected = 0
        var found = 0
        var wrong: [String] = []
        for photo in try ShelfPhotos.all() {
            let bytes = photo.bytes
            let readISBNs = try await offThePool { Set(engine.barcodes(in: try engine.decode(bytes)).map(\.isbn.isbn13)) }
            let barcodes = photo.manifest.books.filter { $0.kind == "barcode" }
            let truth = Set(barcodes.map(\.isbn))
            expected += truth.count
            found += truth.intersection(readISBNs).count
            wrong += readISBNs.subtracting(truth).map { "\(photo.name): \($0)" }
            print(
                "\(photo.name): \(truth.intersection(readISBNs).count)/\(truth.count) found, \(readISBNs.subtracting(truth).count) wrong"
            )
        }
        print("barcodes: \(found)/\(expected) found")
        #expect(wrong.isEmpty, "ISBNs that are on no book: \(wrong)")
        #expect(expected > 40)
        #expect(Double(found) >= 0.95 * Double(expected), "found \(found) of \(expected)")
    }
}
