import Fluent
import Foundation
import SQLKit
import Testing

@testable import DogearBench
@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// An import's new entries are indexed by `SearchIndexer.reindex(_:new: true)`: on SQLite the
/// database builds their documents itself (`SQLiteSearchIndex.writeNew`), and rebuilds them in place
/// at every later change (`rewrite`); on PostgreSQL Swift reads and joins them
/// (`SearchIndexer.documents(for:)`). The three must write the same documents. Documents that
/// differed would make a book findable by a word after an import and not after its next edit.
@Suite("Search documents: an import's are the ones every later change writes")
struct SearchDocumentsTests {
    @Test("a document's column splits back into the texts joined into it, empty ones and non-ASCII kept")
    func splitUndoesJoin() {
        for texts in [["a"], ["a", "", "b", ""], ["", ""], ["Ünïcode\nover two lines", "e\u{301}", "🙂"]] {
            let joined = SearchDocument.join(texts)
            #expect(SearchDocument.split(joined) == texts)
            #expect(SearchDocument.split(joined) == joined.components(separatedBy: SearchDocument.separator))
        }
        #expect(SearchDocument.split("").isEmpty)
    }

    @Test("400 books with subtitles, three authors, no edition, an ISBN-10 alone, tags, notes and quotes")
    func newDocumentsAreReindexedDocuments() async throws {
        try await withDogear { app in
            let built = try await SyntheticLibrary(db: app.db, entries: 400, notes: 600, seed: 11).build()
            let sql = app.db.sql
            let entries = try await LibraryEntry.query(on: app.db).sort(\.$id).all()
            let ids = try entries.map { try $0.requireID() }
            // What the synthetic library lacks: a subtitle (and an empty one), an entry without an
            // edition, an edition with only its ISBN-10, quotes (one over two lines), two notes at once.
            try await sql.raw("UPDATE works SET subtitle = 'A Novel' WHERE id = \(bind: entries[0].$work.id)").run()
            try await sql.raw("UPDATE works SET subtitle = '' WHERE id = \(bind: entries[1].$work.id)").run()
            try await sql.raw("UPDATE library_entries SET edition_id = NULL WHERE id = \(bind: ids[2])").run()
            if let editionID = entries[3].$edition.id {
                try await sql.raw("UPDATE editions SET isbn13 = NULL, isbn10 = '0306406152' WHERE id = \(bind: editionID)").run()
            }
            for (index, text) in ["The sea was\nsilver.", "Every ending is a door."].enumerated() {
                let quote = Quote(entryID: ids[4 + index % 2], userID: built.userID, text: text, page: nil)
                try await quote.create(on: app.db)
            }
            // A second and third author (the list keeps their order, not the alphabet's).
            let links = try await WorkAuthor.query(on: app.db).all()
            let own = Set(links.filter { $0.$work.id == entries[6].$work.id }.map(\.$author.id))
            var others: [UUID] = []
            for link in links where !own.contains(link.$author.id) && !others.contains(link.$author.id) {
                others.append(link.$author.id)
            }
            for (position, authorID) in [others[7], others[3]].enumerated() {
                try await WorkAuthor(workID: entries[6].$work.id, authorID: authorID, position: position + 1).create(on: app.db)
            }
            // Written after the library's own notes (whose time is the machine's), so they come last.
            for (offset, content) in ["first of two", "second of two"].enumerated() {
                let note = Note(entryID: ids[5], userID: built.userID, content: content, isDiscussion: false)
                note.createdAt = Date().addingTimeInterval(3_600 + Double(offset))
                try await note.create(on: app.db)
            }

            let indexer = SearchIndexer(db: app.db)
            let index = SearchIndexes.forDatabase(sql)
            try await indexer.reindex(ids, new: true)
            let asImported = try await index.documents(ids, on: sql)
            try await indexer.reindex(ids)
            let asReindexed = try await index.documents(ids, on: sql)
            // And as Swift reads and joins them (PostgreSQL's way), written over the same rows.
            try await index.write(try await indexer.documents(for: ids), replacing: true, on: sql)
            let asJoinedInSwift = try await index.documents(ids, on: sql)

            #expect(asImported.count == ids.count)
            #expect(asReindexed.count == ids.count)
            #expect(asJoinedInSwift.count == ids.count)
            for id in ids where asImported[id] != asReindexed[id] || asImported[id] != asJoinedInSwift[id] {
                Issue.record(
                    "entry \(id): imported \(String(describing: asImported[id])), reindexed \(String(describing: asReindexed[id])), joined in Swift \(String(describing: asJoinedInSwift[id]))"
                )
            }
            // The cases above are in the documents as a reader searches them.
            #expect(asImported[ids[0]]?.title.hasSuffix(": A Novel") == true)
            #expect(asImported[ids[1]]?.title.hasSuffix(": ") == true)
            #expect(asImported[ids[2]]?.isbns == [])
            #expect(asImported[ids[3]]?.isbns == ["0306406152"])
            #expect(asImported[ids[4]]?.quotes == ["The sea was\nsilver."])
            #expect(asImported[ids[5]]?.notes.suffix(2) == ["first of two", "second of two"])
            #expect(asImported[ids[6]]?.authors.count == 3)
            #expect(asImported.values.contains { !$0.tags.isEmpty })
            // Found by the full-text index, not only stored: a word of the quote finds its book.
            let filter = try LibraryFilter(query: "q=silver")
            let page = try await LibrarySearchQuery(db: sql, index: index, userID: built.userID, timeZone: .gmt).run(filter)
            #expect(page.ids.contains(ids[4]))
        }
    }
}
