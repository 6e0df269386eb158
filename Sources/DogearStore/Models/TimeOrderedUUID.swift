import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension UUID {
    /// A new id for a row: RFC 9562's version 7, the time in milliseconds in its first 48 bits and
    /// 74 random bits after, from a pool of the kernel's randomness.
    ///
    /// Why time first: an id is the key of its table's primary index and of every index that points
    /// at the row (an entry's tags and notes, its sync change). Random (version 4) keys land all over
    /// those B-trees, so each import batch dirtied pages across every index and its commit wrote
    /// them all. Ids made one after another sit side by side, so a batch touches few pages
    /// (`dogear bench import` shows the difference).
    ///
    /// Why not `UUID()`: on Linux, Foundation opens, reads and closes `/dev/urandom` for every one,
    /// three system calls; an import makes about nine ids a row. The pool asks for 4 KiB at a time.
    ///
    /// What an id now tells: the moment its row was made, which Dogear shows anyway (a book's date
    /// added, a comment's time). 74 random bits still make it unguessable, and who may see a
    /// resource is decided by its access rule, never by its id being secret.
    package static func timeOrdered() -> UUID {
        let millis = UInt64(max(0, Date().timeIntervalSince1970 * 1_000))
        return RandomUUIDPool.shared.withLock { $0.next(millis: millis) }
    }
}

/// Random bytes from the kernel, handed out 16 at a time: the time, version and variant written
/// over the first of them.
package struct RandomUUIDPool: ~Copyable {
    package static let shared = Mutex(RandomUUIDPool())

    private var bytes = [UInt8](repeating: 0, count: 4_096)
    private var used = 4_096

    package mutating func next(millis: UInt64) -> UUID {
        if used + 16 > bytes.count {
            Self.fill(&bytes)
            used = 0
        }
        var id: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &id) { target in
            bytes.withUnsafeBytes { source in
                target.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[used..<(used + 16)]))
            }
            for index in 0..<6 { target[index] = UInt8(truncatingIfNeeded: millis >> (40 - 8 * index)) }
            target[6] = (target[6] & 0x0F) | 0x70  // version 7
            target[8] = (target[8] & 0x3F) | 0x80  // RFC 9562 variant
        }
        used += 16
        return UUID(uuid: id)
    }

    /// `arc4random_buf`: glibc's (2.36 and later) reads `getrandom`, Darwin's its own generator;
    /// neither can fail.
    private static func fill(_ buffer: inout [UInt8]) {
        buffer.withUnsafeMutableBytes { arc4random_buf($0.baseAddress!, $0.count) }
    }
}
