import DogearTestSupport
import Foundation
import Testing
import Vapor

@testable import DogearServer

/// BookWyrm's and Hardcover's exports through the API, with Goodreads' promises: every row lands
/// with its status, dates, rating, shelves or lists and review, and the same file again changes
/// nothing.
@Suite("Import: BookWyrm and Hardcover")
struct ImportMoreFormatsTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func file(_ path: String) throws -> Data {
        try Data(contentsOf: fixtures.appendingPathComponent(path))
    }

    @Test("BookWyrm's export: three books with their statuses, dates, ratings, review and custom shelf; again, nothing changes")
    func bookWyrm() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let job = try await app.importFile(
                token, try Self.file("bookwyrm/bookwyrm-3rows-2024-08.csv"), fileName: "bookwyrm.csv")
            #expect(job.format == "bookWyrm")
            #expect(job.created == 3)
            #expect(job.failed == 0)
            let library = try await app.send(.GET, "/api/v1/library?q=ottolenghi", token: token).entries
            let ottolenghi = try #require(library.items.first)
            #expect(ottolenghi.status == "read")
            #expect(ottolenghi.rating == 4)
            #expect(ottolenghi.tags == ["Cooking"])
            #expect(ottolenghi.dateStarted == "2022-08-10")
            #expect(ottolenghi.dateFinished == "2022-10-10")
            let notes = try await app.send(.GET, "/api/v1/library/\(ottolenghi.id)/notes", token: token)
            #expect(notes.body.contains("Too much tahini\\n\\n...in his hummus"))
            let wanted = try await app.send(.GET, "/api/v1/library?status=wantToRead", token: token).entries
            #expect(wanted.items.map(\.work.title) == ["我穿我自己"])

            let counts = try await Self.counts(app)
            let again = try await app.importFile(
                token, try Self.file("bookwyrm/bookwyrm-3rows-2024-08.csv"), fileName: "again.csv")
            #expect(again.created == 0)
            #expect(again.unchanged == 3)
            #expect(try await Self.counts(app) == counts)
        }
    }

    @Test("Hardcover's export: statuses (did not finish too), half stars, lists as tags, a dated review; again, nothing changes")
    func hardcover() async throws {
        let data = try Self.file("hardcover/hardcover-by-hand-from-importer-columns.csv")
        try await withDogear { app in
            let token = try await app.signUp()
            let job = try await app.importFile(token, data, fileName: "hardcover.csv")
            #expect(job.format == "hardcover")
            #expect(job.created == 5)
            #expect(job.failed == 0)
            let piranesi = try #require(try await app.send(.GET, "/api/v1/library?q=piranesi", token: token).entries.items.first)
            #expect(piranesi.status == "read")
            #expect(piranesi.preciseRating == 4.5)
            #expect(piranesi.tags.sorted() == ["Book Club", "Favorites"])
            #expect(piranesi.owned)
            let jest = try #require(try await app.send(.GET, "/api/v1/library?q=infinite", token: token).entries.items.first)
            #expect(jest.status == "didNotFinish")
            #expect(jest.dateFinished == "2023-07-15")

            let counts = try await Self.counts(app)
            let again = try await app.importFile(token, data, fileName: "again.csv")
            #expect(again.created == 0)
            #expect(again.unchanged == 5)
            #expect(try await Self.counts(app) == counts)
        }
    }

    @Test("shelvesAs=lists: Hardcover's lists and BookWyrm's own shelf become lists of those books, not tags")
    func listsOfTheirOwn() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            _ = try await app.importFile(
                token, try Self.file("hardcover/hardcover-by-hand-from-importer-columns.csv"), fileName: "hardcover.csv",
                query: "shelvesAs=lists")
            _ = try await app.importFile(
                token, try Self.file("bookwyrm/bookwyrm-3rows-2024-08.csv"), fileName: "bookwyrm.csv", query: "shelvesAs=lists")
            let lists = try await app.send(.GET, "/api/v1/lists", token: token).decode([ListDTO].self).filter { !$0.isDefault }
            #expect(Set(lists.map(\.name)) == ["Book Club", "Favorites", "To buy", "Cooking"])
            let piranesi = try #require(try await app.send(.GET, "/api/v1/library?q=piranesi", token: token).entries.items.first)
            #expect(piranesi.tags.isEmpty)
        }
    }

    static func counts(_ app: Application) async throws -> [Int] {
        var counts: [Int] = []
        for table in ["works", "library_entries", "tags", "entry_tags", "notes", "read_throughs", "imported_fields"] {
            counts.append(try await app.count("SELECT COUNT(*) AS n FROM \(table)"))
        }
        return counts
    }
}
