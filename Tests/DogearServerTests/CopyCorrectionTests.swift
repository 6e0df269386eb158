import DogearTestSupport
import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// A reader corrects their copy's title, subtitle, authors, page count and format from the edit
/// page (or `copy` in the API's PATCH). What others see is left to the catalog's rules.
@Suite("Edit: correcting one's copy")
struct CopyCorrectionTests {
    @Test("a book only this reader has, typed by hand, is corrected in place from the edit page")
    func inPlace() async throws {
        try await withDogear { app in
            let ann = WebClient(app)
            try await ann.signUp()
            let id = try await ann.addBook([
                ("title", "The Wide Window"), ("authors", "Lemony Snicket"), ("status", "reading"),
            ])
            let token = try await app.signIn("ann@example.com")
            let before = try await app.send(.GET, "/api/v1/library/\(id)", token: token).entry
            let edit = try await ann.get("/books/\(id)/edit").body
            #expect(edit.contains("<legend>Your copy</legend>"))
            #expect(edit.contains("value=\"The Wide Window\""))

            let saved = try await ann.post(
                "/books/\(id)/edit",
                [
                    ("title", "The Name of the Wind"), ("subtitle", "The Kingkiller Chronicle"), ("authors", "Patrick Rothfuss"),
                    ("pageCount", "662"), ("format", "paperback"), ("status", "reading"), ("rating", ""),
                    ("dateStarted", before.dateStarted ?? ""), ("dateFinished", ""), ("tags", ""),
                ])
            #expect(saved.status == .seeOther, "\(saved.body.prefix(400))")
            let after = try await app.send(.GET, "/api/v1/library/\(id)", token: token).entry
            #expect(after.work.id == before.work.id)
            #expect(after.work.title == "The Name of the Wind")
            #expect(after.work.subtitle == "The Kingkiller Chronicle")
            #expect(after.work.authors.map(\.name) == ["Patrick Rothfuss"])
            #expect(after.edition?.pageCount == 662)
            #expect(after.edition?.format == "paperback")
            // Search finds it by the corrected title.
            #expect(try await ann.get("/library?q=kingkiller").body.contains("The Name of the Wind"))
        }
    }

    @Test("a book another reader has: only the corrector's copy changes (its own edition, or another work)")
    func shared() async throws {
        try await withDogear { app in
            let bea = try await app.signUp("bea@example.com")
            let beas = try await app.addEntry(bea, title: "Piranesi", authors: ["Susanna Clarke"], pageCount: 272)
            let ann = try await app.signUp("ann@example.com")
            let anns = try await app.addEntry(ann, title: "Piranesi", authors: ["Susanna Clarke"], pageCount: 272)
            #expect(anns.work.id == beas.work.id)
            try await app.must(
                .POST, "/api/v1/library/\(anns.id)/progress", token: ann, json: ["page": 100])

            // Ann's paperback has 245 pages: her copy gets an edition of its own.
            let pages = try await app.send(
                .PATCH, "/api/v1/library/\(anns.id)", token: ann, json: ["copy": ["pageCount": 245, "format": "paperback"]])
            #expect(pages.status == .ok, "\(pages.body)")
            let annNow = try pages.entry
            #expect(annNow.work.id == beas.work.id)
            #expect(annNow.edition?.pageCount == 245)
            #expect(annNow.edition?.id != beas.edition?.id)
            #expect(abs(annNow.progress - 100.0 / 245.0) < 0.001)
            let beaNow = try await app.send(.GET, "/api/v1/library/\(beas.id)", token: bea).entry
            #expect(beaNow.edition?.pageCount == 272)

            // A title others hold is not rewritten for them: Ann's copy moves to a work of its own.
            let retitled = try await app.send(
                .PATCH, "/api/v1/library/\(anns.id)", token: ann, json: ["copy": ["title": "Piranesi: A Novel"]])
            #expect(retitled.status == .ok, "\(retitled.body)")
            #expect(try retitled.entry.work.title == "Piranesi: A Novel")
            #expect(try retitled.entry.work.id != beas.work.id)
            #expect(try await app.send(.GET, "/api/v1/library/\(beas.id)", token: bea).entry.work.title == "Piranesi")
        }
    }

