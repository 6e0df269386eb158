import DogearScan
import Foundation
import Testing

/// The engine on this machine. Without ZBar, Tesseract and Leptonica the scan tests fail, saying
/// what to install: a check that cannot run is not a check that passed.
func installedEngine() throws -> ScanEngine {
    switch ScanEngine.load() {
    case .available(let engine):
        if let missing = engine.spinesUnavailable {
            throw ScanLibrariesMissing(reason: missing.reason)
        }
        return engine
    case .unavailable(let reason):
        throw ScanLibrariesMissing(reason: reason.reason)
    }
}

struct ScanLibrariesMissing: Error, CustomStringConvertible {
    let reason: String
    var description: String {
        "shelf scanning cannot run here (\(reason)): apt-get install libzbar0 libtesseract5 liblept5 tesseract-ocr-eng"
    }
}

/// Runs a scan's work on a thread of its own, at most two at once. A scan is seconds of C code;
/// run straight from a test function it holds a thread of Swift's cooperative pool (two, on two
/// cores) the whole time, and every other test in the process waits for a thread: in CI the source
/// clients' 30-second deadlines ran out with their stub's answers sitting unread. (The server runs
/// scans on a pool of its own, `ScanWorker`, for the same reason.)
func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            scanSlots.wait()
            defer { scanSlots.signal() }
            continuation.resume(with: Result { try work() })
        }
        // Tesseract and Leptonica recurse deeper than a pool thread's stack allows for.
        thread.stackSize = 16 << 20
        thread.start()
    }
}

private let scanSlots = DispatchSemaphore(value: 2)
