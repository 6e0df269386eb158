import Foundation

/// The short code a list (and later a club) is passed on with: six characters a person can read
/// aloud or type on a phone, from an alphabet without the look-alikes I, O, 0 and 1. Codes are
/// unique across lists and clubs; the database's unique index decides, and a collision is retried
/// with a new code.
public struct ShareCode: Hashable, Sendable, CustomStringConvertible {
    public static let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
    public static let length = 6

    public let value: String
    public var description: String { value }

    /// A new random code. The default generator is the system's cryptographic one, so codes cannot
    /// be guessed from the ones seen before; tests pass a seeded one.
    public static func random<G: RandomNumberGenerator>(using generator: inout G) -> ShareCode {
        var characters: [Character] = []
        characters.reserveCapacity(length)
        for _ in 0..<length {
            characters.append(alphabet[Int(generator.next(upperBound: UInt64(alphabet.count)))])
        }
        return ShareCode(checked: String(characters))
    }

    public static func random() -> ShareCode {
        var system = SystemRandomNumberGenerator()
        return random(using: &system)
    }

    /// A code as a person typed it: any case, spaces around it ignored. Nil when it cannot be a
    /// code (wrong length, a character outside the alphabet), so a lookup of it finds nothing.
    public init?(typed: String) {
        let text = typed.trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
        guard text.count == Self.length, text.allSatisfy({ Self.alphabet.contains($0) }) else { return nil }
        self.init(checked: text)
    }

    private init(checked: String) {
        value = checked
    }
}

/// Saving something with a new share code, safely when two saves race: the unique index in the
/// database is the judge; when the save fails because the code was taken (`isCollision`), it is
/// tried again with another code, at most `attempts` times (32^6 ≈ 10^9 codes make a second try rare).
public enum ShareCodes {
    public struct Exhausted: Error, Sendable, CustomStringConvertible {
        public let attempts: Int
        public var description: String { "no free share code after \(attempts) tries" }
    }

    public static func withUniqueCode<T, G: RandomNumberGenerator>(
        attempts: Int = 8, using generator: inout G, isCollision: (any Error) -> Bool,
        save: (ShareCode) async throws -> T
    ) async throws -> T {
        for _ in 0..<attempts {
            do {
                return try await save(ShareCode.random(using: &generator))
            } catch  where isCollision(error) {
                continue
            }
        }
        throw Exhausted(attempts: attempts)
    }
}

extension ShareCode {
    /// Codes that open nothing, asked for by one reader: 20 in a quarter of an hour lock their code
    /// look-ups for a quarter of an hour. A code has about 10⁹ values and a few thousand are held,
    /// so a guesser at this pace finds one in centuries; a reader mistyping one code never gets here.
    public static let missesPerReader = AttemptLimiter.Policy(maxFailures: 20, window: 900, lockout: 900)
    /// The same from one address, which many readers may share (a school, a proxy).
    public static let missesPerAddress = AttemptLimiter.Policy(maxFailures: 100, window: 900, lockout: 900)
}
