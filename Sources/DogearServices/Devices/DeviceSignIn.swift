import DogearCore
import DogearStore
import FluentKit
import Foundation

/// KOReader's sign-in: the `x-auth-user` and `x-auth-key` headers of every `/kosync` request,
/// limited as a password sign-in is (`SignInThrottle`, counted per username and per address), so a
/// key cannot be guessed faster than a password.
package struct DeviceSignIn {
    package let db: any Database
    package let throttle: SignInThrottle
    package let now: Date

    /// The login behind the headers, or nil for a wrong or missing one (after counting it).
    /// Throws 429 `tooManyAttempts` while the username or the address must wait.
    package func login(username: String?, key: String?, address: String?) async throws -> DeviceLogin? {
        guard let username, !username.isEmpty, username.utf8.count <= 200, let key, !key.isEmpty, key.utf8.count <= 200
        else { return nil }
        // Counted per username from this address, and per address: a guesser elsewhere cannot lock
        // the reader's own device out (the key is a generated password, ~115 bits: the limit is there
        // to make a loop of guesses cost, not because a few guesses could find it).
        let account = "device:" + username + "@" + (address ?? "")
        let seconds = now.timeIntervalSince1970
        // As a password sign-in: a locked username is refused before anything is compared; a locked
        // address only turns wrong keys into 429s (a household's devices may share it with a guesser).
        try await throttle.check(account: account, address: nil, now: seconds, on: db)
        let addressWait = try await throttle.wait(address: address, now: seconds, on: db)
        let hash = TokenHashing.hash(key.lowercased())
        guard let login = try await DeviceLogin.query(on: db).filter(\.$username == username).first(),
            login.keyHash == hash
        else {
            try await throttle.failed(account: account, address: address, now: seconds, on: db)
            if let addressWait { throw SignInThrottle.tooMany(addressWait) }
            return nil
        }
        try await throttle.succeeded(account: account, on: db)
        if login.lastUsedAt.map({ now.timeIntervalSince($0) >= 60 }) ?? true {
            login.lastUsedAt = now
            try await db.writeTransaction { db in try await login.save(on: db) }
        }
        return login
    }

    package init(db: any Database, throttle: SignInThrottle, now: Date) {
        self.db = db
        self.throttle = throttle
        self.now = now
    }
}
