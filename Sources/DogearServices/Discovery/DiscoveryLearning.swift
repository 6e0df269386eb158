import DogearCore
import DogearStore
import FluentKit
import Foundation
import SQLKit

/// Writes what discovery learns, inside the transaction of the change that taught it: a swipe, or
/// a library event (add to a list, start, finish, rate, did not finish). Each interaction keeps
/// the genre keys, authors and pages it counted, and moves `discovery_scores` and
/// `discovery_profiles` by the discovery weights (Core's `Preferences`), so reading a reader's
/// preferences is one short query however much they did.
package struct DiscoveryLearning {
    /// Already inside the change's transaction.
    package let db: any Database
    package let now: Date

    /// Something to learn from: an action on a work, and what it made (for an undo to take away).
    package struct Event: Sendable {
        package var action: DiscoveryAction
        package var workID: UUID
        package var editionID: UUID?
        package var listID: String?
        package var entryID: UUID?
        package var listItemID: UUID?

        package init(
            action: DiscoveryAction, workID: UUID, editionID: UUID? = nil, listID: String? = nil, entryID: UUID? = nil,
            listItemID: UUID? = nil
        ) {
            self.action = action
            self.workID = workID
            self.editionID = editionID
            self.listID = listID
            self.entryID = entryID
            self.listItemID = listItemID
        }
    }

    /// A recorded interaction as an undo needs it.
    package struct Interaction: Sendable {
        package var id: UUID
        package var action: DiscoveryAction
        package var workID: UUID
        package var listID: String?
        package var entryID: UUID?
        package var listItemID: UUID?
        package var genres: [GenreKey]
        package var authors: [UUID]
        package var pages: Int?
    }

    /// What a library change taught: nothing, or a start, finish, did-not-finish, rating or add.
    package func entryChanged(_ entry: EntryFacts, statusBefore: ReadingStatus?, ratingBefore: Int?) async throws {
        let actions = DiscoveryAction.fromLibrary(
            statusBefore: statusBefore, statusAfter: entry.state.status, ratingBefore: ratingBefore,
            ratingAfter: entry.rating)
        guard !actions.isEmpty else { return }
        try await record(
            actions.map { Event(action: $0, workID: entry.workID, editionID: entry.editionID, entryID: entry.id) },
            userID: entry.userID)
    }

    /// Records the events in order and adds their weights. Three reads for the books' facts
    /// whatever the number of events.
    @discardableResult
    package func record(_ events: [Event], userID: UUID) async throws -> [UUID] {
        guard !events.isEmpty else { return [] }
        let sql = db.sql
        let facts = try await Self.facts(of: events.map { ($0.workID, $0.editionID) }, on: sql)
        var seq = try await nextSeq(userID)
        var change = Preferences()
        var rows: [[BulkInsert.Value]] = []
        var ids: [UUID] = []
        for event in events {
            let fact = facts[event.workID] ?? Facts(genres: [], authors: [], pages: nil)
            let pages = event.editionID.flatMap { fact.editionPages[$0] } ?? fact.pages
            change.learn(event.action, genres: fact.genres, authors: fact.authors, pages: pages)
            let id = UUID.timeOrdered()
            ids.append(id)
            rows.append([
                .uuid(id), .uuid(userID), .uuid(event.workID), .text(event.action.rawValue),
                event.listID.map { .text($0) } ?? .null, .text(Self.json(fact.genres.map(\.rawValue))),
                .text(Self.json(fact.authors.map(\.uuidString))), pages.map { .int($0) } ?? .null,
                event.entryID.map { .uuid($0) } ?? .null, event.listItemID.map { .uuid($0) } ?? .null, .bool(false),
                .bool(false), .date(now), .int(seq),
            ])
            seq += 1
        }
        try await BulkInsert(sql: sql).insert(into: "discovery_interactions", Self.columns, rows: rows)
        try await add(change, sign: 1, nextSeq: seq, userID: userID)
        return ids
    }

    /// Takes an interaction's weights back and marks it undone.
    package func undo(_ interaction: Interaction, userID: UUID) async throws {
        var change = Preferences()
        change.learn(interaction.action, genres: interaction.genres, authors: interaction.authors, pages: interaction.pages)
        try await add(change, sign: -1, nextSeq: nil, userID: userID)
        try await db.sql.raw("UPDATE discovery_interactions SET undone = TRUE WHERE id = \(bind: interaction.id)").run()
    }

    /// The reader's last swipe still standing (not undone, not forgotten by a start over).
    package func lastSwipe(of userID: UUID) async throws -> Interaction? {
        guard
            let row = try await db.sql.raw(
                """
                SELECT * FROM discovery_interactions WHERE user_id = \(bind: userID) AND undone = FALSE AND forgotten = FALSE
                  AND action IN (\(unsafeRaw: DiscoverCatalog.swipes)) ORDER BY seq DESC LIMIT 1
                """
            ).first()
        else { return nil }
        return Interaction(
            id: try row.decode(column: "id", as: UUID.self),
            action: DiscoveryAction(rawValue: try row.decode(column: "action", as: String.self)) ?? .swipeLeft,
            workID: try row.decode(column: "work_id", as: UUID.self), listID: try row.decode(column: "list_id", as: String?.self),
            entryID: try row.decode(column: "entry_id", as: UUID?.self),
            listItemID: try row.decode(column: "list_item_id", as: UUID?.self),
            genres: Self.strings(try row.decode(column: "genres", as: String.self)).map(GenreKey.init(rawValue:)),
            authors: Self.strings(try row.decode(column: "author_ids", as: String.self)).compactMap(UUID.init(uuidString:)),
            pages: try row.decode(column: "pages", as: Int?.self))
    }

    /// Start over: the scores and counts go; the interactions stay, forgotten, so dismissed books
    /// stay dismissed and nothing before it can be undone into the new scores.
    package func forget(_ userID: UUID) async throws {
        let sql = db.sql
        // The profile before the scores, the order `add` takes them in.
        try await sql.raw(
            """
            UPDATE discovery_profiles SET total = 0, positive = 0, negative = 0, liked_pages = 0,
              liked_books_with_pages = 0, learned_library_at = NULL WHERE user_id = \(bind: userID)
            """
        ).run()
        try await sql.delete(from: "discovery_scores").where("user_id", .equal, userID).run()
        try await sql.raw("UPDATE discovery_interactions SET forgotten = TRUE WHERE user_id = \(bind: userID)").run()
    }

    /// Notes that the library has been learned from, so it is not counted twice.
    package func markLearnedLibrary(_ userID: UUID) async throws {
        try await ensureProfile(userID)
        try await db.sql.raw(
            "UPDATE discovery_profiles SET learned_library_at = \(bind: now) WHERE user_id = \(bind: userID)"
        ).run()
    }

    // MARK: the stored sums

    /// The reader's profile row, made empty the first time.
    private func ensureProfile(_ userID: UUID) async throws {
        try await db.sql.raw(
            """
            INSERT INTO discovery_profiles (user_id, total, positive, negative, liked_pages, liked_books_with_pages, next_seq)
            VALUES (\(bind: userID), 0, 0, 0, 0, 0, 1) ON CONFLICT (user_id) DO NOTHING
            """
        ).run()
    }

    /// The reader's next interaction number, the profile row made empty the first time, in one
    /// statement (this runs in the writers' line, where each statement waits its turn). The update
    /// on conflict changes nothing; it is there so the row comes back either way.
    private func nextSeq(_ userID: UUID) async throws -> Int {
        try await db.sql.raw(
            """
            INSERT INTO discovery_profiles (user_id, total, positive, negative, liked_pages, liked_books_with_pages, next_seq)
            VALUES (\(bind: userID), 0, 0, 0, 0, 0, 1)
            ON CONFLICT (user_id) DO UPDATE SET next_seq = discovery_profiles.next_seq
            RETURNING next_seq
            """
        ).first()?.decode(column: "next_seq", as: Int.self) ?? 1
    }

    /// The profile row first, then the scores: every path that writes both (`record`, `undo`,
    /// `forget`) takes their locks in that order, so two writes for one reader on PostgreSQL wait
    /// for each other instead of deadlocking.
    private func add(_ change: Preferences, sign: Int, nextSeq: Int?, userID: UUID) async throws {
        let sql = db.sql
        let seq: SQLQueryString = nextSeq.map { ", next_seq = \(bind: $0)" } ?? ""
        try await sql.raw(
            """
            UPDATE discovery_profiles SET total = total + \(bind: change.total * sign),
              positive = positive + \(bind: change.positive * sign), negative = negative + \(bind: change.negative * sign),
              liked_pages = liked_pages + \(bind: change.likedPages * sign),
              liked_books_with_pages = liked_books_with_pages + \(bind: change.likedBooksWithPages * sign)
            """ + seq + " WHERE user_id = \(bind: userID)"
        ).run()
        // Every facet's score in one statement (a status change moves a few genres and authors, and
        // each statement in the writers' line waits its turn), in one order, so two writes for
        // the same reader lock the rows in the same order.
        let facets =
            (change.genreScores.map { ("genre", $0.key.rawValue, $0.value) }
            + change.authorScores.map { ("author", $0.key.uuidString, $0.value) })
            .filter { $0.2 != 0 }.sorted { ($0.0, $0.1) < ($1.0, $1.1) }
        try await BulkInsert(sql: sql).insert(
            into: "discovery_scores", [("user_id", .uuid), ("facet", .text), ("key", .text), ("score", .int)],
            rows: facets.map { [.uuid(userID), .text($0.0), .text($0.1), .int($0.2 * sign)] },
            onConflict: "(user_id, facet, key) DO UPDATE SET score = discovery_scores.score + excluded.score")
    }

    // MARK: a book's facts

    package struct Facts {
        package var genres: [GenreKey]
        package var authors: [UUID]
        /// The longest edition's pages, for an event with no edition.
        package var pages: Int?
        package var editionPages: [UUID: Int] = [:]
    }

    package static func facts(of books: [(work: UUID, edition: UUID?)], on sql: any SQLDatabase) async throws -> [UUID: Facts] {
        let works = Array(Set(books.map(\.work)))
        var result: [UUID: Facts] = [:]
        for row in try await sql.raw("SELECT id, genres FROM works WHERE id IN (\(binds: works))").all() {
            result[try row.decode(column: "id", as: UUID.self)] = Facts(
                genres: DeckRank.genres(of: try row.decode(column: "genres", as: [String].self)), authors: [], pages: nil)
        }
        for row in try await sql.raw(
            "SELECT work_id, author_id FROM work_authors WHERE work_id IN (\(binds: works)) ORDER BY work_id, position"
        ).all() {
            result[try row.decode(column: "work_id", as: UUID.self)]?.authors.append(
                try row.decode(column: "author_id", as: UUID.self))
        }
        for row in try await sql.raw(
            "SELECT id, work_id, page_count FROM editions WHERE work_id IN (\(binds: works)) AND page_count > 0"
        ).all() {
            let work = try row.decode(column: "work_id", as: UUID.self)
            let pages = try row.decode(column: "page_count", as: Int.self)
            let edition = try row.decode(column: "id", as: UUID.self)
            guard var fact = result[work] else { continue }
            fact.editionPages[edition] = pages
            fact.pages = max(fact.pages ?? 0, pages)
            result[work] = fact
        }
        return result
    }

    package static let columns: [(String, BulkInsert.Kind)] = [
        ("id", .uuid), ("user_id", .uuid), ("work_id", .uuid), ("action", .text), ("list_id", .text), ("genres", .text),
        ("author_ids", .text), ("pages", .int), ("entry_id", .uuid), ("list_item_id", .uuid), ("undone", .bool),
        ("forgotten", .bool), ("created_at", .date), ("seq", .int),
    ]

    package static func json(_ strings: [String]) -> String {
        (try? String(decoding: JSONEncoder().encode(strings), as: UTF8.self)) ?? "[]"
    }

    package static func strings(_ json: String) -> [String] {
        (try? JSONDecoder().decode([String].self, from: Data(json.utf8))) ?? []
    }

    package init(db: any Database, now: Date) {
        self.db = db
        self.now = now
    }
}
