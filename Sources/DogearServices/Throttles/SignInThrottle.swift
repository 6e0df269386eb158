import DogearCore
import DogearStore
import FluentKit

/// Wrong passwords, limited per account (its email) and per client address (Core's `AttemptLimiter`,
/// counted by `AttemptCounters`: in memory on SQLite, shared by every process on PostgreSQL): a
/// locked account is answered 429 `tooManyAttempts` with `Retry-After` before any bcrypt runs, and
/// unlocks by itself after the lockout. A locked address only turns wrong guesses into 429s (many
/// readers may share one), never the right password.
package final class SignInThrottle: Sendable {
    private let accounts: AttemptCounters
    private let addresses: AttemptCounters

    /// `attempts` wrong passwords per account within `lockout` seconds lock it for `lockout`
    /// seconds; an address may fail four times as often (a household or an office shares one).
    package init(attempts: Int, lockout: Double) {
        accounts = AttemptCounters(
            scope: "signin-account", policy: .init(maxFailures: attempts, window: lockout, lockout: lockout))
        addresses = AttemptCounters(
            scope: "signin-address", policy: .init(maxFailures: attempts * 4, window: lockout, lockout: lockout))
    }

    /// Throws 429 when the account or the address must wait.
    package func check(account: String, address: String?, now: Double, on db: any Database) async throws {
        let accountWait = try await accounts.wait(account, now: now, on: db) ?? 0
        let wait = max(accountWait, try await self.wait(address: address, now: now, on: db) ?? 0)
        guard wait > 0 else { return }
        throw Self.tooMany(wait)
    }

    /// Seconds the address must wait, or nil when it is not locked.
    package func wait(address: String?, now: Double, on db: any Database) async throws -> Double? {
        guard let address else { return nil }
        return try await addresses.wait(address, now: now, on: db)
    }

    /// 429 `tooManyAttempts`, with the wait as `Retry-After`.
    package static func tooMany(_ wait: Double) -> DomainError {
        var error = DomainError(
            .tooManyRequests, code: .tooManyAttempts, "too many wrong passwords; try again in \(describe(wait))")
        error.retryAfterSeconds = Int(wait.rounded(.up))
        return error
    }

    package func failed(account: String, address: String?, now: Double, on db: any Database) async throws {
        try await accounts.failed(account, now: now, on: db)
        if let address { try await addresses.failed(address, now: now, on: db) }
    }

    package func succeeded(account: String, on db: any Database) async throws {
        try await accounts.succeeded(account, on: db)
    }

    package static func describe(_ seconds: Double) -> String {
        let minutes = Int((seconds / 60).rounded(.up))
        return minutes <= 1 ? "a minute" : "\(minutes) minutes"
    }
}
