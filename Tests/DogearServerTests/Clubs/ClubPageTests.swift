import Fluent
import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// Clubs through the web app's forms, as two readers without a script would use them.
@Suite("Club pages")
struct ClubPageTests {
    /// The first path on the page that starts with `prefix` (a link or a form's action).
    func path(in html: String, startingWith prefix: String) -> String? {
        guard let range = html.range(of: "\"\(prefix)") else { return nil }
        let rest = html[range.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return prefix + rest[..<end]
    }

    /// The club's code as its settings page shows it.
    func code(in html: String) throws -> String {
        let marker = "class=\"share-code\">"
        let start = try #require(html.range(of: marker)).upperBound
        return String(html[start...].prefix(6))
    }

    @Test("start a club, another reader joins by the code in lower case, a book, progress, a spoiler hidden until revealed")
    func flow() async throws {
        try await withDogear { app in
            let ann = WebClient(app)
            try await ann.signUp("ann@example.com", name: "Ann")
            let bob = WebClient(app)
            try await bob.signUp("bob@example.com", name: "Bob Brown")

            // A refused form keeps what was typed.
            try await ann.get("/clubs/new")
            let refused = try await ann.post("/clubs/new", [("name", " "), ("description", "Keep me")])
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.body.contains("Keep me"))
            #expect(refused.body.contains("field-name-error"))
            // Every field comes back as typed, the club's own checkbox too, and the message beside the cover.
            let badCover = try await ann.post(
                "/clubs/new",
                [("name", "Family"), ("coverUrl", "ftp://example.com/c.jpg"), ("isPublic", "true"), ("approvesJoins", "true")])
            #expect(badCover.status == .unprocessableEntity)
            #expect(badCover.body.contains("field-coverUrl-error"))
            #expect(badCover.body.contains("value=\"ftp://example.com/c.jpg\""))
            #expect(badCover.body.contains("name=\"isPublic\" value=\"true\" checked"))
            #expect(badCover.body.contains("name=\"approvesJoins\" value=\"true\" checked"))
            let created = try await ann.post("/clubs/new", [("name", "Family Book Club")])
            let clubPath = try #require(created.location)
            #expect(clubPath.hasPrefix("/clubs/"))
            let settings = try await ann.get("\(clubPath)/settings")
            let code = try code(in: settings.body)

            // Bob types the code in lower case; a wrong code is said beside the box, with what he typed.
            try await bob.get("/clubs")
            let wrong = try await bob.post("/clubs/join", [("code", "zzzzzz")])
            #expect(wrong.status == .unprocessableEntity)
            #expect(wrong.body.contains("No club has this code"))
            #expect(wrong.body.contains("value=\"zzzzzz\""))
            let joined = try await bob.post("/clubs/join", [("code", code.lowercased())])
            #expect(joined.location == clubPath)
            try await bob.get("/clubs")
            let again = try await bob.post("/clubs/join", [("code", code)])
            #expect(again.status == .conflict)
            #expect(again.body.contains("already a member"))

            // Ann chooses the book from her library.
            let annEntry = try await ann.addBook([("title", "The Long Book"), ("authors", "Ada Writer"), ("pageCount", "400")])
            var annPage = try await ann.get(clubPath)
            #expect(annPage.body.contains("Choose the book"))
            let workID = try #require(
                try await LibraryEntry.find(UUID(uuidString: annEntry)!, on: app.db)?.$work.id)
            let set = try await ann.post("\(clubPath)/current-book", [("workId", workID.uuidString), ("isbn", "")])
            #expect(set.location == clubPath)

            // Bob is offered the book: one click, want to read.
            var bobPage = try await bob.get(clubPath)
            #expect(bobPage.body.contains("The Long Book"))
            #expect(bobPage.body.contains("Add to my library"))
            let added = try await bob.post("\(clubPath)/add-to-library", [])
            let bobBook = try #require(added.location)
            try await bob.get(bobBook)
            try await bob.must("\(bobBook)/progress", [("page", "50")])
            try await ann.get(annPage.headers.first(name: .location) ?? clubPath)
            try await ann.must("/books/\(annEntry)/progress", [("page", "220")])

            annPage = try await ann.get(clubPath)
            #expect(annPage.body.contains("Page 50 of 400"))
            #expect(annPage.body.contains("Bob Brown"))
            #expect(annPage.body.contains(">BB<"))  // his initials
            #expect(annPage.body.contains("Bob Brown started The Long Book"))

            // A comment about page 200: Ann sees it, Bob (page 50) sees that it is hidden, and by whom.
            let posted = try await ann.post("\(clubPath)/comments", [("body", "The lighthouse twist!"), ("page", "200")])
            #expect(posted.status == .seeOther)
            annPage = try await ann.get(clubPath)
            #expect(annPage.body.contains("The lighthouse twist!"))
            bobPage = try await bob.get(clubPath)
            #expect(!bobPage.body.contains("The lighthouse twist!"))
            #expect(bobPage.body.contains("Hidden until page 200"))
            let reveal = try #require(path(in: bobPage.body, startingWith: "\(clubPath)?reveal="))
            let revealed = try await bob.get(reveal.replacingOccurrences(of: "&amp;", with: "&").components(separatedBy: "#")[0])
            #expect(revealed.body.contains("The lighthouse twist!"))
            // The API says the same as the page.
            let api = try await app.send(
                .POST, "/api/v1/auth/signin", json: ["email": "bob@example.com", "password": "long enough"])
            let token = try #require(api["token"] as? String)
            let clubID = String(clubPath.dropFirst("/clubs/".count))
            let comments = try await app.send(.GET, "/api/v1/clubs/\(clubID)/comments", token: token)
                .decode(DogearServer.Page<ClubCommentDTO>.self)
            #expect(comments.items.first?.body == nil)
            #expect(comments.items.first?.hiddenUntil == "page 200")

            // Past the page, it shows by itself.
            try await bob.must("\(bobBook)/progress", [("page", "201")])
            bobPage = try await bob.get(clubPath)
            #expect(bobPage.body.contains("The lighthouse twist!"))

            // A refused comment keeps what was typed.
            let bad = try await bob.post("\(clubPath)/comments", [("body", "Keep this text"), ("page", "twelve")])
            #expect(bad.status == .unprocessableEntity)
            #expect(bad.body.contains("Keep this text"))
            #expect(bad.body.contains("value=\"twelve\""))

            // A note for discussion, written on the book's page, is shared with the club from there.
            try await bob.get(bobBook)
            try await bob.must("\(bobBook)/notes", [("content", "Ask about the lighthouse keeper"), ("discussion", "true")])
            let withNote = try await bob.get(bobBook)
            #expect(withNote.body.contains("for discussion"))
            #expect(withNote.body.contains("Share with Family Book Club"))
            let noteID = try #require(
                try await Note.query(on: app.db).filter(\.$content == "Ask about the lighthouse keeper").first()?.id)
            let shared = try await bob.post("\(clubPath)/comments", [("noteId", noteID.uuidString)])
            #expect(shared.status == .seeOther)
            #expect(try await ann.get(clubPath).body.contains("Ask about the lighthouse keeper"))

