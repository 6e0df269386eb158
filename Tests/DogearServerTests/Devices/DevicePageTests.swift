import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearStore

@Suite("The e-readers page: device logins and linking what devices report, without a script")
struct DevicePageTests {
    @Test("makes a login and shows its password once, keeps a refused username, links and unlinks a file, revokes")
    func page() async throws {
        try await withDogear { app in
            let web = WebClient(app)
            try await web.signUp()
            let first = try await web.get("/profile/devices")
            #expect(first.status == .ok)
            #expect(first.body.contains("/kosync"))
            let refused = try await web.post("/profile/devices", [("username", "a b")])
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.body.contains("id=\"field-username-error\""))
            #expect(refused.body.contains("value=\"a b\""))
            let made = try await web.post("/profile/devices", [("username", "ann-kobo")])
            #expect(made.status == .ok)
            let password = try #require(
                made.body.components(separatedBy: "class=\"token-secret\">").dropFirst().first?.components(separatedBy: "<").first
            )
            let kobo = KOReaderClient(app, username: "ann-kobo", password: password, deviceID: "K1")
            #expect(try await kobo.authorize().status == .ok)
            let again = try await web.get("/profile/devices")
            #expect(!again.body.contains(password))
            #expect(again.body.contains("ann-kobo"))

            // A file the Kobo reported, linked from the page to a book found by the search box.
            let bookID = try await web.addBook([("title", "Piranesi"), ("authors", "Susanna Clarke"), ("pageCount", "272")])
            let other = try await web.addBook([("title", "Middlemarch"), ("authors", "George Eliot")])
            #expect(try await kobo.push("0b2c5f7a", percentage: 0.5, progress: "136").status == .ok)
            let listed = try await web.get("/profile/devices?q=piranesi")
            #expect(listed.body.contains("Not linked"))
            // The search box's words narrow the choice: the other book is not offered.
            #expect(!listed.body.contains("value=\"\(other.uppercased())\""))
            #expect(listed.body.contains("value=\"\(bookID.uppercased())\"") || listed.body.contains("value=\"\(bookID)\""))
            let linked = try await web.post("/profile/devices/documents/0b2c5f7a/link", [("entryId", bookID)])
            #expect(linked.status == .seeOther)
            #expect(linked.location == "/profile/devices#documents")
            let entry = try await LibraryEntry.find(UUID(uuidString: bookID), on: app.db)
            #expect(entry?.currentPage == 136)
            #expect(try await web.get("/profile/devices").body.contains("Unlink"))
            #expect(try await web.post("/profile/devices/documents/0b2c5f7a/unlink", []).status == .seeOther)
            #expect(try await web.get("/profile/devices").body.contains("Not linked"))

            let login = try #require(try await DeviceLogin.query(on: app.db).first()?.id)
            #expect(try await web.post("/profile/devices/\(login)/revoke", []).location == "/profile/devices#logins")
            #expect(try await kobo.authorize().status == .unauthorized)
        }
    }
}
