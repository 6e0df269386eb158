import DogearCore
import NIOConcurrencyHelpers
import Vapor

/// Share and join codes that open nothing, limited per reader and per client address (Core's
/// `ShareCode.missesPerReader`, `missesPerAddress`): past the limit every code look-up of that reader
/// or address answers 429 `tooManyCodeGuesses` with `Retry-After`, found or not, until the lockout
/// ends. A found code clears nothing, so known codes cannot be mixed in to keep guessing. In memory,
/// per process, like `SignInThrottle`.
final class CodeGuessThrottle: Sendable {
    private let readers = NIOLockedValueBox(AttemptLimiter(policy: ShareCode.missesPerReader))
    private let addresses = NIOLockedValueBox(AttemptLimiter(policy: ShareCode.missesPerAddress))

    func check(reader: UUID, address: String?, now: Double) throws {
        let wait = max(
            readers.withLockedValue { $0.wait(for: reader.uuidString, now: now) } ?? 0,
            address.flatMap { key in addresses.withLockedValue { $0.wait(for: key, now: now) } } ?? 0)
        guard wait > 0 else { return }
        var error = DomainError(
            .tooManyRequests, code: "tooManyCodeGuesses",
            "too many codes that open nothing; try again in \(SignInThrottle.describe(wait))")
        error.retryAfterSeconds = Int(wait.rounded(.up))
        throw error
    }

    func missed(reader: UUID, address: String?, now: Double) {
        readers.withLockedValue { _ = $0.recordFailure(reader.uuidString, now: now) }
        if let address { addresses.withLockedValue { _ = $0.recordFailure(address, now: now) } }
    }
}

/// One request's code look-ups: the reader, the client's address and the time, for the throttle.
struct CodeGuesses: Sendable {
    let throttle: CodeGuessThrottle
    let reader: UUID
    let address: String?
    let now: Double

    /// Runs `lookup` unless this reader or address is locked out, and counts it when the code
    /// opened nothing (`notFound`).
    func lookUp<T>(_ lookup: () async throws -> T) async throws -> T {
        try throttle.check(reader: reader, address: address, now: now)
        do {
            return try await lookup()
        } catch let error as DomainError where error.kind == .notFound {
            throttle.missed(reader: reader, address: address, now: now)
            throw error
        }
    }
}

extension Application {
    private struct CodeGuessThrottleKey: StorageKey { typealias Value = CodeGuessThrottle }

    var codeGuessThrottle: CodeGuessThrottle {
        get {
            guard let throttle = storage[CodeGuessThrottleKey.self] else { fatalError("configure() sets the code throttle") }
            return throttle
        }
        set { storage[CodeGuessThrottleKey.self] = newValue }
    }
}

extension Request {
    func codeGuesses() throws -> CodeGuesses {
        CodeGuesses(
            throttle: application.codeGuessThrottle, reader: try currentUserID(), address: clientAddress,
            now: application.clock.now().timeIntervalSince1970)
    }
}