            // Home shows the club.
            let home = try await bob.get("/")
            #expect(home.body.contains("Family Book Club"))
        }
    }

    @Test("the invitation link shows the club and joins it; a private club is not found to outsiders without it")
    func invitationLink() async throws {
        try await withDogear { app in
            let ann = WebClient(app)
            try await ann.signUp("ann@example.com", name: "Ann")
            try await ann.get("/clubs/new")
            let clubPath = try #require(try await ann.post("/clubs/new", [("name", "Secret Readers")]).location)
            let code = try code(in: try await ann.get("\(clubPath)/settings").body)
            let eve = WebClient(app)
            try await eve.signUp("eve@example.com", name: "Eve")
            #expect(try await eve.get(clubPath).status == .notFound)
            let invitation = try await eve.get("/join/\(code.lowercased())")
            #expect(invitation.status == .ok)
            #expect(invitation.body.contains("Join Secret Readers"))
            let joined = try await eve.post("/join/\(code)", [])
            #expect(joined.location == clubPath)
            #expect(try await eve.get("/join/\(code)").location == clubPath)  // a member goes straight in
            #expect(try await eve.get("/join/ZZZZZZ").status == .notFound)
        }
    }

    @Test("settings: a schedule row with a bad date is said by row and keeps what was typed; the owner cannot just leave")
    func settings() async throws {
        try await withDogear { app in
            let ann = WebClient(app)
            try await ann.signUp("ann@example.com", name: "Ann")
            let entry = try await ann.addBook([("title", "The Long Book"), ("authors", "Ada Writer"), ("pageCount", "400")])
            try await ann.get("/clubs/new")
            let clubPath = try #require(try await ann.post("/clubs/new", [("name", "Club")]).location)
            let workID = try #require(
                try await LibraryEntry.find(UUID(uuidString: entry)!, on: app.db)?.$work.id)
            try await ann.get(clubPath)
            try await ann.must("\(clubPath)/current-book", [("workId", workID.uuidString)])
            try await ann.get("\(clubPath)/settings")
            let bad = try await ann.post(
                "\(clubPath)/schedule",
                [
                    ("label[]", "Chapters 1–5"), ("page[]", "100"), ("dueOn[]", "2026-03-20"),
                    ("label[]", "Chapters 6–10"), ("page[]", "200"), ("dueOn[]", "soon"),
                ])
            #expect(bad.status == .unprocessableEntity)
            #expect(bad.body.contains("Row 2"))
            #expect(bad.body.contains("value=\"Chapters 6–10\""))
            #expect(bad.body.contains("value=\"soon\""))
            let good = try await ann.post(
                "\(clubPath)/schedule",
                [
                    ("label[]", "Chapters 1–5"), ("page[]", "100"), ("dueOn[]", "2026-03-20"),
                    ("label[]", ""), ("page[]", ""), ("dueOn[]", ""),
                ])
            #expect(good.location == clubPath)
            let page = try await ann.get(clubPath)
            #expect(page.body.contains("Chapters 1–5 (to page 100) by 2026-03-20"))
            #expect(page.body.contains("Where the club should be today: page 0"))

            // With another member, the owner hands over before leaving; alone, leaving ends the club.
            let bob = WebClient(app)
            try await bob.signUp("bob@example.com", name: "Bob")
            try await bob.get("/clubs")
            try await bob.must("/clubs/join", [("code", try code(in: try await ann.get("\(clubPath)/settings").body))])
            let leave = try await ann.post("\(clubPath)/leave", [])
            #expect(leave.status == .unprocessableEntity)
            #expect(leave.body.contains("Hand the club to another member first"))
        }
    }

    @Test("home shows the reader's first three clubs; with tiers on a free reader is told kindly that starting one is premium")
    func homeAndTiers() async throws {
        try await withDogear(
            adjust: { $0.tiersEnabled = true },
            { app in
                let ann = WebClient(app)
                try await ann.signUp("ann@example.com", name: "Ann")
                let newPage = try await ann.get("/clubs/new")
                #expect(newPage.body.contains("premium"))
                let refused = try await ann.post("/clubs/new", [("name", "My Club"), ("description", "Typed")])
                #expect(refused.status == .unprocessableEntity)
                #expect(refused.body.contains("Typed"))
                #expect(try await ann.get("/clubs").body.contains("joining one is for everyone"))

                let user = try #require(try await User.query(on: app.db).filter(\.$emailKey == "ann@example.com").first())
                user.tier = .premium
                try await user.save(on: app.db)
                for name in ["First", "Second", "Third", "Fourth"] {
                    try await ann.get("/clubs/new")
                    #expect(try await ann.post("/clubs/new", [("name", "\(name) Club")]).status == .seeOther)
                }
                let home = try await ann.get("/")
                for name in ["First", "Second", "Third"] { #expect(home.body.contains("\(name) Club")) }
                #expect(!home.body.contains("Fourth Club"))
                #expect(home.body.contains("All your clubs"))
            })
    }
}
