import DogearCore
import Foundation

/// A book as an online source describes it, mapped to Core's draft shape so it can be validated and
/// saved like any other book.
public struct FoundBook: Sendable, Equatable {
    public var draft: BookDraft
    public var source: CatalogSource
    /// The source's own readers' rating, when it gives one (the discover deck ranks by it).
    public var rating: SourceRating?

    public init(draft: BookDraft, source: CatalogSource, rating: SourceRating? = nil) {
        self.draft = draft
        self.source = source
        self.rating = rating
    }
}

/// An average of stars and how many ratings it is of, as Open Library or Google Books gives it.
public struct SourceRating: Sendable, Equatable {
    public var average: Double
    public var count: Int

    public init?(average: Double?, count: Int?) {
        guard let average, let count, count > 0, (0...5).contains(average) else { return nil }
        self.average = average
        self.count = count
    }
}

/// One online catalog (Open Library, Google Books). Base URLs are injected, so tests point a
/// source at a local stub server.
public protocol BookSource: Sendable {
    /// Stable name shown to users and in error reports: "openLibrary", "googleBooks".
    var name: String { get }

    /// The book with this ISBN, or nil when the source does not know it. Network and format
    /// problems throw `SourceError`.
    func lookup(isbn: ISBN) async throws(SourceError) -> FoundBook?

    /// Books matching free text (title and/or author), best first.
    func search(_ query: String, limit: Int) async throws(SourceError) -> [FoundBook]
}

/// Why a source could not answer. Each becomes a line in the answer ("Google Books: rate limited"),
/// and the lookup falls through to the next source.
public enum SourceError: Error, Equatable, Sendable, CustomStringConvertible {
    case timedOut(seconds: Double)
    case rateLimited(message: String?)
    case httpStatus(Int)
    case malformed(String)
    case network(String)
    case offline

    public var description: String {
        switch self {
        case .timedOut(let seconds): return "did not answer within \(Self.format(seconds)) s"
        case .rateLimited(let message): return "rate limited" + (message.map { ": \($0)" } ?? "")
        case .httpStatus(let code): return "answered HTTP \(code)"
        case .malformed(let detail): return "sent an answer that could not be read (\(detail))"
        case .network(let detail): return "could not be reached (\(detail))"
        case .offline: return "not asked: Dogear is offline"
        }
    }

    /// A short code for the API: timedOut, rateLimited, httpError, malformed, unreachable, offline.
    public var code: String {
        switch self {
        case .timedOut: return "timedOut"
        case .rateLimited: return "rateLimited"
        case .httpStatus: return "httpError"
        case .malformed: return "malformed"
        case .network: return "unreachable"
        case .offline: return "offline"
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
