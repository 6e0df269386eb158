import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// Lists through the web app's forms, as a reader without a script would use them.
@Suite("List pages")
struct ListPageTests {
    /// The first path on the page that starts with `prefix` (a link or a form's action).
    func path(in html: String, startingWith prefix: String) -> String? {
        guard let range = html.range(of: "\"\(prefix)") else { return nil }
        let rest = html[range.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return prefix + rest[..<end]
    }

    @Test(
        "make a list, add books from their pages, move one up, share it; another reader opens it by typing the code and saves it")
    func flow() async throws {
        try await withDogear { app in
            let ann = WebClient(app)
            try await ann.signUp("ann@example.com")
            let lists = try await ann.get("/lists")
            #expect(lists.status == .ok)
            for name in ["Currently Reading", "Want to Read", "Finished", "Favorites"] { #expect(lists.body.contains(name)) }

            // A refused form keeps what was typed.
            try await ann.get("/lists/new")
            let refused = try await ann.post(
                "/lists/new", [("name", "  "), ("description", "Keep me"), ("bannerUrl", "javascript:alert(1)")])
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.body.contains("Keep me"))
            #expect(refused.body.contains("field-name-error"))

            let created = try await ann.post("/lists/new", [("name", "Summer 2027"), ("isPublic", "true")])
            #expect(created.status == .seeOther)
            let listPath = try #require(created.location)

            // Three books, each added from its own page.
            var bookPaths: [String] = []
            for title in ["Piranesi", "Kindred", "Middlemarch"] {
                try await ann.get("/add")
                let added = try await ann.post("/add", [("title", title), ("authors", "Someone"), ("status", "wantToRead")])
                let bookPath = try #require(added.location)
                bookPaths.append(bookPath)
                let bookPage = try await ann.get(bookPath)
                #expect(bookPage.body.contains("Add to list"))
                let listID = String(listPath.dropFirst("/lists/".count))
                let action = try #require(path(in: bookPage.body, startingWith: "\(bookPath)/add-to-list"))
                let put = try await ann.post(action, [("list", listID)])
                // Back on the list, which says what was added (FeedbackTests).
                #expect(put.location?.hasPrefix(listPath + "?added=") == true)
            }
            var page = try await ann.get(listPath)
            func order(_ html: String) -> [String] {
                ["Piranesi", "Kindred", "Middlemarch"].sorted {
                    html.range(of: ">\($0)<")!.lowerBound < html.range(of: ">\($1)<")!.lowerBound
                }
            }
            #expect(order(page.body) == ["Piranesi", "Kindred", "Middlemarch"])

            // Move Middlemarch up, without a script: the form's "to" is its new place.
            let moveMiddlemarch = try #require(
                page.body.components(separatedBy: "<li").first { $0.contains(">Middlemarch<") }
                    .flatMap { path(in: $0, startingWith: listPath + "/items/") })
            let moved = try await ann.post(moveMiddlemarch, [("to", "1")])
            #expect(moved.status == .seeOther)
            page = try await ann.get(listPath)
            #expect(order(page.body) == ["Piranesi", "Middlemarch", "Kindred"])

            // The share sheet shows the code in large type; Bob types it in lower case.
            let code = try #require(
                page.body.range(of: "class=\"share-code\">").map { String(page.body[$0.upperBound...].prefix(6)) })
            let bob = WebClient(app)
            try await bob.signUp("bob@example.com", name: "Bob")
            try await bob.get("/lists")
            let open = try await bob.get("/lists/open?code=%20\(code.lowercased())%20")
            #expect(open.location == "/l/\(code)")
            let shared = try await bob.get("/l/\(code)")
            #expect(shared.status == .ok)
            #expect(shared.body.contains("A list by"))
            #expect(!shared.body.contains("class=\"share-code\""))
            let saved = try await bob.post("/l/\(code)/save", [])
            #expect(saved.location == listPath)
            #expect(try await bob.get("/lists").body.contains("Summer 2027"))

            // A code that cannot be one is said beside the box; a private list's code is not found.
            let bad = try await bob.get("/lists/open?code=IO01")
            #expect(bad.status == .unprocessableEntity)
            #expect(bad.body.contains("six letters and digits"))
            try await ann.get(listPath + "/edit")
            try await ann.must(listPath + "/edit", [("name", "Summer 2027")])  // unticked: private
            #expect(try await bob.get("/l/\(code)").status == .notFound)
            // Typed in the box, a code that opens nothing is said there, with what was typed.
            let none = try await bob.get("/lists/open?code=\(code.lowercased())")
            #expect(none.status == .unprocessableEntity)
            #expect(none.body.contains("No list has this code."))
            #expect(none.body.contains("value=\"\(code.lowercased())\""))
            #expect(!(try await bob.get("/lists").body.contains("Summer 2027")))
        }
    }

    @Test("each library row offers the reader's lists; adding from there puts the book on the list")
    func addFromLibrary() async throws {
        try await withDogear { app in
            let ann = WebClient(app)
            try await ann.signUp("ann@example.com")
            #expect(!(try await ann.get("/library").body.contains("Add to list")))  // no list yet
            try await ann.get("/lists/new")
            let listPath = try #require(try await ann.post("/lists/new", [("name", "Winter")]).location)
            try await ann.get("/add")
            try await ann.must("/add", [("title", "Kindred"), ("authors", "Octavia E. Butler"), ("status", "wantToRead")])
            let library = try await ann.get("/library")
            #expect(library.body.contains("Add to list"))
            #expect(library.body.contains(">Winter</option>"))
            let action = try #require(
                library.body.components(separatedBy: "action=\"").map { $0.prefix { $0 != "\"" } }
                    .first { $0.hasSuffix("/add-to-list") }.map(String.init))
            let listID = String(listPath.dropFirst("/lists/".count))
            let added = try await ann.post(action, [("list", listID)])
            #expect(added.location?.hasPrefix(listPath + "?added=") == true)
            #expect(try await ann.get(listPath).body.contains(">Kindred<"))
        }
    }

    @Test("with tiers on, a free reader's new-list form says kindly that lists are premium, and keeps what was typed")
    func premiumPage() async throws {
        try await withDogear(
            adjust: { $0.tiersEnabled = true },
            { app in
                let ann = WebClient(app)
                try await ann.signUp("ann@example.com")
                try await ann.get("/lists/new")
                let refused = try await ann.post("/lists/new", [("name", "Summer 2027")])
                #expect(refused.status == .unprocessableEntity)
                #expect(refused.body.contains("Custom lists come with a premium account"))
                #expect(refused.body.contains("value=\"Summer 2027\""))
                #expect(try await app.count("SELECT COUNT(*) AS n FROM lists") == 0)
            })
    }

    @Test("a default list cannot be deleted from a page either; someone else's list id is not found")
    func refusals() async throws {
        try await withDogear { app in
            let ann = WebClient(app)
            try await ann.signUp("ann@example.com")
            try await ann.get("/lists/favorites")
            let refused = try await ann.post("/lists/favorites/delete", [])
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.body.contains("Cannot delete default list."))
            try await ann.get("/lists/new")
            let created = try await ann.post("/lists/new", [("name", "Mine")])
            let listPath = try #require(created.location)
            let bob = WebClient(app)
            try await bob.signUp("bob@example.com", name: "Bob")
            let other = try await bob.get(listPath)
            #expect(other.status == .notFound)
            #expect(!other.body.contains("Mine"))
        }
    }
}
