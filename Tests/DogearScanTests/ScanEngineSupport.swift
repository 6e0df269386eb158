import DogearScan
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
