#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A C library opened at run time with `dlopen`, and its functions looked up by name.
///
/// Why not link them: a system-library target that links ZBar, Tesseract and Leptonica makes every
/// build need their `-dev` packages and every start need the libraries, so a machine without them
/// could neither build nor serve. Opened here instead, a missing library is a sentence on the
/// scan page ("scanning is unavailable: …") and the rest of Dogear runs (Sources/DogearScan/README.md).
final class SharedLibrary: @unchecked Sendable {
    let name: String
    private let handle: UnsafeMutableRawPointer

    /// Opens the first of `names` that loads (Debian's soname first, then the unversioned link the
    /// `-dev` package adds).
    init(anyOf names: [String]) throws(ScanUnavailable) {
        for candidate in names {
            if let opened = dlopen(candidate, RTLD_NOW | RTLD_LOCAL) {
                name = candidate
                handle = opened
                return
            }
        }
        throw ScanUnavailable(reason: "\(names[0]) is not installed")
    }

    /// The function called `symbol`, as the C type `T` (a `@convention(c)` function type).
    func function<T>(_ symbol: String, as type: T.Type = T.self) throws(ScanUnavailable) -> T {
        guard let address = dlsym(handle, symbol) else {
            throw ScanUnavailable(reason: "\(name) has no \(symbol)")
        }
        return unsafeBitCast(address, to: T.self)
    }

    // Never closed: the functions stay in use for the life of the process.
}

/// Why shelf scanning cannot run on this machine, in words for the operator and the reader.
public struct ScanUnavailable: Error, Sendable, Equatable, CustomStringConvertible {
    public let reason: String

    public init(reason: String) { self.reason = reason }

    public var description: String { reason }
}
