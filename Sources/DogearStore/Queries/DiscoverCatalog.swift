import DogearCore
import FluentKit
import Foundation
import SQLKit

/// The catalog as the deck reads it: each work's genre keys and rank (`work_genres`,
/// `discover_works`), kept from `discover_stale`, and the pools a deck is dealt from, each an
/// index seek on (genre, rank).
package struct DiscoverCatalog {
    package let db: any Database

    /// Brings up to `limit` changed works into the deck's tables and says how many it took. The
    /// batch's queue rows stay locked until it commits (SQLite: one writer; PostgreSQL: `FOR
    /// UPDATE`), so a writer changing one of its works meanwhile waits in its trigger's upsert and
    /// queues the work again after the batch: nothing changed mid-batch is lost.
    @discardableResult
    package func refresh(limit: Int) async throws -> Int {
        try await db.writeTransaction { db in
            let sql = db.sql
            // Two processes draining at once take different works on PostgreSQL.
            let lock = sql.databaseDialect.skippingLockedRows ?? ""
            let ids = try await sql.raw(
                "SELECT work_id FROM discover_stale LIMIT \(unsafeRaw: String(limit))\(unsafeRaw: lock)"
            ).all().map { try $0.decode(column: "work_id", as: UUID.self) }
            guard !ids.isEmpty else { return 0 }
            let works = try await sql.raw(
                """
                SELECT w.id AS id, w.genres AS genres, w.description AS description,
                  w.first_published_year AS year, w.average_rating AS average, w.ratings_count AS count,
                  w.source_average_rating AS source_average, w.source_ratings_count AS source_count,
                  EXISTS (SELECT 1 FROM editions ed WHERE ed.work_id = w.id AND ed.cover_url IS NOT NULL) AS has_cover
                FROM works w WHERE w.id IN (\(binds: ids))
                """
            ).all()
            var counts: [String: Int] = [:]
            for row in try await sql.raw(
                "SELECT genre_key, COUNT(*) AS n FROM work_genres WHERE work_id IN (\(binds: ids)) GROUP BY genre_key"
            ).all() {
                counts[try row.decode(column: "genre_key", as: String.self), default: 0] -= try row.decode(
                    column: "n", as: Int.self)
            }
            try await sql.raw("DELETE FROM work_genres WHERE work_id IN (\(binds: ids))").run()
            try await sql.raw("DELETE FROM discover_works WHERE work_id IN (\(binds: ids))").run()
            var ranked: [[BulkInsert.Value]] = []
            var genres: [[BulkInsert.Value]] = []
            for row in works {
                let id = try row.decode(column: "id", as: UUID.self)
                let description = try row.decode(column: "description", as: String?.self) ?? ""
                let rank = DeckRank.score(
                    hasCover: try row.decode(column: "has_cover", as: Bool.self),
                    hasDescription: !description.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
                    firstPublished: try row.decode(column: "year", as: Int?.self),
                    average: try row.decode(column: "average", as: Double?.self),
                    count: try row.decode(column: "count", as: Int.self),
                    sourceAverage: try row.decode(column: "source_average", as: Double?.self),
                    sourceCount: try row.decode(column: "source_count", as: Int?.self))
                ranked.append([.uuid(id), .double(rank)])
                for key in DeckRank.genres(of: try row.decode(column: "genres", as: [String].self)) {
                    genres.append([.uuid(id), .text(key.rawValue), .double(rank)])
                    counts[key.rawValue, default: 0] += 1
                }
            }
            let bulk = BulkInsert(sql: sql)
            try await bulk.insert(into: "discover_works", [("work_id", .uuid), ("rank", .double)], rows: ranked)
            try await bulk.insert(
                into: "work_genres", [("work_id", .uuid), ("genre_key", .text), ("rank", .double)], rows: genres)
            for (key, change) in counts where change != 0 {
                try await sql.raw(
                    """
                    INSERT INTO discover_genres (genre_key, works) VALUES (\(bind: key), \(bind: change))
                    ON CONFLICT (genre_key) DO UPDATE SET works = discover_genres.works + excluded.works
                    """
                ).run()
            }
            try await sql.raw("DELETE FROM discover_stale WHERE work_id IN (\(binds: ids))").run()
            return ids.count
        }
    }

    /// Works still waiting for `refresh`.
    package func waiting() async throws -> Int {
        try await db.sql.raw("SELECT COUNT(*) AS n FROM discover_stale").first()?.decode(column: "n", as: Int.self) ?? 0
    }

    /// The catalog's genres with the most books, most first.
    package func genres(limit: Int) async throws -> [GenreKey] {
        try await db.sql.raw(
            "SELECT genre_key FROM discover_genres WHERE works > 0 ORDER BY works DESC, genre_key LIMIT \(unsafeRaw: String(limit))"
        ).all().map { GenreKey(rawValue: try $0.decode(column: "genre_key", as: String.self)) }
    }

    /// Where a pool's books come from.
    package enum Pool: Hashable, Sendable {
        case genre(GenreKey)
        case author(UUID)
        /// Any work of the catalog, best ranked first: the deck's top-up when the genres run dry.
        case anyWork
    }

    /// Each pool's best `limit` books that `userID` has not in their library, not on a list of theirs,
    /// and not swiped,
    /// best first; with each candidate's genres and authors. One statement for the pools (each an
    /// index seek, the exclusions probed per row), one each for the genres and authors.
    package func pools(_ pools: [(Pool, limit: Int)], for userID: UUID) async throws -> [Pool: [DeckCandidate]] {
        guard !pools.isEmpty else { return [:] }
        let sql = db.sql
        let unseen: (String) -> SQLQueryString = { work in
            """
            NOT EXISTS (SELECT 1 FROM library_entries e WHERE e.user_id = \(bind: userID) AND e.work_id = \(unsafeRaw: work))
            AND NOT EXISTS (SELECT 1 FROM discovery_interactions i WHERE i.user_id = \(bind: userID)
              AND i.work_id = \(unsafeRaw: work) AND i.undone = FALSE AND i.action IN (\(unsafeRaw: Self.swipes)))
            AND NOT EXISTS (SELECT 1 FROM lists l JOIN list_items li ON li.list_id = l.id AND li.work_id = \(unsafeRaw: work)
              WHERE l.user_id = \(bind: userID))
            """
        }
        var parts: [SQLQueryString] = []
        for (index, (pool, limit)) in pools.enumerated() {
            let select: SQLQueryString
            switch pool {
            case .genre(let key):
                select =
                    "SELECT g.work_id AS work_id, g.rank AS rank FROM work_genres g WHERE g.genre_key = \(bind: key.rawValue) AND "
                    + unseen("g.work_id") + " ORDER BY g.rank DESC, g.work_id"
            case .author(let id):
                select =
                    "SELECT d.work_id AS work_id, d.rank AS rank FROM work_authors wa JOIN discover_works d ON d.work_id = wa.work_id WHERE wa.author_id = \(bind: id) AND "
                    + unseen("d.work_id") + " ORDER BY d.rank DESC, d.work_id"
            case .anyWork:
                select =
                    "SELECT d.work_id AS work_id, d.rank AS rank FROM discover_works d WHERE "
                    + unseen("d.work_id") + " ORDER BY d.rank DESC, d.work_id"
            }
            parts.append(
                "SELECT \(unsafeRaw: String(index)) AS pool, work_id, rank FROM (" + select
                    + " LIMIT \(unsafeRaw: String(limit))) p\(unsafeRaw: String(index))")
        }
        let union = parts.dropFirst().reduce(parts[0]) { $0 + " UNION ALL " + $1 }
        let rows = try await sql.raw(union + " ORDER BY pool, rank DESC, work_id").all()
        var ids: [(pool: Int, work: UUID)] = []
        for row in rows {
            ids.append((try row.decode(column: "pool", as: Int.self), try row.decode(column: "work_id", as: UUID.self)))
        }
        let works = Array(Set(ids.map(\.work)))
        var genres: [UUID: [GenreKey]] = [:]
        var authors: [UUID: [UUID]] = [:]
        if !works.isEmpty {
            for row in try await sql.raw(
                "SELECT work_id, genre_key FROM work_genres WHERE work_id IN (\(binds: works)) ORDER BY work_id, genre_key"
            ).all() {
                genres[try row.decode(column: "work_id", as: UUID.self), default: []].append(
                    GenreKey(rawValue: try row.decode(column: "genre_key", as: String.self)))
            }
            for row in try await sql.raw(
                "SELECT work_id, author_id FROM work_authors WHERE work_id IN (\(binds: works)) ORDER BY work_id, position"
            ).all() {
                authors[try row.decode(column: "work_id", as: UUID.self), default: []].append(
                    try row.decode(column: "author_id", as: UUID.self))
            }
        }
        var result: [Pool: [DeckCandidate]] = [:]
        for (pool, work) in ids {
            result[pools[pool].0, default: []].append(
                DeckCandidate(workID: work, genres: genres[work] ?? [], authors: authors[work] ?? []))
        }
        return result
    }

    /// The actions that put a book off the deck for good (until undone).
    package static let swipes = [DiscoveryAction.swipeRight, .swipeLeft, .bookmark].map { "'\($0.rawValue)'" }.joined(
        separator: ", ")

    package init(db: any Database) {
        self.db = db
    }
}
