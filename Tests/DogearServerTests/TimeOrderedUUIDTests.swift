import Foundation
import Testing

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// `UUID.timeOrdered()` makes the ids of new rows: RFC 9562 version 7, the time first and the rest
/// from a pool of the kernel's random bytes. An id that repeated would collide with another row's;
/// one that did not say its version would read as another kind to a client that checks; ids out of
/// time order would scatter an import's writes over every index again.
@Suite("New ids: version-7 UUIDs, in the order they were made, never the same twice")
struct TimeOrderedUUIDTests {
    /// The milliseconds since 1970 in an id's first 48 bits.
    static func millis(_ id: UUID) -> UInt64 {
        withUnsafeBytes(of: id.uuid) { bytes in (0..<6).reduce(UInt64(0)) { $0 << 8 | UInt64(bytes[$1]) } }
    }

    @Test("ten thousand ids across several pool refills: all different, version 7, RFC 9562 variant, made now")
    func versionVariantAndTime() {
        let before = UInt64(Date().timeIntervalSince1970 * 1_000)
        // 10,000 ids take 160,000 bytes: the 4 KiB pool is refilled about forty times.
        let ids = (0..<10_000).map { _ in UUID.timeOrdered() }
        let after = UInt64(Date().timeIntervalSince1970 * 1_000)
        #expect(Set(ids).count == ids.count)
        for id in ids {
            let text = id.uuidString
            #expect(Array(text)[14] == "7", "version nibble of \(text)")
            #expect("89AB".contains(Array(text)[19]), "variant nibble of \(text)")
            #expect((before...after).contains(Self.millis(id)), "time of \(text)")
        }
    }

    @Test("an id made a millisecond later sorts after, as text (SQLite) and as bytes (PostgreSQL)")
    func ordered() async throws {
        var ids: [UUID] = []
        for _ in 0..<5 {
            ids.append(UUID.timeOrdered())
            try await Task.sleep(for: .milliseconds(2))
        }
        #expect(ids.map(\.uuidString) == ids.map(\.uuidString).sorted())
        #expect(ids.map(Self.millis) == ids.map(Self.millis).sorted())
        #expect(Set(ids.map(Self.millis)).count == ids.count)
    }

    @Test("the random part takes many values: the pool is filled, not left zero or repeated")
    func randomPartVaries() {
        let ids = (0..<2_000).map { _ in UUID.timeOrdered() }
        // Byte 7 and bytes 9–15 are random whole (6 and 8 carry the version and variant).
        for position in [7, 9, 12, 15] {
            let values = Set(ids.map { withUnsafeBytes(of: $0.uuid) { $0[position] } })
            // Uniform bytes over 2,000 draws take nearly all 256 values; a stuck pool takes one.
            #expect(values.count > 200, "byte \(position) took \(values.count) values")
        }
    }

    @Test("ids made on many tasks at once are all different")
    func concurrent() async {
        let ids = await withTaskGroup(of: [UUID].self) { group in
            for _ in 0..<8 { group.addTask { (0..<1_000).map { _ in UUID.timeOrdered() } } }
            return await group.reduce(into: [UUID]()) { $0 += $1 }
        }
        #expect(ids.count == 8_000)
        #expect(Set(ids).count == 8_000)
    }
}
