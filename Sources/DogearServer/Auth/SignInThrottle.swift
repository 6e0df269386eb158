import DogearCore
import NIOConcurrencyHelpers
import Vapor

/// Wrong passwords, limited per account (its email) and per client address (Core's `AttemptLimiter`):
/// a locked key is answered 429 `tooManyAttempts` with `Retry-After` before any bcrypt runs, and
/// unlocks by itself after the lockout. In memory, per process: several processes behind one
/// database each keep their own count (so the limit is per process there).
final class SignInThrottle: Sendable {
    private let accounts: NIOLockedValueBox<AttemptLimiter>
    private let addresses: NIOLockedValueBox<AttemptLimiter>

    /// `attempts` wrong passwords per account within `lockout` seconds lock it for `lockout`
    /// seconds; an address may fail four times as often (a household or an office shares one).
    init(attempts: Int, lockout: Double) {
        accounts = NIOLockedValueBox(AttemptLimiter(policy: .init(maxFailures: attempts, window: lockout, lockout: lockout)))
        addresses = NIOLockedValueBox(
            AttemptLimiter(policy: .init(maxFailures: attempts * 4, window: lockout, lockout: lockout)))
    }

    /// Throws 429 when the account or the address must wait.
    func check(account: String, address: String?, now: Double) throws {
        let wait = max(
            accounts.withLockedValue { $0.wait(for: account, now: now) } ?? 0, self.wait(address: address, now: now) ?? 0)
        guard wait > 0 else { return }
        throw Self.tooMany(wait)
    }

    /// Seconds the address must wait, or nil when it is not locked.
    func wait(address: String?, now: Double) -> Double? {
        address.flatMap { key in addresses.withLockedValue { $0.wait(for: key, now: now) } }
    }

    /// 429 `tooManyAttempts`, with the wait as `Retry-After`.
    static func tooMany(_ wait: Double) -> DomainError {
        var error = DomainError(
            .tooManyRequests, code: "tooManyAttempts", "too many wrong passwords; try again in \(describe(wait))")
        error.retryAfterSeconds = Int(wait.rounded(.up))
        return error
    }

    func failed(account: String, address: String?, now: Double) {
        accounts.withLockedValue { _ = $0.recordFailure(account, now: now) }
        if let address { addresses.withLockedValue { _ = $0.recordFailure(address, now: now) } }
    }

    func succeeded(account: String) {
        accounts.withLockedValue { $0.recordSuccess(account) }
    }

    static func describe(_ seconds: Double) -> String {
        let minutes = Int((seconds / 60).rounded(.up))
        return minutes <= 1 ? "a minute" : "\(minutes) minutes"
    }
}

extension Application {
    private struct SignInThrottleKey: StorageKey {
        typealias Value = SignInThrottle
    }

    var signInThrottle: SignInThrottle {
        get {
            guard let throttle = storage[SignInThrottleKey.self] else { fatalError("configure() sets the sign-in throttle") }
            return throttle
        }
        set { storage[SignInThrottleKey.self] = newValue }
    }
}
