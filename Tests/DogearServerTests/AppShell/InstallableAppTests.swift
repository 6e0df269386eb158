import Foundation
import Testing
import Vapor

@testable import DogearServer

@Suite("The installable app: manifest, icons, service worker, and what was logged offline sent through the batch")
struct InstallableAppTests {
    /// Ann, signed in on the web and with an app token, reading a book.
    static func readerWithABook(_ app: Application) async throws -> (web: WebClient, token: String, entry: EntryDTO) {
        let web = WebClient(app)
        try await web.signUp()
        let token = try await app.signIn("ann@example.com")
        return (web, token, try await app.addEntry(token, extra: ["status": "reading"]))
    }

    @Test("the manifest names the app, opens Home standalone in the header's colour, and its icons are 192 and 512 px PNGs")
    func manifest() async throws {
        try await withDogear { app in
            let reply = try await app.send(.GET, "/manifest.webmanifest")
            #expect(reply.status == .ok)
            #expect(reply.headers.first(name: .contentType) == "application/manifest+json")
            let manifest = reply.object
            #expect(manifest["name"] as? String == "Dogear" && manifest["short_name"] as? String == "Dogear")
            #expect(manifest["start_url"] as? String == "/" && manifest["display"] as? String == "standalone")
            #expect(manifest["theme_color"] as? String == "#1E3A5F")
            let icons = try #require(manifest["icons"] as? [[String: Any]])
            #expect(icons.compactMap { $0["sizes"] as? String } == ["192x192", "512x512"])
            for icon in icons {
                let path = try #require(icon["src"] as? String)
                let response = try await app.testing().sendRequest(.GET, path)
                #expect(response.status == .ok && response.headers.contentType == .png, "\(path)")
                // The PNG's own header: its signature, then IHDR's width and height.
                let bytes = [UInt8](response.body.readableBytesView)
                #expect(bytes.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
                let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
                let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
                #expect("\(width)x\(height)" == icon["sizes"] as? String)
            }
        }
    }

    @Test("every page links the manifest and lets the service worker run; /sw.js is a script at the root")
    func pagesLinkTheApp() async throws {
        try await withDogear { app in
            let web = WebClient(app)
            try await web.signUp()
            let home = try await web.get("/")
            #expect(home.body.contains(#"<link rel="manifest" href="/manifest.webmanifest""#))
            #expect(home.body.contains(#"<meta name="dogear-service-worker" content="/sw.js""#))
            let policy = try #require(home.headers.first(name: "Content-Security-Policy"))
            #expect(policy.contains("worker-src 'self'") && policy.contains("manifest-src 'self'"))
            let worker = try await app.testing().sendRequest(.GET, "/sw.js")
            #expect(worker.status == .ok)
            #expect(worker.headers.contentType?.subType == "javascript")
            #expect(worker.body.string.contains("addEventListener(\"push\""))
        }
    }

    @Test("Home's page forms and a book's note form say which API write they become offline")
    func formsNameTheirWrite() async throws {
        try await withDogear { app in
            let (web, token, entry) = try await Self.readerWithABook(app)
            let id = entry.id.uuidString.lowercased()
            let home = try await web.get("/")
            #expect(home.body.components(separatedBy: "data-offline=\"/api/v1/library/\(id)/progress\"").count - 1 == 3)
            let book = try await web.get("/books/\(entry.id.uuidString)")
            #expect(book.body.contains("data-offline=\"/api/v1/library/\(id)/notes\""))
        }
    }

    @Test("the page's script sends the batch with the session and the CSRF token; a key sent twice is applied once")
    func batchFromThePage() async throws {
        try await withDogear { app in
            let (web, token, entry) = try await Self.readerWithABook(app)
            _ = try await web.get("/")
            let key = UUID().uuidString
            let batch: [String: Any] = [
                "atomic": false,
                "operations": [
                    [
                        "method": "POST", "path": "/api/v1/library/\(entry.id)/notes",
                        "body": ["content": "Written on the train"], "headers": ["Idempotency-Key": key],
                    ],
                    [
                        "method": "POST", "path": "/api/v1/library/\(entry.id)/progress", "body": ["page": 120],
                        "headers": ["Idempotency-Key": UUID().uuidString],
                    ],
                ],
            ]
            let first = try await web.script(.POST, "/api/v1/batch", json: batch)
            #expect(first.status == .ok, "\(first.body)")
            // Sent again (the answer was lost offline): the note's key replays its answer.
            let again = try await web.script(.POST, "/api/v1/batch", json: batch)
            #expect(again.status == .ok)
            #expect(again.body.components(separatedBy: #""idempotent-replayed":"true""#).count - 1 == 2)
            let notes = try await app.send(.GET, "/api/v1/library/\(entry.id)/notes", token: token)
            #expect(notes.array.count == 1)
            #expect(try await app.send(.GET, "/api/v1/library/\(entry.id)", token: token).entry.currentPage == 120)
        }
    }

    @Test("the cookie alone reaches nothing: without the page's token, with another's, or from another site it is 401")
    func batchNeedsTheToken() async throws {
        try await withDogear { app in
            let (web, token, entry) = try await Self.readerWithABook(app)
            _ = try await web.get("/")
            let batch: [String: Any] = [
                "operations": [
                    ["method": "POST", "path": "/api/v1/library/\(entry.id)/notes", "body": ["content": "forged"]]
                ]
            ]
            #expect(try await web.script(.POST, "/api/v1/batch", json: batch, csrf: false).status == .unauthorized)
            #expect(
                try await web.script(.POST, "/api/v1/batch", json: batch, csrf: false, headers: ["X-CSRF-Token": "guess"])
                    .status == .unauthorized)
            #expect(
                try await web.script(.POST, "/api/v1/batch", json: batch, headers: ["Origin": "https://evil.example"]).status
                    == .unauthorized)
            #expect(
                try await web.script(.POST, "/api/v1/batch", json: batch, headers: ["Sec-Fetch-Site": "cross-site"]).status
                    == .unauthorized)
            #expect(try await app.send(.GET, "/api/v1/library/\(entry.id)/notes", token: token).array.isEmpty)
            // The same cookie and token reach only the routes the pages' scripts use.
            #expect(try await web.script(.POST, "/api/v1/goals", json: ["target": 10]).status == .unauthorized)
        }
    }
}
