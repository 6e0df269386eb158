import Fluent
import Foundation
import SQLKit
import Testing

@testable import DogearBench
@testable import DogearServer
@testable import DogearStore

/// A club's current book is read in one statement (`ReaderClubs.books`) where the catalog loader
/// reads works, authors, external IDs and covers apart: both must show the same book.
@Suite("Clubs' current books: one statement shows what the catalog loader shows")
struct ReaderClubsBooksTests {
    @Test("works with several authors, external IDs, editions with and without covers")
    func sameAsCatalogLoader() async throws {
        try await withDogear { app in
            _ = try await SyntheticLibrary(db: app.db, entries: 60, notes: 0, seed: 5).build()
            let works = try await Work.query(on: app.db).all()
            let ids = try works.map { try $0.requireID() }
            // What the synthetic catalog lacks: external IDs, a second author, a cover on a later edition.
            for (kind, value) in [("openlibrary", "OL1W"), ("goodreads", "42")] {
                let external = ExternalID()
                external.$work.id = ids[0]
                external.kind = kind
                external.value = value
                try await external.create(on: app.db)
            }
            let authors = try await WorkAuthor.query(on: app.db).all()
            if let other = authors.first(where: { $0.$work.id != ids[1] }) {
                try await WorkAuthor(workID: ids[1], authorID: other.$author.id, position: 1).create(on: app.db)
            }
            try await app.db.sql.raw("UPDATE editions SET cover_url = NULL WHERE work_id = \(bind: ids[2])").run()
            try await app.db.sql.raw(
                "UPDATE editions SET cover_url = 'https://covers.example/late.jpg' WHERE work_id = \(bind: ids[3])"
            ).run()

            let lean = try await ReaderClubs.books(ids, on: app.db)
            let loader = CatalogLoader(db: app.db)
            let loaded = try await loader.works(ids)
            let facts = try await loader.bookFacts(ids)
            #expect(lean.count == ids.count)
            for id in ids {
                #expect(lean[id]?.0 == loaded[id], "work \(id)")
                #expect(lean[id]?.1 == facts[id]?.coverUrl, "cover of \(id)")
            }
            #expect(lean[ids[0]]?.0.externalIds["goodreads"] == ["42"])
            #expect(lean[ids[1]]?.0.authors.count == 2)
            #expect(lean[ids[2]]?.1 == nil)
        }
    }
}
