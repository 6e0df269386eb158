import DogearCore
import Foundation

/// Asks the online sources in order (Open Library, then Google Books), each within its own time
/// limit, and reports what each one said. A failing source never fails the lookup: it is recorded
/// and the next one is asked.
public struct LookupChain: Sendable {
    public let sources: [any BookSource]
    /// Per source, for the whole lookup (Open Library's takes several requests).
    public let timeLimit: Duration
    /// A source's own limit, by its name, where it differs from `timeLimit` (a test makes a hanging
    /// source's short and an answering one's long, so its verdict never hangs on a loaded machine).
    public let timeLimits: [String: Duration]
    /// Offline: no source is asked; each is reported as not asked.
    public let offline: Bool

    public init(
        sources: [any BookSource], timeLimit: Duration = .seconds(10), timeLimits: [String: Duration] = [:], offline: Bool = false
    ) {
        self.sources = sources
        self.timeLimit = timeLimit
        self.timeLimits = timeLimits
        self.offline = offline
    }

    public struct Attempt: Sendable, Equatable {
        public enum Outcome: Sendable, Equatable {
            case found(count: Int)
            case notFound
            case failed(SourceError)
        }
        public let source: String
        public let outcome: Outcome
    }

    public struct LookupResult: Sendable {
        public let book: FoundBook?
        public let attempts: [Attempt]
    }

    public struct SearchResult: Sendable {
        public let books: [FoundBook]
        public let attempts: [Attempt]
    }

    /// `reject` lets the caller refuse an answer it cannot use (say, one with no title): the refusal
    /// is recorded as that source's failure and the next source is asked.
    public func lookup(isbn: ISBN, reject: @Sendable (FoundBook) -> String? = { _ in nil }) async -> LookupResult {
        if offline { return LookupResult(book: nil, attempts: offlineAttempts) }
        var attempts: [Attempt] = []
        for source in sources {
            do throws(SourceError) {
                let book = try await withinTimeLimit(of: source) { () async throws(SourceError) -> FoundBook? in
                    try await source.lookup(isbn: isbn)
                }
                if let book {
                    if let reason = reject(book) {
                        attempts.append(Attempt(source: source.name, outcome: .failed(.malformed(reason))))
                        continue
                    }
                    attempts.append(Attempt(source: source.name, outcome: .found(count: 1)))
                    return LookupResult(book: book, attempts: attempts)
                }
                attempts.append(Attempt(source: source.name, outcome: .notFound))
            } catch {
                attempts.append(Attempt(source: source.name, outcome: .failed(error)))
            }
        }
        return LookupResult(book: nil, attempts: attempts)
    }

    /// Asks every source at once and merges: books are de-duplicated by ISBN and by title with first
    /// author; the order interleaves the sources' rankings (each source's best first), and a book
    /// found by both rises above one found by one.
    public func search(_ query: String, limit: Int) async -> SearchResult {
        if offline { return SearchResult(books: [], attempts: offlineAttempts) }
        let outcomes = await withTaskGroup(of: (Int, Result<[FoundBook], SourceError>).self) { group in
            for (index, source) in sources.enumerated() {
                group.addTask {
                    do throws(SourceError) {
                        let books = try await withinTimeLimit(of: source) { () async throws(SourceError) -> [FoundBook] in
                            try await source.search(query, limit: limit)
                        }
                        return (index, .success(books))
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            var collected: [(Int, Result<[FoundBook], SourceError>)] = []
            for await outcome in group { collected.append(outcome) }
            return collected.sorted { $0.0 < $1.0 }
        }
        var attempts: [Attempt] = []
        var lists: [[FoundBook]] = []
        for (index, outcome) in outcomes {
            switch outcome {
            case .success(let books):
                attempts.append(
                    Attempt(source: sources[index].name, outcome: books.isEmpty ? .notFound : .found(count: books.count)))
                lists.append(books)
            case .failure(let error):
                attempts.append(Attempt(source: sources[index].name, outcome: .failed(error)))
            }
        }
        return SearchResult(books: SearchMerge.merge(lists, limit: limit), attempts: attempts)
    }

    private var offlineAttempts: [Attempt] {
        sources.map { Attempt(source: $0.name, outcome: .failed(.offline)) }
    }

    /// Runs `work`, or gives up with `.timedOut` when the time limit passes first; the loser is
    /// cancelled (AsyncHTTPClient cancels the request).
    private func withinTimeLimit<T: Sendable>(
        of source: any BookSource, _ work: @escaping @Sendable () async throws(SourceError) -> T
    ) async throws(SourceError) -> T {
        let limit = timeLimits[source.name] ?? timeLimit
        let result: Result<T, SourceError> = await withTaskGroup(of: Result<T, SourceError>?.self) { group in
            group.addTask {
                do throws(SourceError) { return .success(try await work()) } catch { return .failure(error) }
            }
            group.addTask {
                try? await Task.sleep(for: limit)
                return Task.isCancelled
                    ? nil
                    : .failure(
                        .timedOut(
                            seconds: Double(limit.components.seconds)
                                + Double(limit.components.attoseconds) / 1e18))
            }
            var first: Result<T, SourceError>?
            for await outcome in group {
                if let outcome {
                    first = outcome
                    break
                }
            }
            group.cancelAll()
            return first ?? .failure(.timedOut(seconds: 0))
        }
        return try result.get()
    }
}

/// Merging search results from several sources.
enum SearchMerge {
    static func merge(_ lists: [[FoundBook]], limit: Int) -> [FoundBook] {
        var merged: [FoundBook] = []
        var keys: [Set<String>] = []
        let longest = lists.map(\.count).max() ?? 0
        for rank in 0..<longest {
            for list in lists where rank < list.count {
                let book = list[rank]
                let bookKeys = identity(book.draft)
                if let existing = keys.firstIndex(where: { !$0.isDisjoint(with: bookKeys) }) {
                    // Seen already: keep the first, fill in what it lacks from this one.
                    merged[existing].draft = fill(merged[existing].draft, from: book.draft)
                    keys[existing].formUnion(bookKeys)
                } else {
                    merged.append(book)
                    keys.append(bookKeys)
                }
            }
        }
        return Array(merged.prefix(limit))
    }

    static func identity(_ draft: BookDraft) -> Set<String> {
        var keys = Set<String>()
        if let isbn = draft.isbn, let parsed = try? ISBN(isbn) { keys.insert("isbn:\(parsed.isbn13)") }
        let title = (draft.title ?? "").lowercased().filter { $0.isLetter || $0.isNumber }
        let author = (draft.authors?.first ?? "").lowercased().filter(\.isLetter)
        if !title.isEmpty { keys.insert("title:\(title)|\(author)") }
        return keys
    }

    static func fill(_ base: BookDraft, from other: BookDraft) -> BookDraft {
        var draft = base
        if draft.isbn == nil { draft.isbn = other.isbn }
        if draft.coverUrl == nil { draft.coverUrl = other.coverUrl }
        if draft.pageCount == nil { draft.pageCount = other.pageCount }
        if draft.description == nil { draft.description = other.description }
        if draft.publisher == nil { draft.publisher = other.publisher }
        var ids = draft.externalIds ?? [:]
        for (kind, values) in other.externalIds ?? [:] {
            ids[kind, default: []] += values.filter { !(ids[kind] ?? []).contains($0) }
        }
        draft.externalIds = ids
        return draft
    }
}
