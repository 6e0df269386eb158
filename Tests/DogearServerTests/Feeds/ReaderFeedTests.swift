import Foundation
import Testing
import Vapor

@testable import DogearServer

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An XML document read back by Foundation's parser: each element's text by path (`feed/entry/title`).
final class FeedReadBack: NSObject, XMLParserDelegate {
    var texts: [(path: String, text: String)] = []
    private var stack: [String] = []
    private var text = ""

    static func read(_ body: String) throws -> FeedReadBack {
        let reader = FeedReadBack()
        let parser = XMLParser(data: Data(body.utf8))
        parser.delegate = reader
        guard parser.parse() else {
            throw TestFailure("not XML: \(parser.parserError.map { "\($0)" } ?? "?"): \(body.prefix(300))")
        }
        return reader
    }

    func values(_ path: String) -> [String] { texts.filter { $0.path == path }.map(\.text) }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        stack.append(name)
        text = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        texts.append((stack.joined(separator: "/"), text))
        stack.removeLast()
        text = ""
    }
}

@Suite("Feeds out: finished books and reviews as Atom, the want-to-read shelf as Goodreads-shaped RSS, at a secret address")
struct ReaderFeedTests {
    @Test("public entries and shared notes only; the address is the reader's to make again or revoke")
    func feeds() async throws {
        try await withDogear { app in
            let ann = try await app.signUp("ann@example.com", name: "Ann")
            let piranesi = try await app.addEntry(
                ann, isbn: "9781635575637", extra: ["status": "read", "dateFinished": "2026-03-01", "rating": 5])
            _ = try await app.addEntry(
                ann, title: "A Secret Diary", authors: ["Nobody"],
                extra: ["status": "read", "dateFinished": "2026-03-02", "isPublic": false])
            try await app.must(
                .POST, "/api/v1/library/\(piranesi.id)/notes", token: ann,
                json: ["content": "Tides & <statues>", "discussion": true])
            try await app.must(.POST, "/api/v1/library/\(piranesi.id)/notes", token: ann, json: ["content": "my private thought"])
            // A note shared with clubs, on a book the reader keeps private, stays out too.
            let diary = try await app.send(.GET, "/api/v1/library?q=diary", token: ann).entries.items.first
            try await app.must(
                .POST, "/api/v1/library/\(try #require(diary).id)/notes", token: ann,
                json: ["content": "diary review", "discussion": true])
            _ = try await app.addEntry(
                ann, title: "Kindred", authors: ["Octavia E. Butler"], isbn: "9780807083697", extra: ["status": "wantToRead"])
            _ = try await app.addEntry(
                ann, title: "Hidden Wish", authors: ["Someone"], extra: ["status": "wantToRead", "isPublic": false])

            #expect(try await app.send(.GET, "/api/v1/feeds", token: ann)["finishedUrl"] is NSNull)
            let made = try await app.send(.POST, "/api/v1/feeds", token: ann)
            #expect(made.status == .created)
            let atomURL = try #require(made["finishedUrl"] as? String)
            let rssURL = try #require(made["wantToReadUrl"] as? String)
            let atomPath = String(atomURL[try #require(atomURL.range(of: "/feeds/")).lowerBound...])
            let rssPath = String(rssURL[try #require(rssURL.range(of: "/feeds/")).lowerBound...])
            #expect(try await app.send(.GET, "/api/v1/feeds", token: ann)["finishedUrl"] as? String == atomURL)

            let atom = try await app.send(.GET, atomPath)
            #expect(atom.status == .ok)
            #expect(atom.headers.contentType?.description.hasPrefix("application/atom+xml") == true)
            let feed = try FeedReadBack.read(atom.body)
            #expect(feed.values("feed/author/name") == ["Ann"])
            let titles = feed.values("feed/entry/title")
            #expect(titles.contains("Finished Piranesi by Susanna Clarke"))
            #expect(titles.contains("Review of Piranesi by Susanna Clarke"))
            #expect(!titles.contains { $0.contains("Secret Diary") })
            #expect(feed.values("feed/entry/summary").contains("Tides & <statues>"))
            #expect(feed.values("feed/entry/summary").contains("Rated 5 of 5."))
            #expect(!atom.body.contains("private thought"))
            #expect(!atom.body.contains("diary review"))

            let rss = try await app.send(.GET, rssPath)
            #expect(rss.status == .ok)
            #expect(rss.headers.contentType?.description.hasPrefix("application/rss+xml") == true)
            let shelf = try FeedReadBack.read(rss.body)
            #expect(shelf.values("rss/channel/item/title") == ["Kindred"])
            #expect(shelf.values("rss/channel/item/author_name") == ["Octavia E. Butler"])
            #expect(shelf.values("rss/channel/item/isbn") == ["9780807083697"])
            #expect(shelf.values("rss/channel/item/user_shelves") == ["to-read"])
            // RFC 822 dates, in UTC (the fixed clock's moment, a Saturday).
            #expect(shelf.values("rss/channel/item/pubDate") == ["Sat, 14 Mar 2026 10:30:00 +0000"])

            // Made again: the old addresses are gone. Revoked: no address works.
            let again = try #require(try await app.send(.POST, "/api/v1/feeds", token: ann)["finishedUrl"] as? String)
            #expect(again != atomURL)
            #expect(try await app.send(.GET, atomPath).status == .notFound)
            #expect(try await app.send(.GET, rssPath).status == .notFound)
            let newPath = String(again[try #require(again.range(of: "/feeds/")).lowerBound...])
            #expect(try await app.send(.GET, newPath).status == .ok)
            #expect(try await app.send(.DELETE, "/api/v1/feeds", token: ann).status == .noContent)
            #expect(try await app.send(.GET, newPath).status == .notFound)
            #expect(try await app.send(.GET, "/feeds/not-a-real-secret-at-all-no/finished.atom").status == .notFound)
        }
    }

    @Test("no app token sees or changes the addresses; another reader's feed is their own")
    func access() async throws {
        try await withDogear { app in
            let ann = try await app.signUp("ann@example.com", name: "Ann")
            let bob = try await app.signUp("bob@example.com", name: "Bob")
            _ = try await app.addEntry(bob, title: "Bob's Book", authors: ["B"], extra: ["status": "wantToRead"])
            let readToken = try #require(
                try await app.must(.POST, "/api/v1/tokens", token: ann, json: ["name": "feeds", "scopes": ["read"]])["token"]
                    as? String)
            try await app.must(.POST, "/api/v1/feeds", token: ann)
            let writeToken = try #require(
                try await app.must(.POST, "/api/v1/tokens", token: ann, json: ["name": "w", "scopes": ["read", "write"]])["token"]
                    as? String)
            // The secret outlives any token that could read it: no app token sees or changes it.
            for token in [readToken, writeToken] {
                for method in [HTTPMethod.GET, .POST, .DELETE] {
                    let refused = try await app.send(method, "/api/v1/feeds", token: token)
                    #expect(refused.status == .forbidden, "\(method)")
                    #expect(refused.errorCode == "insufficientScope", "\(method)")
                }
            }
            #expect(try await app.send(.GET, "/api/v1/feeds").status == .unauthorized)
            // Ann's feed holds nothing of Bob's.
            let url = try #require(try await app.send(.GET, "/api/v1/feeds", token: ann)["wantToReadUrl"] as? String)
            let rss = try await app.send(.GET, String(url[try #require(url.range(of: "/feeds/")).lowerBound...]))
            #expect(!rss.body.contains("Bob's Book"))
        }
    }
}

@Suite("The feeds page: addresses made, made again and revoked, without a script")
struct FeedPageTests {
    @Test("the page shows no address until one is made, then both; making again changes them; revoking ends them")
    func page() async throws {
        try await withDogear { app in
            let web = WebClient(app)
            try await web.signUp()
            let empty = try await web.get("/profile/feeds")
            #expect(empty.status == .ok)
            #expect(!empty.body.contains("finished.atom"))
            #expect(try await web.post("/profile/feeds", []).location == "/profile/feeds")
            let shown = try await web.get("/profile/feeds")
            let address = try #require(
                shown.body.components(separatedBy: "class=\"token-secret\">").dropFirst().first?.components(separatedBy: "<")
                    .first)
            #expect(address.hasSuffix("/finished.atom"))
            let path = String(address[try #require(address.range(of: "/feeds/")).lowerBound...])
            #expect(try await app.send(.GET, path).status == .ok)
            try await web.post("/profile/feeds", [])
            #expect(try await app.send(.GET, path).status == .notFound)
            #expect(try await web.post("/profile/feeds/revoke", []).location == "/profile/feeds")
            #expect(!(try await web.get("/profile/feeds").body.contains("finished.atom")))
        }
    }
}
