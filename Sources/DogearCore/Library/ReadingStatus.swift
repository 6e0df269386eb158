import Foundation

/// The five statuses of a library entry.
public enum ReadingStatus: String, Codable, CaseIterable, Sendable {
    case wantToRead, reading, read, onHold, didNotFinish
}

/// A status as people and other apps spell it, plus whether the spelling meant "wishlist".
public struct ParsedStatus: Equatable, Sendable {
    public let status: ReadingStatus
    public let onWishlist: Bool
}

extension ReadingStatus {
    /// The usual spellings from Goodreads, StoryGraph, LibraryThing and people, folded to compare:
    /// lower case, `-`/`_` as spaces, runs of spaces as one.
    private static let spellings: [String: ParsedStatus] = {
        var map: [String: ParsedStatus] = [:]
        func add(_ status: ReadingStatus, wishlist: Bool = false, _ names: String...) {
            for name in names { map[name] = ParsedStatus(status: status, onWishlist: wishlist) }
        }
        add(.wantToRead, "wanttoread", "to read", "want to read", "tbr", "to be read", "unread", "want")
        add(.reading, "reading", "currently reading", "current", "in progress")
        add(.read, "read", "finished", "completed", "done")
        add(.onHold, "onhold", "on hold", "paused")
        add(.didNotFinish, "didnotfinish", "did not finish", "dnf", "abandoned")
        add(.wantToRead, wishlist: true, "wishlist", "wish list")
        return map
    }()

    /// Parses any usual spelling; nil when it is none of them.
    public static func parse(spelling raw: String) -> ParsedStatus? {
        let folded = raw.lowercased()
            .replacingOccurrences(of: "-", with: " ")
            .replacingOccurrences(of: "_", with: " ")
            .split(separator: " ").joined(separator: " ")
        return spellings[folded]
    }

    /// Parses a status given to the API or a form, with an error naming the field.
    public static func parse(_ raw: String, field: String) throws -> ParsedStatus {
        guard let parsed = parse(spelling: raw) else {
            let allowed = allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError(field: field, "'\(raw)' is not a status; use one of \(allowed)")
        }
        return parsed
    }
}
