import DogearCore
import DogearStore
import FluentKit
import Foundation

/// Reading a reader's library: a page of search, filters and sorts with the reasons each book
/// matched, one entry as the API shows it, and the facts the library page needs around them. The
/// API's controller and the web pages both call this, so they always show the same books.
package struct LibraryQueryService {
    package let db: any Database
    package let user: User
    package let today: LocalDate

    private var loader: EntryLoader { EntryLoader(db: db, today: today) }

    /// Keyset-paginated: the cursor is the last entry's id, so a page never repeats or skips entries
    /// when others are added meanwhile. Newest first by default.
    package func page(_ filter: LibraryFilter) async throws -> ResultPage<EntryRecord> {
        let userID = try user.requireID()
        if let cursor = filter.cursor,
            try await db.sql.raw("SELECT id FROM library_entries WHERE id = \(bind: cursor) AND user_id = \(bind: userID)")
                .first() == nil
        {
            throw DomainError.badRequest("this cursor is not valid; start again without one", field: "cursor")
        }
        let sql = db.sql
        let index = SearchIndexes.forDatabase(sql)
        let zone = TimeZone(identifier: user.timeZone) ?? .gmt
        let page = try await LibrarySearchQuery(db: sql, index: index, userID: userID, timeZone: zone).run(filter)
        var items = try await loader.load(page.ids)
        if !filter.terms.isEmpty {
            let documents = page.documents.isEmpty ? try await index.documents(page.ids, on: sql) : page.documents
            for position in items.indices {
                let fields = documents[items[position].id]?.fields ?? []
                items[position].matches = MatchReasons.find(filter.terms, in: fields)
            }
        }
        return ResultPage(items: items, nextCursor: page.nextCursor.map(LibraryFilter.encodeCursor))
    }

    /// One of the reader's entries as the API shows it; another reader's is "not found".
    package func entry(_ id: UUID) async throws -> EntryRecord {
        // Read with the owner in the statement, not checked by loading the entry's model first.
        guard let entry = try await loader.load([id], owner: try user.requireID()).first else { throw DomainError.entryNotFound }
        return entry
    }

    /// An entry the caller already holds (just written), as the API shows it.
    package func dto(_ entry: LibraryEntry) async throws -> EntryRecord {
        try await loader.loadOne(try entry.requireID())
    }

    /// The reader's tags as they typed them, A–Z, for filters and autocomplete.
    package func tagNames() async throws -> [String] {
        try await db.sql.raw("SELECT display FROM tags WHERE user_id = \(bind: user.requireID()) ORDER BY key").all()
            .map { try $0.decode(column: "display", as: String.self) }
    }

    /// The authors of the reader's books, for the add form's autocomplete.
    package func authorNames() async throws -> [String] {
        try await AutocompleteQuery(db: db, userID: user.requireID()).authors(prefix: "").filter(\.inLibrary).map(\.name)
    }

    /// How many books are on each shelf (status), and in all: the library's tabs and
    /// `GET /api/v1/library/shelves`. One grouped count over the reader's rows (their user index).
    /// Counted again only when the reader's library changed since (`ShelfCountMemory`).
    package func shelves() async throws -> ShelfCounts {
        let userID = try user.requireID()
        let sql = db.sql
        return try await ShelfCountMemory.counts(
            of: userID, on: sql, databaseKey: db.inTransaction ? nil : SQLiteWriteGroups.key(of: db)
        ) {
            let rows = try await sql.raw(
                "SELECT status, COUNT(*) AS n FROM library_entries WHERE user_id = \(bind: userID) GROUP BY status"
            ).all()
            var counts: [ReadingStatus: Int] = [:]
            for row in rows {
                guard let status = ReadingStatus(rawValue: try row.decode(column: "status", as: String.self)) else { continue }
                counts[status] = try row.decode(column: "n", as: Int.self)
            }
            return ShelfCounts(counts: counts)
        }
    }

    /// For a search that found nothing: the reader's authors and titles a slip away from what was
    /// typed (`NearSpellings`). Read only then; capped so a vast library stays a bounded read.
    package func nearSpellings(of query: String) async throws -> [NearSpellings.Suggestion] {
        let userID = try user.requireID()
        let rows = try await db.sql.raw(
            """
            SELECT name FROM (
              SELECT DISTINCT a.name AS name, 0 AS kind FROM library_entries e
              JOIN work_authors wa ON wa.work_id = e.work_id JOIN authors a ON a.id = wa.author_id
              WHERE e.user_id = \(bind: userID)
              UNION
              SELECT DISTINCT w.title AS name, 1 AS kind FROM library_entries e JOIN works w ON w.id = e.work_id
              WHERE e.user_id = \(bind: userID)
            ) names ORDER BY kind, name LIMIT 5000
            """
        ).all()
        return NearSpellings.suggestions(for: query, among: try rows.map { try $0.decode(column: "name", as: String.self) })
    }

    package func isEmpty() async throws -> Bool {
        try await LibraryEntry.query(on: db).filter(\.$user.$id == user.requireID()).count() == 0
    }

    package init(db: any Database, user: User, today: LocalDate) {
        self.db = db
        self.user = user
        self.today = today
    }
}
