import Foundation
import Testing

@testable import DogearStore

/// The writers' line reports every write's wait and every group's size to `/metrics`. The report
/// must cost the same on the millionth write as on the first.
@Suite("Writes: the line's reports to the metrics")
struct WriteObserverTests {
    @Test("reporting a wait or a group size runs at the same stack depth after thousands of writes as on the first")
    func flatDepth() {
        let observer = WriteObserver()
        let waits = DepthLog()
        let groups = DepthLog()
        observer.set(
            waited: { _ in waits.record() },
            grouped: { _ in groups.record() })
        for _ in 0..<2_000 {
            observer.waited(.milliseconds(3))
            observer.grouped(4)
        }
        // The frames above the callback: those of the report itself. Kept in a generic lock box
        // and read `inout`, the callback came back two thunks deeper on each read (that code gave
        // 58 different depths here, as many as the capped backtrace could tell apart). The depth
        // must stay well under that cap for the comparison to mean anything.
        for (report, log) in [("wait", waits), ("group size", groups)] {
            let seen = log.all
            #expect(seen.count == 2_000)
            #expect(
                Set(seen).count == 1,
                "\(report): stack depths seen \(Set(seen).sorted().prefix(3)) … \(Set(seen).sorted().suffix(3))")
            #expect((seen.max() ?? 0) < 100, "\(report): \(seen.max() ?? 0) frames")
        }
    }

    final class DepthLog: @unchecked Sendable {
        private let lock = NSLock()
        private var depths: [Int] = []

        func record() {
            let depth = Thread.callStackReturnAddresses.count
            lock.lock()
            depths.append(depth)
            lock.unlock()
        }

        var all: [Int] {
            lock.lock()
            defer { lock.unlock() }
            return depths
        }
    }
}
