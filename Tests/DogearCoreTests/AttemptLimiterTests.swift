import Testing

@testable import DogearCore

@Suite("Limiting wrong passwords")
struct AttemptLimiterTests {
    let policy = AttemptLimiter.Policy(maxFailures: 3, window: 60, lockout: 300)

    @Test("the third failure within a minute locks for five minutes, which then end by themselves")
    func locksAndUnlocks() {
        var limiter = AttemptLimiter(policy: policy)
        #expect(limiter.wait(for: "ann", now: 0) == nil)
        #expect(limiter.recordFailure("ann", now: 0) == nil)
        #expect(limiter.recordFailure("ann", now: 10) == nil)
        #expect(limiter.recordFailure("ann", now: 20) == 300)
        #expect(limiter.wait(for: "ann", now: 21) == 299)
        #expect(limiter.wait(for: "bob", now: 21) == nil)  // others are not held up
        #expect(limiter.wait(for: "ann", now: 320) == nil)
        #expect(limiter.recordFailure("ann", now: 321) == nil)  // a fresh start after the lockout
    }

    @Test("failures spread wider than the window never lock; a success clears them")
    func windowAndSuccess() {
        var limiter = AttemptLimiter(policy: policy)
        for minute in 0..<10 { #expect(limiter.recordFailure("ann", now: Double(minute) * 61) == nil) }
        limiter.recordFailure("bob", now: 0)
        limiter.recordFailure("bob", now: 1)
        limiter.recordSuccess("bob")
        #expect(limiter.recordFailure("bob", now: 2) == nil)
    }

    @Test("one key's entry, as a shared store keeps it, follows the same rule as the limiter")
    func entryRule() {
        var entry = AttemptLimiter.Entry()
        entry = entry.failed(at: 0, policy: policy)
        entry = entry.failed(at: 10, policy: policy)
        #expect(entry.wait(now: 11) == nil)
        #expect(entry.failures == [0, 10])
        entry = entry.failed(at: 20, policy: policy)
        #expect(entry == AttemptLimiter.Entry(failures: [], lockedUntil: 320))
        #expect(entry.wait(now: 21) == 299)
        // Failures while locked change nothing: the lock is not extended by the flood.
        #expect(entry.failed(at: 30, policy: policy) == entry)
        #expect(entry.wait(now: 320) == nil)
        #expect(entry.isSpent(now: 320, policy: policy))
        #expect(!AttemptLimiter.Entry(failures: [300]).isSpent(now: 320, policy: policy))
        // Old failures fall out of the window.
        #expect(AttemptLimiter.Entry(failures: [0, 10]).failed(at: 100, policy: policy).failures == [100])
    }

    @Test("a flood of made-up keys is forgotten once their failures are old")
    func bounded() {
        var limiter = AttemptLimiter(policy: policy, maxKeys: 100)
        for index in 0..<1_000 { limiter.recordFailure("guess\(index)", now: Double(index)) }
        #expect(limiter.rememberedKeys <= 161)
    }
}

@Suite("How long a session lasts")
struct SessionLifetimeTests {
    let lifetime = SessionLifetime(idle: 100, absolute: 1_000, touchEvery: 10)

    @Test(
        "idle, absolute, and when a use is recorded",
        arguments: [
            (0.0, nil as Double?, 5.0, SessionLifetime.Verdict.alive(touch: false)),
            (0, nil, 10, .alive(touch: true)),
            (0, nil, 99, .alive(touch: true)),
            (0, nil, 100, .ended),
            (0, 950, 999, .alive(touch: true)),
            (0, 995, 1_000, .ended),
            (0, 990, 995, .alive(touch: false)),
        ])
    func verdict(createdAt: Double, lastUsedAt: Double?, now: Double, expected: SessionLifetime.Verdict) {
        #expect(lifetime.verdict(createdAt: createdAt, lastUsedAt: lastUsedAt, now: now) == expected)
    }

    @Test("an app's token records its first use at once; a session waits for the minute")
    func firstUse() {
        var appToken = lifetime
        appToken.recordsFirstUse = true
        #expect(appToken.verdict(createdAt: 0, lastUsedAt: nil, now: 5) == .alive(touch: true))
        #expect(appToken.verdict(createdAt: 0, lastUsedAt: 5, now: 6) == .alive(touch: false))
        #expect(lifetime.verdict(createdAt: 0, lastUsedAt: nil, now: 5) == .alive(touch: false))
    }
}

@Suite("Whose sessions are whose")
struct AccountAccessTests {
    @Test(
        "only the owner sees or ends a session; anyone else finds nothing",
        arguments: [
            (true, true, AccountAccess.Decision.allow), (false, true, .notFound), (true, false, .notFound),
            (false, false, .notFound),
        ])
    func decide(isOwner: Bool, signedIn: Bool, expected: AccountAccess.Decision) {
        #expect(AccountAccess.decide(isOwner: isOwner, signedIn: signedIn) == expected)
    }
}

@Suite("What an app's token may do")
struct TokenScopeTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let scopes: Set<TokenScope>?
        let isRead: Bool
        let managesAccount: Bool
        let expected: TokenScope.Decision
        var testDescription: String {
            "\(scopes.map { $0.map(\.rawValue).sorted() } ?? ["session"]) read:\(isRead) account:\(managesAccount)"
        }
    }

    @Test(
        "sessions do everything; read tokens read; write tokens change; no app token manages the account",
        arguments: [
            Case(scopes: nil, isRead: false, managesAccount: true, expected: .allow),
            Case(scopes: [.read], isRead: true, managesAccount: false, expected: .allow),
            Case(scopes: [.read], isRead: false, managesAccount: false, expected: .insufficientScope),
            Case(scopes: [.read, .write], isRead: false, managesAccount: false, expected: .allow),
            Case(scopes: [.read, .write], isRead: true, managesAccount: false, expected: .allow),
            Case(scopes: [.read, .write], isRead: false, managesAccount: true, expected: .insufficientScope),
            Case(scopes: [.read, .write], isRead: true, managesAccount: true, expected: .insufficientScope),
            Case(scopes: [], isRead: true, managesAccount: false, expected: .insufficientScope),
        ])
    func decide(_ cell: Case) {
        #expect(TokenScope.decide(scopes: cell.scopes, isRead: cell.isRead, managesAccount: cell.managesAccount) == cell.expected)
    }

    @Test("parsing scopes")
    func parse() throws {
        #expect(try TokenScope.parse(["write"]) == [.read, .write])
        #expect(try TokenScope.parse(["READ"]) == [.read])
        #expect(throws: ValidationError.self) { try TokenScope.parse([]) }
        #expect(throws: ValidationError.self) { try TokenScope.parse(["admin"]) }
    }
}
