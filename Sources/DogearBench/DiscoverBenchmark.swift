import DogearCore
import DogearServer
import DogearServices
import DogearStore
import Fluent
import Foundation
import SQLKit
import Vapor

/// The measuring half of `dogear bench discover`: a deck of 20 as `GET /api/v1/discover/deck`
/// deals it (preferences, the plan, one statement for the pools, the dealing, the cards, the
/// JSON) over a catalog of `works`, for a reader with `entries` library entries and `interactions`
/// interactions; next to the ranking alone — the same pools' candidates as one raw SQL statement on
/// the same connection pool (the floor).
///
/// The reader's library is `SyntheticLibrary`'s, its books given genres; the rest of the catalog
/// is other readers' books in 40 genres (a few large, many small), most with a cover and a
/// description, ratings spread like a real catalog's. The interactions go through
/// `DiscoveryLearning` as swipes and library events do: mostly fantasy and science fiction liked,
/// romance swiped away.
package struct DiscoverBenchmark {
    package let app: Application
    package let works: Int
    package let entries: Int
    package let interactions: Int
    package let seed: UInt64
    package let iterations: Int

    package static let genres = [
        "Fantasy", "Science Fiction", "Romance", "Mystery", "Thriller", "Horror", "Historical Fiction", "Literary Fiction",
        "Young Adult", "Biography", "History", "Poetry", "Graphic Novels", "Memoir", "Science", "Philosophy", "Self-Help",
        "Classics", "Humor", "Western", "Crime", "Adventure", "Dystopia", "Essays", "Nature", "Travel", "Cooking", "Art",
        "Music", "Sports", "Religion", "Politics", "Economics", "Psychology", "Education", "Health", "Business",
        "Technology", "Drama", "Short Stories",
    ]

    package func run(print: (String) -> Void) async throws {
        let clock = ContinuousClock()
        let sql = app.db.sql
        var started = clock.now
        var random = SeededRandom(seed: seed)
        let built = try await SyntheticLibrary(db: app.db, entries: entries, notes: 0, seed: seed).build()
        // The reader's books get genres, so the deck must step over them.
        let libraryWorks = try await sql.raw(
            "SELECT work_id FROM library_entries WHERE user_id = \(bind: built.userID)"
        ).all().map { try $0.decode(column: "work_id", as: UUID.self) }
        let libraryGenres = libraryWorks.map { ($0, Self.genre(&random)) }
        try await app.db.transaction { db in
            for (work, genre) in libraryGenres {
                let model = try await Work.find(work, on: db)
                model?.genres = [genre]
                try await model?.save(on: db)
            }
        }
        let byGenre = try await catalog(count: max(0, works - entries), random: &random)
        emit(print, ["figure": "data_seconds", "value": seconds(clock.now - started), "works": works, "entries": entries])

        started = clock.now
        let catalog = DiscoverCatalog(db: app.db)
        var indexed = 0
        while true {
            let taken = try await catalog.refresh(limit: 5_000)
            if taken == 0 { break }
            indexed += taken
        }
        emit(print, ["figure": "catalog_index_seconds", "value": seconds(clock.now - started), "works": indexed])

        try await learn(built.userID, byGenre: byGenre, random: &random)
        _ = try await sql.raw("PRAGMA wal_checkpoint(TRUNCATE)").all()
        _ = try await sql.raw("ANALYZE").all()

        guard let user = try await User.find(built.userID, on: app.db) else { return }
        let now = Date()
        let library = LibraryService(
            db: app.db, user: user, today: LocalDate(now, in: .gmt), now: now, clubEvents: nil)
        let service = DiscoverService(
            db: app.db, user: user, now: now, library: library,
            listItems: ListItemService(lists: ListService(db: app.db, user: user, tiersEnabled: false)),
            lookups: BookLookupService(db: app.db, chain: app.lookupChain, now: { now }), online: false)
        let encoder = JSONEncoder()
        var apiTimes: [Duration] = []
        var rawTimes: [Duration] = []
        var cards = 0
        var personal = false
        var rawCandidates = 0
        let (preferences, count, _) = try await service.preferences(of: built.userID)
        let plan = DeckPlan(preferences: preferences, interactions: count)
        let ranking = try await rankingStatement(plan, userID: built.userID)
        for round in 0..<(iterations + 5) {
            started = clock.now
            let deck = try await service.deck(count: 20)
            _ = try encoder.encode(DeckDTO(deck))
            let apiTime = clock.now - started
            started = clock.now
            let rows = try await sql.raw(ranking).all()
            let rawTime = clock.now - started
            if round >= 5 {
                apiTimes.append(apiTime)
                rawTimes.append(rawTime)
            }
            cards = deck.cards.count
            personal = deck.personal
            rawCandidates = rows.count
        }
        emit(
            print,
            [
                "figure": "deck", "cards": cards, "personal": personal, "raw_candidates": rawCandidates,
                "top_genres": plan.genres.map(\.key.rawValue), "interactions": count,
                "api_p50_ms": ms(percentile(apiTimes, 0.5)), "api_p99_ms": ms(percentile(apiTimes, 0.99)),
                "raw_sql_p50_ms": ms(percentile(rawTimes, 0.5)), "raw_sql_p99_ms": ms(percentile(rawTimes, 0.99)),
                "target_p99_ms": 20, "iterations": iterations,
            ])
    }

    /// A genre, the first few far more often than the rest (as real catalogs are).
    package static func genre(_ random: inout SeededRandom) -> String {
        let roll = Double(random.next() % 10_000) / 10_000
        return genres[min(genres.count - 1, Int(pow(roll, 2.2) * Double(genres.count)))]
    }

    /// Other readers' books: each work with one to three genres, an author, an edition with pages
    /// and (mostly) a cover. Returns the work ids by first genre.
    private func catalog(count: Int, random: inout SeededRandom) async throws -> [String: [UUID]] {
        let now = Date()
        var byGenre: [String: [UUID]] = [:]
        let authors = (0..<max(1, count / 5)).map { _ in UUID.timeOrdered() }
        let bulk = BulkInsert(sql: app.db.sql)
        try await bulk.insert(
            into: "authors", [("id", .uuid), ("name", .text), ("created_at", .date), ("updated_at", .date)],
            rows: authors.enumerated().map { [.uuid($1), .text("Author \($0)"), .date(now), .date(now)] })
        var done = 0
        while done < count {
            let batch = min(5_000, count - done)
            var workRows: [[BulkInsert.Value]] = []
            var links: [[BulkInsert.Value]] = []
            var editions: [[BulkInsert.Value]] = []
            for index in done..<(done + batch) {
                let id = UUID.timeOrdered()
                let genres = Array(Set((0..<Int(1 + random.next() % 3)).map { _ in Self.genre(&random) })).sorted()
                byGenre[genres[0], default: []].append(id)
                let ratings = Int(random.next() % 2_000)
                let described = random.next() % 10 < 8
                workRows.append([
                    .uuid(id), .text("Catalog Book \(index)"), .texts(genres), .texts([]), .texts([]), .texts([]),
                    .text("openLibrary"),
                    .int(50), .text("verified"), .int(0), .int(ratings),
                    ratings > 0 ? .double(1 + Double(random.next() % 400) / 100) : .null,
                    described ? .text("A book about things, number \(index).") : .null,
                    .int(1950 + Int(random.next() % 76)), .date(now), .date(now),
                ])
                links.append([
                    .uuid(UUID.timeOrdered()), .uuid(id), .uuid(authors[Int(random.next() % UInt64(authors.count))]), .int(0),
                    .date(now),
                    .date(now),
                ])
                let covered = random.next() % 10 < 7
                editions.append([
                    .uuid(UUID.timeOrdered()), .uuid(id), .int(80 + Int(random.next() % 820)), .text("paperback"),
                    covered ? .text("https://covers.openlibrary.org/b/id/\(index)-L.jpg") : .null, .date(now), .date(now),
                ])
            }
            let rows = (works: workRows, links: links, editions: editions)
            try await app.db.transaction { db in
                let bulk = BulkInsert(sql: db.sql)
                try await bulk.insert(
                    into: "works",
                    [
                        ("id", .uuid), ("title", .text), ("genres", .texts), ("cultural_themes", .texts),
                        ("content_warnings", .texts),
                        ("awards", .texts), ("source", .text), ("quality_score", .int), ("review_status", .text),
                        ("readers_count", .int), ("ratings_count", .int), ("average_rating", .double), ("description", .text),
                        ("first_published_year", .int), ("created_at", .date), ("updated_at", .date),
                    ], rows: rows.works)
                try await bulk.insert(
                    into: "work_authors",
                    [
                        ("id", .uuid), ("work_id", .uuid), ("author_id", .uuid), ("position", .int), ("created_at", .date),
                        ("updated_at", .date),
                    ],
                    rows: rows.links)
                try await bulk.insert(
                    into: "editions",
                    [
                        ("id", .uuid), ("work_id", .uuid), ("page_count", .int), ("format", .text), ("cover_url", .text),
                        ("created_at", .date), ("updated_at", .date),
                    ], rows: rows.editions)
            }
            done += batch
        }
        return byGenre
    }

    /// The reader's interactions, through the same writer the swipes and the library use.
    private func learn(_ userID: UUID, byGenre: [String: [UUID]], random: inout SeededRandom) async throws {
        var events: [DiscoveryLearning.Event] = []
        let liked = ["Fantasy", "Science Fiction", "Mystery"]
        for index in 0..<interactions {
            let (genre, action): (String, DiscoveryAction) =
                switch index % 10 {
                case 0, 1, 2: (liked[index % 3], .swipeRight)
                case 3, 4: ("Romance", .swipeLeft)
                case 5: (liked[index % 2], .bookmark)
                case 6: (Self.genre(&random), .swipeLeft)
                case 7: (Self.genre(&random), .swipeRight)
                case 8: (liked[0], .finish)
                default: (liked[1], .rateHigh)
                }
            guard let pool = byGenre[genre], !pool.isEmpty else { continue }
            events.append(.init(action: action, workID: pool[Int(random.next() % UInt64(pool.count))]))
        }
        for chunk in events.chunked(into: 200) {
            try await app.db.transaction { db in
                try await DiscoveryLearning(db: db, now: Date()).record(chunk, userID: userID)
            }
        }
    }

    /// The floor: the plan's pools' candidates — each genre's and author's best books the reader
    /// has neither in the library nor swiped — ranked by one statement, nothing else.
    private func rankingStatement(_ plan: DeckPlan, userID: UUID) async throws -> SQLQueryString {
        let unseen = { (work: String) -> SQLQueryString in
            """
            NOT EXISTS (SELECT 1 FROM library_entries e WHERE e.user_id = \(bind: userID) AND e.work_id = \(unsafeRaw: work))
            AND NOT EXISTS (SELECT 1 FROM discovery_interactions i WHERE i.user_id = \(bind: userID) AND i.work_id = \(unsafeRaw: work))
            AND NOT EXISTS (SELECT 1 FROM lists l JOIN list_items li ON li.list_id = l.id AND li.work_id = \(unsafeRaw: work)
              WHERE l.user_id = \(bind: userID))
            """
        }
        var parts: [SQLQueryString] = []
        for (index, genre) in plan.genres.enumerated() {
            parts.append(
                "SELECT * FROM (SELECT g.work_id AS work_id FROM work_genres g WHERE g.genre_key = \(bind: genre.key.rawValue) AND "
                    + unseen("g.work_id") + " ORDER BY g.rank DESC LIMIT 40) r\(unsafeRaw: String(index))")
        }
        guard !parts.isEmpty else { return "SELECT 1 WHERE 1 = 0" }
        return parts.dropFirst().reduce(parts[0]) { $0 + " UNION ALL " + $1 }
    }

    private func percentile(_ values: [Duration], _ p: Double) -> Duration { BenchFigures.percentile(values, p) }
    private func ms(_ duration: Duration) -> Double { BenchFigures.ms(duration) }
    private func seconds(_ duration: Duration) -> Double { BenchFigures.seconds(duration) }
    private func emit(_ print: (String) -> Void, _ fields: [String: Any]) { BenchFigures.emit("discover", print, fields) }
}
