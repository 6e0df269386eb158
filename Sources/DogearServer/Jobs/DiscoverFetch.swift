import DogearCore
import DogearServices
import DogearSources
import DogearStore
import Fluent
import Foundation
import Logging
import SQLKit

/// Grows the catalog for the genres readers like: for the best-liked genres not fetched this week,
/// a subject search on Open Library and Google Books (the background chain: at most a request a
/// second per source, like enrichment), each book saved into the catalog by the one matching rule,
/// with the source's rating, and the genre named on it so it joins that genre's pool. Offline it
/// does nothing, and the deck says so when it runs dry.
package struct DiscoverFetch {
    package let db: any Database
    package let chain: LookupChain
    package let logger: Logger
    package let now: @Sendable () -> Date

    package static let booksPerGenre = 40
    package static let fetchAgainAfter: TimeInterval = 7 * 24 * 3600

    package struct Report: Equatable, Sendable {
        package var genres: [String] = []
        package var saved = 0
    }

    package func runOnce(genres limit: Int = 2) async throws -> Report {
        var report = Report()
        guard !chain.offline, !chain.sources.isEmpty else { return report }
        let since = now().addingTimeInterval(-Self.fetchAgainAfter)
        let wanted = try await db.sql.raw(
            """
            SELECT s.key AS genre_key, SUM(s.score) AS total FROM discovery_scores s
            WHERE s.facet = 'genre' AND s.score > 0
              AND NOT EXISTS (SELECT 1 FROM discover_fetches f WHERE f.genre_key = s.key AND f.fetched_at > \(bind: since))
            GROUP BY s.key ORDER BY total DESC, s.key LIMIT \(unsafeRaw: String(limit))
            """
        ).all().map { GenreKey(rawValue: try $0.decode(column: "genre_key", as: String.self)) }
        for genre in wanted {
            let saved = try await fetch(genre)
            report.genres.append(genre.rawValue)
            report.saved += saved
        }
        return report
    }

    /// One genre's subject search, saved; the number of books saved.
    package func fetch(_ genre: GenreKey) async throws -> Int {
        let subject = genre.label.lowercased()
        let result = await chain.search("subject:\"\(subject)\"", limit: Self.booksPerGenre)
        var saved = 0
        for found in result.books {
            var draft = found.draft
            // The source found it under this subject: it counts for the genre even where its own
            // subjects say it otherwise.
            if !GenreKey.keys(of: draft.genres ?? []).contains(genre) { draft.genres = (draft.genres ?? []) + [genre.label] }
            guard let book = try? draft.validated(source: found.source) else { continue }
            do {
                try await db.writeTransaction { db in
                    let resolved = try await CatalogService(db: db).findOrCreate(book)
                    if let rating = found.rating {
                        try await db.sql.raw(
                            """
                            UPDATE works SET source_average_rating = \(bind: rating.average), source_ratings_count = \(bind: rating.count)
                            WHERE id = \(bind: try resolved.work.requireID())
                            """
                        ).run()
                    }
                }
                saved += 1
            } catch  where (error as? any DatabaseError)?.isConstraintFailure == true {
                continue  // another writer saved the same book a moment ago
            }
        }
        try await db.sql.raw(
            """
            INSERT INTO discover_fetches (genre_key, fetched_at, found) VALUES (\(bind: genre.rawValue), \(bind: now()), \(bind: saved))
            ON CONFLICT (genre_key) DO UPDATE SET fetched_at = excluded.fetched_at, found = excluded.found
            """
        ).run()
        if saved > 0 { logger.info("discover: \(saved) books fetched for \(genre.rawValue)") }
        return saved
    }
}
