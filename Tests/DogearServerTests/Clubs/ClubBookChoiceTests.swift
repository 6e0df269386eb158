import DogearTestSupport
import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore
@testable import DogearViews

/// The club page: the book chosen by a search (the owner's books first), an Invite button with the
/// code and link, and "Add to my library" on the shelf pressed (Reading by default).
@Suite("Club page: choosing the book, inviting, adding the book")
struct ClubBookChoiceTests {
    @Test("the owner finds the book by typing, presses once, and it is the club's book; members see Invite")
    func chooseAndInvite() async throws {
        try await withStubbedDogear(offline: true) { app, _ in
            let ann = WebClient(app)
            ann.headers = ["Host": "books.example:9090"]
            try await ann.signUp()
            let token = try await app.signIn("ann@example.com")
            for title in ["Piranesi", "Jonathan Strange & Mr Norrell", "The Ladies of Grace Adieu"] {
                _ = try await app.addEntry(token, title: title, authors: ["Susanna Clarke"])
            }
            let club = try await app.send(.POST, "/api/v1/clubs", token: token, json: ["name": "Clarke fans"])
                .decode(ClubDTO.self)
            let page = try await ann.get("/clubs/\(club.id)").body
            #expect(page.contains("<summary class=\"button\">Invite</summary>"))
            #expect(page.contains(">\(club.joinCode!)</p>"))
            #expect(page.contains("http://books.example:9090/join/\(club.joinCode!)"))
            // No 200-title drop-down: a search box.
            #expect(!page.contains("id=\"current-work\""))
            #expect(page.contains("name=\"book\""))

            let found = try await ann.get("/clubs/\(club.id)?book=piranesi").body
            #expect(found.contains("<details class=\"club-set-book\" open>"))
            #expect(found.contains("aria-label=\"Make “Piranesi” the current book\""))
            #expect(found.contains("In your library"))
            #expect(!found.contains("Make “The Ladies of Grace Adieu” the current book"))
            let workID = try #require(
                found.components(separatedBy: "name=\"workId\" value=\"").dropFirst().first?.prefix(36))
            let chosen = try await ann.post("/clubs/\(club.id)/current-book", [("workId", String(workID))])
            #expect(chosen.status == .seeOther)
            let now = try await app.send(.GET, "/api/v1/clubs/\(club.id)", token: token).decode(ClubDTO.self)
            #expect(now.currentBook?.work.title == "Piranesi")
        }
    }

    @Test("a member adds the club's book as Reading with one press; Want to read when pressed")
    func addAsReading() async throws {
        try await withDogear { app in
            let club = try await ReadingClub.start(app)
            let cara = WebClient(app)
            try await cara.signUp("cara@example.com", name: "Cara")
            let caraToken = try await app.signIn("cara@example.com")
            let code = try #require(
                try await app.send(.GET, "/api/v1/clubs/\(club.club)", token: club.ann).decode(ClubDTO.self).joinCode)
            try await app.must(.POST, "/api/v1/clubs/join", token: caraToken, json: ["code": code])
            let page = try await cara.get("/clubs/\(club.club)").body
            #expect(page.contains("Add to my library as Reading"))
            let added = try await cara.post("/clubs/\(club.club)/add-to-library", [("status", "reading")])
            #expect(added.status == .seeOther)
            let library = try await app.send(.GET, "/api/v1/library", token: caraToken).decode(Page<EntryDTO>.self)
            #expect(library.items.map(\.status) == ["reading"])
            #expect(try await cara.get("/clubs/\(club.club)").body.contains("In your library"))
            let wrong = try await cara.post("/clubs/\(club.club)/add-to-library", [("status", "onHold")])
            #expect(wrong.status == .unprocessableEntity)
        }
    }
}
