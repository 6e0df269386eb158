import DogearServices
import DogearStore
import NIOConcurrencyHelpers
import NIOPosix
import Vapor

/// bcrypt on a small pool of its own, with a bounded queue. bcrypt at cost 12 takes a quarter of a
/// second of CPU; on the application's thread pool (one thread per core, where SQLite's queries run
/// too) a few sign-ins a second queued ahead of every database call and stalled the site. Here at
/// most `threads` hashes run at once and at most `maxWaiting` wait; one more is refused at once with
/// 429 `busy` and `Retry-After: 1`, rather than queue without end.
package final class PasswordHasher: PasswordHashing {
    package let cost: Int
    package let maxWaiting: Int
    private let pool: NIOThreadPool
    private let admitted = NIOLockedValueBox(0)
    private let done = NIOLockedValueBox(0)

    /// Hashes and checks run so far (tests use it to see that two paths do the same work).
    package var workDone: Int { done.withLockedValue { $0 } }
    private let threads: Int

    package init(cost: Int, threads: Int, maxWaiting: Int) {
        self.cost = cost
        self.threads = threads
        self.maxWaiting = maxWaiting
        pool = NIOThreadPool(numberOfThreads: threads)
        pool.start()
    }

    package func hash(_ password: String) async throws -> String {
        try await run { [cost] in try Bcrypt.hash(password, cost: cost) }
    }

    package func verify(_ password: String, against hash: String) async throws -> Bool {
        try await run { try Bcrypt.verify(password, created: hash) }
    }

    package func shutdown() async {
        try? await pool.shutdownGracefully()
    }

    private func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        let limit = threads + maxWaiting
        let entered = admitted.withLockedValue { count -> Bool in
            guard count < limit else { return false }
            count += 1
            return true
        }
        guard entered else {
            var error = DomainError(.tooManyRequests, code: .busy, "too many sign-ins at once; try again in a moment")
            error.retryAfterSeconds = 1
            throw error
        }
        defer { admitted.withLockedValue { $0 -= 1 } }
        let result = try await pool.runIfActive(work)
        done.withLockedValue { $0 += 1 }
        return result
    }
}

extension Application {
    private struct PasswordHasherKey: StorageKey {
        package typealias Value = PasswordHasher
    }

    /// Set up by `configure` from the configuration (cost, threads, queue).
    package var passwordHasher: PasswordHasher {
        guard let hasher = storage[PasswordHasherKey.self] else { fatalError("configure() sets the password hasher") }
        return hasher
    }

    /// The pool's threads end with the application.
    package func use(_ hasher: PasswordHasher) async {
        await storage.setWithAsyncShutdown(PasswordHasherKey.self, to: hasher) { await $0.shutdown() }
    }
}
