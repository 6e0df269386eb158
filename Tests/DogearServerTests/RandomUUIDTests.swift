import Foundation
import Testing

@testable import DogearServer

/// `UUID.random()` hands out the ids Dogear makes for new rows from a pool of the kernel's random
/// bytes. An id that repeated, or that did not say it is a random UUID, would collide with another
/// row's or read as another kind of UUID to a client that checks.
@Suite("New ids are random version-4 UUIDs, never the same twice")
struct RandomUUIDTests {
    @Test("ten thousand ids across several pool refills: all different, all version 4, RFC 4122 variant")
    func versionAndVariant() {
        // 10,000 ids take 160,000 bytes: the 4 KiB pool is refilled about forty times.
        let ids = (0..<10_000).map { _ in UUID.random() }
        #expect(Set(ids).count == ids.count)
        for id in ids {
            let text = id.uuidString
            #expect(Array(text)[14] == "4", "version nibble of \(text)")
            #expect("89AB".contains(Array(text)[19]), "variant nibble of \(text)")
        }
    }

    @Test("every byte takes many values: the pool is filled, not left zero or repeated")
    func bytesVary() {
        let ids = (0..<2_000).map { _ in UUID.random() }
        for position in [0, 5, 7, 9, 15] {
            let values = Set(ids.map { withUnsafeBytes(of: $0.uuid) { $0[position] } })
            // Uniform bytes over 2,000 draws take nearly all 256 values; a stuck pool takes one.
            #expect(values.count > 200, "byte \(position) took \(values.count) values")
        }
    }

    @Test("ids made on many tasks at once are all different")
    func concurrent() async {
        let ids = await withTaskGroup(of: [UUID].self) { group in
            for _ in 0..<8 { group.addTask { (0..<1_000).map { _ in UUID.random() } } }
            return await group.reduce(into: [UUID]()) { $0 += $1 }
        }
        #expect(ids.count == 8_000)
        #expect(Set(ids).count == 8_000)
    }
}