    @Test("a page count below the reader's page, with a rating in the same form: refused whole, the form kept")
    func refusedWhole() async throws {
        try await withDogear { app in
            let ann = WebClient(app)
            try await ann.signUp()
            let id = try await ann.addBook([
                ("title", "Kindred"), ("authors", "Octavia E. Butler"), ("pageCount", "264"), ("status", "reading"),
            ])
            try await ann.must("/books/\(id)/progress", [("page", "200")])
            let refused = try await ann.post(
                "/books/\(id)/edit",
                [
                    ("title", "Kindred"), ("authors", "Octavia E. Butler"), ("pageCount", "150"), ("format", ""),
                    ("status", "reading"), ("rating", "5"), ("dateStarted", ""), ("dateFinished", ""), ("tags", "Classics"),
                ])
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.body.contains("you are on page 200; the book cannot end before it"))
            #expect(refused.body.contains("value=\"150\""))
            #expect(refused.body.contains("value=\"Classics\""))
            let token = try await app.signIn("ann@example.com")
            let entry = try await app.send(.GET, "/api/v1/library/\(id)", token: token).entry
            #expect(entry.rating == nil)
            #expect(entry.tags.isEmpty)
            #expect(entry.edition?.pageCount == 264)

            let format = try await app.send(.PATCH, "/api/v1/library/\(id)", token: token, json: ["copy": ["format": "scroll"]])
            #expect(format.status == .unprocessableEntity)
            #expect(format.errorField == "format")
        }
    }

    @Test("a work only one reader has in their library, but on another reader's list, is not rewritten for that list")
    func heldByAList() async throws {
        try await withDogear { app in
            let ann = try await app.signUp("ann@example.com")
            let anns = try await app.addEntry(ann, title: "Piranesi", authors: ["Susanna Clarke"])
            let bea = try await app.signUp("bea@example.com")
            let list = try await app.send(.POST, "/api/v1/lists", token: bea, json: ["name": "Someday"])
            let listID = try #require(list["id"] as? String)
            try await app.must(
                .POST, "/api/v1/lists/\(listID)/items", token: bea, json: ["workId": anns.work.id.uuidString])

            let renamed = try await app.send(
                .PATCH, "/api/v1/library/\(anns.id)", token: ann, json: ["copy": ["title": "Not Piranesi"]])
            #expect(renamed.status == .ok, "\(renamed.body)")
            #expect(try renamed.entry.work.id != anns.work.id)
            let items = try await app.send(.GET, "/api/v1/lists/\(listID)/items", token: bea).body
            #expect(items.contains("\"title\":\"Piranesi\""))
            #expect(!items.contains("Not Piranesi"))
        }
    }

    @Test("saving the edit page untouched keeps an author whose name holds a comma, and the book's record")
    func commaInAName() async throws {
        try await withDogear { app in
            let ann = WebClient(app)
            try await ann.signUp()
            let token = try await app.signIn("ann@example.com")
            let entry = try await app.addEntry(token, title: "The Hobbit", authors: ["Tolkien, J. R. R."])
            let edit = try await ann.get("/books/\(entry.id)/edit").body
            #expect(edit.contains("value=\"Tolkien, J. R. R.\""))
            let saved = try await ann.post(
                "/books/\(entry.id)/edit",
                [
                    ("title", "The Hobbit"), ("subtitle", ""), ("authors", "Tolkien, J. R. R."), ("pageCount", ""),
                    ("format", ""), ("status", "wantToRead"), ("rating", "4"), ("dateStarted", ""), ("dateFinished", ""),
                    ("tags", ""),
                ])
            #expect(saved.status == .seeOther, "\(saved.body.prefix(300))")
            let after = try await app.send(.GET, "/api/v1/library/\(entry.id)", token: token).entry
            #expect(after.work.id == entry.work.id)
            #expect(after.work.authors.map(\.name) == ["Tolkien, J. R. R."])
            #expect(after.rating == 4)
        }
    }

    @Test("a copy that names the same shared book is refused in words; a club's current book does not move")
    func sameWorkAndClubBook() async throws {
        try await withDogear { app in
            let club = try await ReadingClub.start(app)
            // The club's book is Ann's and Bob's: a change of capitals names the same work.
            let annEntry = try #require(
                try await app.send(.GET, "/api/v1/library", token: club.ann).decode(Page<EntryDTO>.self).items.first)
            let caps = try await app.send(
                .PATCH, "/api/v1/library/\(annEntry.id)", token: club.ann, json: ["copy": ["title": "THE LONG BOOK"]])
            #expect(caps.status == .unprocessableEntity)
            #expect(caps.body.contains("names the same book"))
            let moved = try await app.send(
                .PATCH, "/api/v1/library/\(annEntry.id)", token: club.ann, json: ["copy": ["title": "A Shorter Book"]])
            #expect(moved.status == .unprocessableEntity)
            #expect(moved.body.contains("current book of a club of yours"))
            #expect(try await app.send(.GET, "/api/v1/library/\(annEntry.id)", token: club.ann).entry.work.id == club.work)
        }
    }
}
