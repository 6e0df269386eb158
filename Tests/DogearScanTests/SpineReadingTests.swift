import DogearCore
import DogearTestSupport
import Foundation
import Testing

@testable import DogearScan

@Suite("Spines on generated shelves: read in both rotations, each where it stands")
struct SpineReadingTests {
    @Test("most spines are read over their own book, with their title's words, upright or sideways")
    func spines() async throws {
        let engine = try installedEngine()
        var spines = 0
        var read = 0
        for photo in try ShelfPhotos.all() {
            let bytes = photo.bytes
            let readings = try await offThePool {
                let decoded = try engine.decode(bytes)
                let barcodes = engine.barcodes(in: decoded).map(\.box)
                return engine.spines(in: decoded, apartFrom: barcodes, deadline: .now + .seconds(60))
            }
            for book in photo.manifest.books where book.kind == "spine" {
                spines += 1
                let box = ScanBox(x: book.box[0], y: book.box[1], width: book.box[2], height: book.box[3])
                // A reading stands over the book when at least half of it lies on the book.
                let over = readings.filter { 2 * $0.box.overlapArea(box) >= $0.box.area }
                let words = Set(book.title.lowercased().split(separator: " ").map(String.init).filter { $0.count > 3 })
                let query = over.compactMap { SpineText.query(from: $0.text) }.joined(separator: " ")
                if !words.isDisjoint(with: query.split(separator: " ").map(String.init)) { read += 1 }
                print("\(photo.name) \(book.title): \(over.map(\.text))")
            }
        }
        print("spines: \(read)/\(spines) read")
        #expect(spines >= 20)
        #expect(Double(read) >= 0.6 * Double(spines), "read \(read) of \(spines)")
    }
}

extension ScanBox {
    func overlapArea(_ other: ScanBox) -> Int {
        let width = min(x + self.width, other.x + other.width) - max(x, other.x)
        let height = min(y + self.height, other.y + other.height) - max(y, other.y)
        return max(0, width) * max(0, height)
    }
}
