import DogearCore
import Foundation
import SQLKit
import Testing
import Vapor

@testable import DogearBench
@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// A search by several words asks the index for one word and checks the others on each candidate's
/// texts (SQLite's newest-first order). It must find exactly what the index's AND over every word
/// finds, in the same order, page by page, including words common apart and rare together (where it
/// gives up after its budget and asks the index for every word).
@Suite("Searching by several words from one of them finds what all of them find")
struct SearchProbeTests {
    static let queries = [
        "winter garden", "ferry kitchen", "slow burn", "garcia the", "lig hou", "the a", "zephyr dragon lantern",
        "reread quote", "summer 2024", "book club", "mother sea", "zephyr 1", "clockwork atlas", "translation 1199",
    ]

    @Test("14 queries of two or three words over 1,200 books and 2,400 notes, every page")
    func sameAsEveryWord() async throws {
        try await withDogear { app in
            let built = try await SyntheticLibrary(db: app.db, entries: 1_200, notes: 2_400, seed: 7).build()
            _ = try await SearchIndexer(db: app.db).rebuildAll()
            let sql = app.db.sql
            let index = SearchIndexes.forDatabase(sql)
            var probedSomewhere = false
            for text in Self.queries {
                let query = "q=" + (text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text)
                // Newest first, as the library shows it: the probing path on SQLite.
                var shown: [UUID] = []
                var cursor: UUID?
                repeat {
                    let filter = try LibraryFilter(
                        query: query + (cursor.map { "&cursor=\(LibraryFilter.encodeCursor($0))" } ?? ""))
                    let page = try await LibrarySearchQuery(db: sql, index: index, userID: built.userID, timeZone: .gmt).run(
                        filter)
                    shown += page.ids
                    if !page.documents.isEmpty { probedSomewhere = true }
                    #expect(page.ids.count <= filter.limit)
                    cursor = page.nextCursor
                } while cursor != nil
                #expect(Set(shown).count == shown.count, "\(text): an entry shown twice")
                // Every word asked of the index at once.
                let expected = try await Self.everyWord(text, userID: built.userID, app: app)
                #expect(shown == expected, "\(text): \(shown.count) shown, \(expected.count) expected")
            }
            if sql.kind == .sqlite {
                #expect(probedSomewhere)
                // And one query's words are common apart and rare together: the probing gave up there.
                #expect(try await Self.givesUp("translation 1199", userID: built.userID, app: app))
            }
        }
    }

    /// Whether the driving word's first `probeBudget` matches hold less than a page of matches of
    /// every word while it has more matches than that: the search then asks the index for every word.
    static func givesUp(_ text: String, userID: UUID, app: Application) async throws -> Bool {
        let terms = SearchTerms(text)
        guard let driver = SQLiteSearchIndex.driver(terms.words) else { return false }
        let candidates = try await app.db.sql.raw(
            """
            SELECT d.entry_id AS id FROM entry_search JOIN entry_search_docs d ON d.rowid = entry_search.rowid
            WHERE entry_search MATCH \(bind: SQLiteSearchIndex.match([driver])) AND d.owner = \(bind: userID.uuidString)
            ORDER BY entry_search.rowid DESC
            """
        ).all().map { try $0.decode(column: "id", as: String.self) }
        let all = Set(try await everyWord(text, userID: userID, app: app).map(\.uuidString))
        let early = candidates.prefix(LibrarySearchQuery.probeBudget).filter(all.contains).count
        return candidates.count > LibrarySearchQuery.probeBudget && early <= 20
    }

    /// Every word, worked out without the product's search code: each entry's stored texts read with
    /// plain SQL, folded and split into words here (Foundation's folding, letters and digits), and
    /// kept when every word of the query begins one of its words. Newest first as each database
    /// orders the library: the FTS5 rowid on SQLite, date added (then id) on PostgreSQL.
    static func everyWord(_ text: String, userID: UUID, app: Application) async throws -> [UUID] {
        let sql = app.db.sql
        let rows =
            sql.kind == .sqlite
            ? try await sql.raw(
                """
                SELECT d.entry_id AS id, d.title, d.authors, d.isbn, d.tags, d.notes, d.quotes FROM entry_search_docs d
                WHERE d.owner = \(bind: userID.uuidString) ORDER BY d.rowid DESC
                """
            ).all()
            : try await sql.raw(
                """
                SELECT CAST(s.entry_id AS TEXT) AS id, s.title, s.authors, s.isbn, s.tags, s.notes, s.quotes
                FROM entry_search s JOIN library_entries e ON e.id = s.entry_id
                WHERE s.user_id = \(bind: userID) ORDER BY e.date_added DESC, e.id DESC
                """
            ).all()
        let wanted = words(text)
        var found: [UUID] = []
        for row in rows {
            let texts = try ["title", "authors", "isbn", "tags", "notes", "quotes"].compactMap {
                try row.decode(column: $0, as: String?.self)
            }
            let have = Set(texts.flatMap(words))
            if wanted.allSatisfy({ word in have.contains { $0.hasPrefix(word) } }) {
                found.append(UUID(uuidString: try row.decode(column: "id", as: String.self))!)
            }
        }
        return found
    }

    /// Lower-case, accents dropped, split at anything but a letter or a digit.
    static func words(_ text: String) -> [String] {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .components(separatedBy: CharacterSet.alphanumerics.inverted).filter { !$0.isEmpty }
    }
}
