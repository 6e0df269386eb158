import DogearCore
import FluentSQL
import Foundation
import SQLKit

/// One page of a user's library as entry ids, in SQL: the search condition from the dialect's
/// index, the filters, the sort with the entry id as tie-break, and keyset paging from the cursor
/// entry (rows after it in the same order), so pages never repeat or skip.
package struct LibrarySearchQuery {
    package let db: any SQLDatabase
    package let index: any SearchIndex
    package let userID: UUID
    package let timeZone: TimeZone

    package struct Page {
        /// The page's entries in order, for `EntryLoader` to read.
        package let ids: [UUID]
        package let nextCursor: UUID?
        /// The page's indexed texts when the search read them already (probing), for match reasons.
        package var documents: [UUID: SearchDocument] = [:]
    }

    package func run(_ filter: LibraryFilter) async throws -> Page {
        if filter.sort == .added, !filter.terms.isEmpty,
            let newest = index.newestFirst(filter.terms, userID: userID, after: filter.cursor)
        {
            return try await newestMatchesFirst(newest, filter)
        }
        let order = Self.order(filter.sort)
        let keys = order.keys.joined(separator: ", ")
        var conditions = filterConditions(filter)
        if !filter.terms.isEmpty {
            conditions.append(index.condition(filter.terms, userID: userID))
        }
        if let cursor = filter.cursor {
            conditions.append(
                """
                (\(unsafeRaw: keys), e.id) \(unsafeRaw: order.descending ? "<" : ">") \
                (SELECT \(unsafeRaw: keys), e.id \(unsafeRaw: Self.from) WHERE e.id = \(bind: cursor) AND e.user_id = \(bind: userID))
                """)
        }
        let direction = order.descending ? " DESC" : " ASC"
        let orderBy = (order.keys + ["e.id"]).map { $0 + direction }.joined(separator: ", ")
        return try await page(
            "SELECT e.id \(unsafeRaw: Self.from) WHERE " + Self.and(conditions)
                + " ORDER BY \(unsafeRaw: orderBy) LIMIT \(unsafeRaw: String(filter.limit + 1))", limit: filter.limit)
    }

    /// The default sort with a query, on an index kept in date-added order (SQLite's): the index is
    /// read in its own order and stops after one page, however many books match.
    private func newestMatchesFirst(_ newest: NewestFirstMatches, _ filter: LibraryFilter) async throws -> Page {
        if let probe = newest.probe, let page = try await probing(newest, probe, filter) { return page }
        let conditions = filterConditions(filter) + newest.conditions
        return try await page(
            "SELECT e.id " + newest.from + " WHERE " + Self.and(conditions)
                + " ORDER BY \(unsafeRaw: newest.order) DESC LIMIT \(unsafeRaw: String(filter.limit + 1))",
            limit: filter.limit)
    }

    /// Candidates read at a time while probing, and how many before the index is asked for every word.
    package static let probeBatch = 64
    package static let probeBudget = 512

    /// Several words, newest first: the index is asked for one word (`SQLiteSearchIndex.driver`) and
    /// its matches are read in the index's order with their texts, a batch at a time; each candidate
    /// is kept when its texts hold every other word too (Core's `MatchReasons.contains`). Two common
    /// prefixes then cost what one does. Nil when words common apart but rare together leave the
    /// page short after `probeBudget` candidates: the index's AND over every word answers that.
    private func probing(_ newest: NewestFirstMatches, _ probe: NewestFirstMatches.Probe, _ filter: LibraryFilter)
        async throws -> Page?
    {
        var found: [UUID] = []
        var documents: [UUID: SearchDocument] = [:]
        var after: Int64?
        var read = 0
        while read < Self.probeBudget {
            var conditions = filterConditions(filter) + probe.conditions
            if let after { conditions.append("\(unsafeRaw: probe.after) \(bind: after)") }
            let rows = try await db.raw(
                "SELECT e.id AS id, \(unsafeRaw: probe.columns) " + newest.from + " WHERE " + Self.and(conditions)
                    + " ORDER BY \(unsafeRaw: newest.order) DESC LIMIT \(unsafeRaw: String(Self.probeBatch))"
            ).all()
            for row in rows {
                let id = try row.decode(column: "id", as: UUID.self)
                let document = try SearchDocument(row: row, entryID: id, userID: userID)
                guard probe.words.allSatisfy({ MatchReasons.contains($0, in: document.fields) }) else { continue }
                found.append(id)
                documents[id] = document
                if found.count > filter.limit {
                    let page = Array(found.prefix(filter.limit))
                    return Page(ids: page, nextCursor: page.last, documents: documents)
                }
            }
            read += rows.count
            if rows.count < Self.probeBatch { return Page(ids: found, nextCursor: nil, documents: documents) }
            after = try rows.last?.decode(column: probe.position, as: Int64.self)
        }
        return nil
    }

    /// The page's entry ids only: `EntryLoader` reads the entries themselves in one more statement.
    private func page(_ sql: SQLQueryString, limit: Int) async throws -> Page {
        let rows = try await db.raw(sql).all().map { try $0.decode(column: "id", as: UUID.self) }
        let page = Array(rows.prefix(limit))
        return Page(ids: page, nextCursor: rows.count > limit ? page.last : nil)
    }

    private static func and(_ conditions: [SQLQueryString]) -> SQLQueryString {
        conditions.dropFirst().reduce(conditions[0]) { $0 + " AND " + $1 }
    }

    /// The filters, each a condition on `e` (library_entries) or `ed` (editions).
    private func filterConditions(_ filter: LibraryFilter) -> [SQLQueryString] {
        var conditions: [SQLQueryString] = ["e.user_id = \(bind: userID)"]
        if !filter.statuses.isEmpty {
            conditions.append("e.status IN (\(binds: filter.statuses.map(\.rawValue)))")
        }
        if !filter.tagKeys.isEmpty {
            conditions.append(
                """
                e.id IN (SELECT et.entry_id FROM entry_tags et JOIN tags t ON t.id = et.tag_id \
                WHERE t.user_id = \(bind: userID) AND t.key IN (\(binds: filter.tagKeys)))
                """)
        }
        if !filter.ratings.isEmpty { conditions.append("e.rating IN (\(binds: filter.ratings))") }
        if let from = filter.addedFrom { conditions.append("e.date_added >= \(bind: startOfDay(from))") }
        if let to = filter.addedTo { conditions.append("e.date_added < \(bind: startOfDay(to.adding(days: 1)))") }
        if let from = filter.startedFrom { conditions.append("e.date_started >= \(bind: from.description)") }
        if let to = filter.startedTo { conditions.append("e.date_started <= \(bind: to.description)") }
        if let from = filter.finishedFrom { conditions.append("e.date_finished >= \(bind: from.description)") }
        if let to = filter.finishedTo { conditions.append("e.date_finished <= \(bind: to.description)") }
        if let owned = filter.owned { conditions.append("e.owned = \(bind: owned)") }
        if let wishlist = filter.wishlist { conditions.append("e.on_wishlist = \(bind: wishlist)") }
        if let favorite = filter.favorite { conditions.append("e.favorite = \(bind: favorite)") }
        if !filter.formats.isEmpty { conditions.append("ed.format IN (\(binds: filter.formats.map(\.rawValue)))") }
        return conditions
    }

    /// Every sort reads from the same joins; the first author is the one at position 0.
    package static let from = """
        FROM library_entries e JOIN works w ON w.id = e.work_id \
        LEFT JOIN editions ed ON ed.id = e.edition_id \
        LEFT JOIN work_authors wa0 ON wa0.work_id = e.work_id AND wa0.position = 0 \
        LEFT JOIN authors a0 ON a0.id = wa0.author_id
        """

    /// Sort keys never NULL (so row comparison works): books with no finish date or rating come
    /// last, books with no author after the rest.
    package static func order(_ sort: LibraryFilter.Sort) -> (keys: [String], descending: Bool) {
        switch sort {
        case .added: return (["e.date_added"], true)
        case .finished: return (["COALESCE(e.date_finished, '')"], true)
        case .title: return (["LOWER(w.title)"], false)
        case .rating: return (["COALESCE(e.precise_rating, CAST(e.rating AS DOUBLE PRECISION), -1.0)"], true)
        case .author: return (["CASE WHEN a0.name IS NULL THEN 1 ELSE 0 END", "LOWER(COALESCE(a0.name, ''))"], false)
        }
    }

    private func startOfDay(_ date: LocalDate) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.date(from: DateComponents(year: date.year, month: date.month, day: date.day)) ?? Date.distantPast
    }

    package init(db: any SQLDatabase, index: any SearchIndex, userID: UUID, timeZone: TimeZone) {
        self.db = db
        self.index = index
        self.userID = userID
        self.timeZone = timeZone
    }
}
