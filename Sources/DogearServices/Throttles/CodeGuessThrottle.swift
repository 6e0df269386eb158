import DogearCore
import DogearStore
import FluentKit
import Foundation

/// Share and join codes that open nothing, limited per reader and per client address (Core's
/// `ShareCode.missesPerReader`, `missesPerAddress`, counted by `AttemptCounters`: in memory on
/// SQLite, shared by every process on PostgreSQL): past the limit every code look-up of that reader
/// or address answers 429 `tooManyCodeGuesses` with `Retry-After`, found or not, until the lockout
/// ends. A found code clears nothing, so known codes cannot be mixed in to keep guessing.
package final class CodeGuessThrottle: Sendable {
    private let readers = AttemptCounters(scope: "code-reader", policy: ShareCode.missesPerReader)
    private let addresses = AttemptCounters(scope: "code-address", policy: ShareCode.missesPerAddress)

    package func check(reader: UUID, address: String?, now: Double, on db: any Database) async throws {
        let readerWait = try await readers.wait(reader.uuidString, now: now, on: db) ?? 0
        var addressWait = 0.0
        if let address { addressWait = try await addresses.wait(address, now: now, on: db) ?? 0 }
        let wait = max(readerWait, addressWait)
        guard wait > 0 else { return }
        var error = DomainError(
            .tooManyRequests, code: .tooManyCodeGuesses,
            "too many codes that open nothing; try again in \(SignInThrottle.describe(wait))")
        error.retryAfterSeconds = Int(wait.rounded(.up))
        throw error
    }

    package func missed(reader: UUID, address: String?, now: Double, on db: any Database) async throws {
        try await readers.failed(reader.uuidString, now: now, on: db)
        if let address { try await addresses.failed(address, now: now, on: db) }
    }

    package init() {}
}

/// One request's code look-ups: the reader, the client's address and the time, for the throttle,
/// and the request's own database (never a batch's transaction: a miss counts even if it rolls back).
package struct CodeGuesses: Sendable {
    package let throttle: CodeGuessThrottle
    package let reader: UUID
    package let address: String?
    package let now: Double
    package let db: any Database

    /// Runs `lookup` unless this reader or address is locked out, and counts it when the code
    /// opened nothing (`notFound`).
    package func lookUp<T>(_ lookup: () async throws -> T) async throws -> T {
        try await throttle.check(reader: reader, address: address, now: now, on: db)
        do {
            return try await lookup()
        } catch let error as DomainError where error.kind == .notFound {
            try await throttle.missed(reader: reader, address: address, now: now, on: db)
            throw error
        }
    }

    package init(throttle: CodeGuessThrottle, reader: UUID, address: String? = nil, now: Double, db: any Database) {
        self.throttle = throttle
        self.reader = reader
        self.address = address
        self.now = now
        self.db = db
    }
}
