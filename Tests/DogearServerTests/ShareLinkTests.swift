import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// Links a reader copies (a list's share link, a club's invitation) start where the reader reached
/// Dogear, unless the operator named the address.
@Suite("Share and invitation links point where Dogear answers")
struct ShareLinkTests {
    /// A public list's share link and a new club's invitation link, as Ann's pages show them.
    static func links(_ ann: WebClient) async throws -> (list: String, club: String) {
        try await ann.get("/lists/new")
        let list = try #require(try await ann.must("/lists/new", [("name", "Summer"), ("isPublic", "true")]).location)
        let listPage = try await ann.get(list)
        try await ann.get("/clubs/new")
        let club = try #require(try await ann.must("/clubs/new", [("name", "Family Book Club")]).location)
        let settings = try await ann.get("\(club)/settings")
        func link(_ html: String) throws -> String {
            let start = try #require(html.range(of: "class=\"share-link\">"))
            return String(html[start.upperBound...].prefix { $0 != "<" })
        }
        return (try link(listPage.body), try link(settings.body))
    }

    @Test("without DOGEAR_BASE_URL they take the request's host and port; a client's X-Forwarded-Host is ignored")
    func fromTheRequest() async throws {
        try await withDogear { app in
            let ann = WebClient(app)
            ann.headers.replaceOrAdd(name: .host, value: "books.example:9090")
            // Sent by the reader, not by a proxy named in DOGEAR_TRUSTED_PROXIES: not believed.
            ann.headers.replaceOrAdd(name: "X-Forwarded-Host", value: "elsewhere.example")
            try await ann.signUp()
            let (list, club) = try await Self.links(ann)
            #expect(list.hasPrefix("http://books.example:9090/l/"), "\(list)")
            #expect(club.hasPrefix("http://books.example:9090/join/"), "\(club)")
        }
    }

    @Test("with DOGEAR_BASE_URL every link starts with it, whatever the request's host")
    func configured() async throws {
        try await withDogear(
            adjust: { $0.baseURL = "https://reading.example" },
            { app in
                let ann = WebClient(app)
                ann.headers.replaceOrAdd(name: .host, value: "books.example:9090")
                try await ann.signUp()
                let (list, club) = try await Self.links(ann)
                #expect(list.hasPrefix("https://reading.example/l/"), "\(list)")
                #expect(club.hasPrefix("https://reading.example/join/"), "\(club)")
            })
    }

    @Test("a Host that is not a host and port (a path, a user, a space) falls back to the server's own address")
    func strangeHost() {
        #expect(Request.isAuthority("books.example:9090"))
        #expect(Request.isAuthority("[::1]:8080"))
        for value in ["evil.example/path", "user@evil.example", "a b", "", "évil.example", "evil.example#x"] {
            #expect(!Request.isAuthority(value), "\(value)")
        }
    }
}
