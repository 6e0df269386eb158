import DogearCore
import FluentKit
import Foundation
import NIOConcurrencyHelpers
import SQLKit

/// Entries as the API shows them (`EntryRecord`), read in one statement: the entry, its work and
/// edition joined, and the small lists around them (authors, tags, read-throughs, external IDs,
/// other editions, the session totals pace needs) aggregated per entry by the database as JSON
/// arrays. A second statement runs only when a page holds other editions of a book (rare).
///
/// It replaced nine queries and a Fluent model per entry (`dogear bench http`: the library route's
/// time went to model decoding and per-query overhead, not to SQLite).
package struct EntryLoader {
    package let db: any Database
    package let today: LocalDate

    /// The entries of these ids, in their order; with `owner`, only that reader's (another's is
    /// left out, as a missing one is).
    package func load(_ ids: [UUID], owner: UUID? = nil) async throws -> [EntryRecord] {
        guard !ids.isEmpty else { return [] }
        let dialect = db.sql.databaseDialect
        var query: SQLQueryString =
            "SELECT \(unsafeRaw: Self.columns(dialect)) FROM library_entries e JOIN works w ON w.id = e.work_id "
            + "LEFT JOIN editions ed ON ed.id = e.edition_id WHERE e.id IN (\(binds: ids))"
        if let owner { query = query + " AND e.user_id = \(bind: owner)" }
        let rows = try await LeanRows(db: db).all(query)
        var others: [UUID: [(edition: UUID, rating: Int?, dateRead: String?)]] = [:]
        var byID: [UUID: LeanRow] = [:]
        for row in rows {
            let id = try row.requireUUID("id")
            byID[id] = row
            for case let other as [Any] in try row.jsonArray("other_editions") {
                guard let edition = (other.first as? String).flatMap(UUID.init(uuidString:)) else { continue }
                others[id, default: []].append(
                    (
                        edition, (other.count > 1 ? other[1] as? NSNumber : nil)?.intValue,
                        other.count > 2 ? other[2] as? String : nil
                    ))
            }
        }
        // Other editions of a book are whole editions (with their external IDs): read only when a page has any.
        var otherEditions: [UUID: EditionRecord] = [:]
        let otherIDs = Array(Set(others.values.flatMap { $0.map(\.edition) }))
        if !otherIDs.isEmpty {
            let rows = CatalogRows(sql: db.sql)
            otherEditions = try await rows.editions(otherIDs, externalIds: rows.externalIDs(workIDs: [], editionIDs: otherIDs))
        }
        return try ids.compactMap { id in
            guard let row = byID[id] else { return nil }
            var entry = try entry(row, id: id)
            entry.otherEditions = (others[id] ?? []).compactMap { other in
                otherEditions[other.edition].map {
                    OtherEditionRecord(edition: $0, rating: other.rating, dateRead: other.dateRead)
                }
            }
            return entry
        }
    }

    package func loadOne(_ id: UUID) async throws -> EntryRecord {
        guard let entry = try await load([id]).first else { throw MissingEntry(entryID: id) }
        return entry
    }

    private func entry(_ row: LeanRow, id: UUID) throws -> EntryRecord {
        let work = try LeanWork.work(row)
        let edition = try Self.edition(row)
        guard let status = ReadingStatus(rawValue: try row.requireString("status")) else {
            throw LeanRow.MissingColumn(name: "status")
        }
        let currentPage = try row.int("current_page")
        let dailyGoalPages = try row.int("daily_goal_pages")
        let pace = Pace.compute(
            sessions: try Self.sessions(row), status: status, currentPage: currentPage, pageCount: edition?.pageCount,
            dailyGoalPages: dailyGoalPages, today: today)
        return EntryRecord(
            id: id,
            work: work,
            edition: edition,
            status: status.rawValue,
            owned: try row.bool("owned") ?? false,
            onWishlist: try row.bool("on_wishlist") ?? false,
            favorite: try row.bool("favorite") ?? false,
            rating: try row.int("rating"),
            preciseRating: try row.double("precise_rating"),
            dateAdded: try row.date("date_added") ?? Date(timeIntervalSince1970: 0),
            dateStarted: try row.string("date_started"),
            dateFinished: try row.string("date_finished"),
            currentPage: currentPage,
            currentMinutes: try row.int("current_minutes"),
            progress: try row.double("progress") ?? 0,
            readCount: try row.int("read_count") ?? 0,
            totalMinutes: try row.int("total_minutes") ?? 0,
            dailyGoalPages: dailyGoalPages,
            pagesPerDay: pace.pagesPerDay.map { ($0 * 10).rounded() / 10 },
            estimatedFinish: pace.estimatedFinish?.description,
            recommendedBy: try row.string("recommended_by"),
            wouldRecommend: try row.bool("would_recommend"),
            isPublic: try row.bool("is_public") ?? false,
            countsTowardCulturalGoal: try row.bool("counts_toward_cultural_goal") ?? false,
            culturalGoalCategory: try row.string("cultural_goal_category"),
            tags: try row.strings("tags"),
            readThroughs: try row.jsonArray("read_throughs").compactMap { item in
                guard let parts = item as? [Any], parts.count == 3, let outcome = parts[2] as? String else { return nil }
                return ReadThroughRecord(startedOn: parts[0] as? String, finishedOn: parts[1] as? String, outcome: outcome)
            },
            createdAt: try row.date("created_at"),
            updatedAt: try row.date("updated_at"))
    }

    private static func edition(_ row: LeanRow) throws -> EditionRecord? {
        guard let id = try row.uuid("ed_id") else { return nil }
        var edition = EditionRecord(id: id, externalIds: try LeanWork.externalIDs(row, "edition_external_ids"))
        edition.isbn13 = try row.string("ed_isbn13")
        edition.isbn10 = try row.string("ed_isbn10")
        edition.isbn = try row.string("ed_isbn_display") ?? edition.isbn13 ?? edition.isbn10
        edition.pageCount = try row.int("ed_page_count")
        edition.format = try row.string("ed_format")
        edition.publisher = try row.string("ed_publisher")
        edition.publishedDate = try row.string("ed_published_date")
        edition.editionTitle = try row.string("ed_edition_title")
        edition.language = try row.string("ed_language")
        edition.coverUrl = try row.string("ed_cover_url")
        edition.previewUrl = try row.string("ed_preview_url")
        edition.infoUrl = try row.string("ed_info_url")
        return edition
    }

    /// "pages first last" of the entry's sessions, or NULL without any.
    private static func sessions(_ row: LeanRow) throws -> SessionTotals {
        guard let text = try row.string("sessions") else { return SessionTotals() }
        let parts = text.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return SessionTotals() }
        return SessionTotals(
            pagesRead: Int(parts[0]) ?? 0, minutes: 0, firstDate: LocalDate(String(parts[1])),
            lastDate: LocalDate(String(parts[2])))
    }

    /// The select list, in the dialect's words for what differs (timestamps as seconds, arrays as JSON).
    /// Built once per dialect: every entry answer (a progress write's too) reads with it.
    package static func columns(_ sql: any DatabaseDialect) -> String {
        let dialect = ObjectIdentifier(type(of: sql))
        if let built = builtColumns.withLockedValue({ $0[dialect] }) { return built }
        let built = buildColumns(sql)
        builtColumns.withLockedValue { $0[dialect] = built }
        return built
    }

    private static let builtColumns = NIOLockedValueBox<[ObjectIdentifier: String]>([:])

    private static func buildColumns(_ sql: any DatabaseDialect) -> String {
        let entry = [
            "e.id", "e.work_id", "e.status", "e.owned", "e.on_wishlist", "e.favorite", "e.rating", "e.precise_rating",
            sql.seconds("e.date_added") + " AS date_added", "e.date_started", "e.date_finished", "e.current_page",
            "e.current_minutes", "e.progress", "e.daily_goal_pages", "e.total_minutes", "e.read_count", "e.recommended_by",
            "e.would_recommend", "e.is_public", "e.counts_toward_cultural_goal", "e.cultural_goal_category",
            sql.seconds("e.created_at") + " AS created_at", sql.seconds("e.updated_at") + " AS updated_at",
        ]
        let edition = [
            "id", "isbn13", "isbn10", "isbn_display", "page_count", "format", "publisher", "published_date", "edition_title",
            "language", "cover_url", "preview_url", "info_url",
        ].map { "ed.\($0) AS ed_\($0)" }
        let lists = [
            sql.arrayOf(
                "t.display", from: "entry_tags et JOIN tags t ON t.id = et.tag_id WHERE et.entry_id = e.id", orderBy: "t.key")
                + " AS tags",
            sql.arrayOf(
                ["r.started_on", "r.finished_on", "r.outcome"], from: "read_throughs r WHERE r.entry_id = e.id",
                orderBy: "r.created_at") + " AS read_throughs",
            sql.arrayOf(["x.kind", "x.value"], from: "external_ids x WHERE x.edition_id = ed.id", orderBy: "x.created_at")
                + " AS edition_external_ids",
            sql.arrayOf(
                ["o.edition_id", "o.rating", "o.date_read"], from: "entry_editions o WHERE o.entry_id = e.id",
                orderBy: "o.created_at, o.source_id") + " AS other_editions",
            """
            (SELECT \(sql.text("COALESCE(SUM(s.pages_read), 0)")) || ' ' || MIN(s.date) || ' ' || MAX(s.date)
             FROM reading_sessions s WHERE s.entry_id = e.id) AS sessions
            """,
        ]
        return (entry + LeanWork.columns(sql) + edition + lists).joined(separator: ", ")
    }

    package init(db: any Database, today: LocalDate) {
        self.db = db
        self.today = today
    }
}

/// An entry that is not there: asked for by id after it was written or checked (a race with a delete).
package struct MissingEntry: Error, CustomStringConvertible {
    package let entryID: UUID
    package var description: String { "entry \(entryID) is gone" }
}
