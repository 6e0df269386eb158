import Foundation

/// `If-Match` as an app sends it: the version it last saw of the object it writes.
/// Versions are written as strong entity tags, `"12"`; a bare `12` and a weak `W/"12"` are taken
/// too, since apps copy the `version` field. `*` matches any version of an object that exists.
public enum IfMatch: Equatable, Sendable {
    case any
    case versions([Int64])

    public static func parse(_ header: String) throws -> IfMatch {
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        if trimmed == "*" { return .any }
        var versions: [Int64] = []
        for part in trimmed.split(separator: ",") {
            var tag = part.trimmingCharacters(in: .whitespaces)
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            if tag.count >= 2, tag.hasPrefix("\""), tag.hasSuffix("\"") { tag = String(tag.dropFirst().dropLast()) }
            guard let version = Int64(tag), version >= 0 else {
                throw ValidationError(field: "If-Match", "must be the object's version as its ETag gives it, like \"12\"")
            }
            versions.append(version)
        }
        guard !versions.isEmpty else { throw ValidationError(field: "If-Match", "is empty") }
        return .versions(versions)
    }

    public func matches(_ current: Int64?) -> Bool {
        switch self {
        case .any: return current != nil
        case .versions(let versions): return current.map(versions.contains) ?? false
        }
    }

    /// The entity tag a response carries for an object at `version`.
    public static func etag(_ version: Int64) -> String { "\"\(version)\"" }
}

/// What to do with a write that carries an `Idempotency-Key`, given what is stored
/// under that key for the reader.
public enum IdempotentReplay: Equatable, Sendable {
    /// Nothing usable is stored: apply the request and store its answer.
    case apply
    /// The same request was answered: send that answer again, applying nothing.
    case replay
    /// The key was used for another request: 422.
    case keyReused
    /// The same request is still being applied (a retry raced the first try): wait for it.
    case inProgress

    public static let keptFor: TimeInterval = 24 * 3600
    /// A claim with no answer this long after it was made belongs to a request that died with its
    /// process (its transaction rolled back), so the key may be used again.
    public static let abandonedAfter: TimeInterval = 120

    public struct Stored: Equatable, Sendable {
        public let requestHash: String
        public let createdAt: Date
        public let answered: Bool

        public init(requestHash: String, createdAt: Date, answered: Bool) {
            self.requestHash = requestHash
            self.createdAt = createdAt
            self.answered = answered
        }
    }

    public static func decide(stored: Stored?, requestHash: String, now: Date) -> IdempotentReplay {
        guard let stored, now.timeIntervalSince(stored.createdAt) < keptFor else { return .apply }
        guard stored.requestHash == requestHash else { return .keyReused }
        if stored.answered { return .replay }
        return now.timeIntervalSince(stored.createdAt) < abandonedAfter ? .inProgress : .apply
    }

    /// Keys are the client's: printable ASCII, 1–255 characters (Stripe's and the IETF draft's limits).
    public static func validKey(_ key: String) throws -> String {
        guard (1...255).contains(key.count), key.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) }) else {
            throw ValidationError(field: "Idempotency-Key", "must be 1 to 255 printable characters without spaces")
        }
        return key
    }
}
