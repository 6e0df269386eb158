import AsyncHTTPClient
import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// The web app through its forms, as a reader without a script would use it.
@Suite("Web pages")
struct WebPageTests {
    @Test("pages carry a CSP that allows only Dogear's own scripts, a CSRF cookie, and ask for sign-in")
    func headersAndSignIn() async throws {
        try await withDogear { app in
            let web = WebClient(app)
            let signIn = try await web.get("/signin")
            #expect(signIn.status == .ok)
            #expect(signIn.headers.contentType?.subType == "html")
            let csp = signIn.headers.first(name: "Content-Security-Policy") ?? ""
            #expect(csp.contains("script-src 'self'"))
            #expect(csp.contains("frame-ancestors 'none'"))
            #expect(web.cookies["dogear_csrf"] != nil)
            #expect(!signIn.body.contains("<script>"))  // no inline script anywhere
            let home = try await web.get("/")
            #expect(home.status == .seeOther)
            #expect(home.location == "/signin")
        }
    }

    @Test("the stylesheet and scripts are served to GET and HEAD; another method or path is the app's")
    func publicFiles() async throws {
        try await withDogear { app in
            let css = try await app.send(.GET, "/css/app.css")
            #expect(css.status == .ok)
            #expect(css.headers.contentType?.subType == "css")
            #expect(css.body.contains("{"), "the stylesheet itself")
            #expect(try await app.send(.HEAD, "/js/csrf.js").status == .ok)
            #expect(try await app.send(.GET, "/js/none.js").status == .notFound)
            #expect(try await app.send(.POST, "/css/app.css").status == .notFound, "a file answers only a read")
            #expect(try await app.send(.GET, "/api/v1/library").status == .unauthorized, "the API is not a file")
        }
    }

    @Test("a signed-in page takes its token from the session: no anonymous cookie is minted, its forms work")
    func signedInTokenFromSession() async throws {
        try await withDogear { app in
            let web = WebClient(app)
            try await web.signUp()
            // A client that keeps only the session cookie (as `bench http` does) gets no new CSRF
            // cookie on each page, and the page's token still works.
            web.cookies["dogear_csrf"] = nil
            let page = try await web.get("/add")
            #expect(page.status == .ok)
            #expect(page.headers.setCookie?["dogear_csrf"] == nil)
            let added = try await web.post("/add", [("title", "Piranesi"), ("authors", "Susanna Clarke")])
            #expect(added.status == .seeOther)
            // Signed out, a visitor is given an anonymous token again, and the sign-in form takes it.
            #expect(try await web.post("/signout", []).status == .seeOther)
            let signIn = try await web.get("/signin")
            #expect(signIn.headers.setCookie?["dogear_csrf"] != nil)
            let again = try await web.post("/signin", [("email", "ann@example.com"), ("password", "long enough")])
            #expect(again.status == .seeOther)
        }
    }

    @Test("the CSRF token changes at sign-in: one learnt before it does not work after")
    func csrfRotatesAtSignIn() async throws {
        try await withDogear { app in
            let web = WebClient(app)
            try await web.get("/signup")
            let before = web.csrf
            let signedUp = try await web.post(
                "/signup", [("email", "ann@example.com"), ("displayName", "Ann"), ("password", "long enough")])
            #expect(signedUp.status == .seeOther)
            try await web.get("/add")
            #expect(web.csrf != before)
            let stale = try await web.post(
                "/add", [("title", "Piranesi"), ("authors", "Susanna Clarke"), ("_csrf", before)], csrf: false)
            #expect(stale.status == .forbidden)
            let fresh = try await web.post("/add", [("title", "Piranesi"), ("authors", "Susanna Clarke")])
            #expect(fresh.status == .seeOther)
        }
    }

    @Test("cookies are Secure and pages send HSTS behind a trusted TLS proxy only; a client's own X-Forwarded-Proto is ignored")
    func secureBehindProxy() async throws {
        try await withDogear(
            adjust: { $0.trustedProxies = ["127.0.0.1"] },
            { app in
                let port = try await app.serveOnFreePort()
                func signIn(forwardedProto: String?) async throws -> HTTPClientResponse {
                    var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/signin")
                    if let forwardedProto { request.headers.add(name: "X-Forwarded-Proto", value: forwardedProto) }
                    return try await HTTPClient.shared.execute(request, timeout: realConnectionTimeout)
                }
                let viaProxy = try await signIn(forwardedProto: "https")
                #expect(viaProxy.headers.first(name: "Strict-Transport-Security") == "max-age=31536000")
                #expect(!viaProxy.headers["Set-Cookie"].isEmpty)
                #expect(viaProxy.headers["Set-Cookie"].allSatisfy { $0.contains("Secure") })
                let plain = try await signIn(forwardedProto: nil)
                #expect(!plain.headers["Set-Cookie"].isEmpty)
                #expect(plain.headers.first(name: "Strict-Transport-Security") == nil)
                #expect(plain.headers["Set-Cookie"].allSatisfy { !$0.contains("Secure") })
            })
        // Not a trusted proxy: the header is the client's word, and changes nothing.
        try await withDogear { app in
            let port = try await app.serveOnFreePort()
            var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/signin")
            request.headers.add(name: "X-Forwarded-Proto", value: "https")
            let response = try await HTTPClient.shared.execute(request, timeout: realConnectionTimeout)
            #expect(response.headers.first(name: "Strict-Transport-Security") == nil)
            #expect(response.headers["Set-Cookie"].allSatisfy { !$0.contains("Secure") })
        }
    }

    @Test("a form without the CSRF token is refused and changes nothing")
    func csrf() async throws {
        try await withDogear { app in
            let web = WebClient(app)
            try await web.get("/signup")
            let refused = try await web.post(
                "/signup", [("email", "ann@example.com"), ("displayName", "Ann"), ("password", "long enough")],
                csrf: false)
            #expect(refused.status == .forbidden)
            #expect(refused.body.contains("This form has expired"))
            web.csrf = "made-up"
            let forged = try await web.post(
                "/signup", [("email", "ann@example.com"), ("displayName", "Ann"), ("password", "long enough")])
            #expect(forged.status == .forbidden)
            #expect(try await app.count("SELECT COUNT(*) AS n FROM users") == 0)
        }
    }

    @Test(
        "sign up lands on the first-run page, then home greets; the session cookie is HttpOnly and SameSite=Lax; sign out ends it"
    )
    func signUpAndOut() async throws {
        try await withDogear { app in
            let web = WebClient(app)
            try await web.get("/signup")
            let created = try await web.post(
                "/signup", [("email", "ann@example.com"), ("displayName", "Ann"), ("password", "long enough")])
            #expect(created.status == .seeOther)
            #expect(created.location == "/welcome")
            let cookie = created.headers[.setCookie].first { $0.hasPrefix("dogear_session=") } ?? ""
            #expect(cookie.contains("HttpOnly"))
            #expect(cookie.contains("SameSite=Lax"))
            let home = try await web.get("/")
            #expect(home.status == .ok)
            #expect(home.body.contains("Good morning, Ann"))  // the test clock is 10:30 UTC
            #expect(home.body.contains("Nothing on the go."))
            let out = try await web.post("/signout", [])
            #expect(out.location == "/signin")
            #expect(try await web.get("/").status == .seeOther)
            #expect(try await app.count("SELECT COUNT(*) AS n FROM user_tokens") == 0)
        }
    }

    @Test("a refused sign-up keeps what was typed (not the password) and says what was wrong beside the field")
    func signUpErrors() async throws {
        try await withDogear { app in
            let web = WebClient(app)
            try await web.get("/signup")
            let page = try await web.post(
                "/signup", [("email", "not an email"), ("displayName", "Ann <b>"), ("password", "secret-pw")])
            #expect(page.status == .unprocessableEntity)
            #expect(page.body.contains("value=\"not an email\""))
            #expect(page.body.contains("value=\"Ann &lt;b&gt;\""))
            #expect(page.body.contains("id=\"field-email-error\""))
            #expect(!page.body.contains("secret-pw"))
            let wrong = try await web.post("/signin", [("email", "nobody@example.com"), ("password", "whatever1")])
            #expect(wrong.status == .unauthorized)
            #expect(wrong.body.contains("email or password is wrong"))
            #expect(wrong.body.contains("value=\"nobody@example.com\""))
        }
    }

    @Test("add a book by hand with two authors and tags; step its page to the end and it moves to Recently finished")
    func addAndFinish() async throws {
        try await withDogear { app in
            let web = WebClient(app)
            try await web.signUp()
            let id = try await web.addBook([
                ("title", "Good Omens"), ("authors", "Terry Pratchett, Neil Gaiman"), ("pageCount", "3"),
                ("status", "reading"), ("tags", "Funny, Fantasy"), ("note", "The ducks in the park"),
            ])
            let book = try await web.get("/books/\(id)")
            #expect(book.body.contains("Good Omens"))
            #expect(book.body.contains("Terry Pratchett, Neil Gaiman"))
            #expect(book.body.contains("<li class=\"chip\">Funny</li>"))
            #expect(book.body.contains("The ducks in the park"))
            var home = try await web.get("/")
            #expect(home.body.contains("Page 0 of 3"))
            for page in 1...3 {
                let step = try await web.post("/books/\(id)/progress", [("page", String(page)), ("back", "/")])
                #expect(step.status == .seeOther)
            }
            home = try await web.get("/")
            #expect(home.body.contains("Nothing on the go."))
            let finished = home.body.components(separatedBy: "id=\"recently-finished\"").last ?? ""
            #expect(finished.contains("Good Omens"))
        }
    }

    @Test("the add form keeps everything typed when it is refused, with the message beside the field")
    func addErrors() async throws {
        try await withDogear { app in
            let web = WebClient(app)
            try await web.signUp()
            try await web.get("/add")
            let page = try await web.post(
                "/add",
                [
                    ("title", ""), ("authors", "Ursula K. Le Guin"), ("tags", "SciFi, Classics"),
                    ("pageCount", "lots"), ("status", "reading"),
                ])
            #expect(page.status == .unprocessableEntity)
            #expect(page.body.contains("value=\"Ursula K. Le Guin\""))
            #expect(page.body.contains("value=\"SciFi, Classics\""))
            #expect(page.body.contains("id=\"field-pageCount-error\""))
            #expect(try await app.count("SELECT COUNT(*) AS n FROM library_entries") == 0)
        }
    }

    @Test(
        "library: search by a word from a note shows the match reason; filter by tag; quick status change; delete after confirming"
    )
    func library() async throws {
        try await withDogear { app in
            let web = WebClient(app)
            try await web.signUp()
            let kept = try await web.addBook([
                ("title", "Piranesi"), ("authors", "Susanna Clarke"), ("tags", "Fantasy"),
                ("note", "The statues and the tides"),
            ])
            let other = try await web.addBook([("title", "Middlemarch"), ("authors", "George Eliot"), ("tags", "Classics")])
            let found = try await web.get("/library?q=tides")
            #expect(found.body.contains("Piranesi"))
            #expect(!found.body.contains("Middlemarch"))
            #expect(found.body.contains("Matched in note"))
            let partial = try await web.get("/library?q=tides&partial=1")
            #expect(!partial.body.contains("<html"))
            #expect(partial.body.contains("Piranesi"))
            let tagged = try await web.get("/library?tag=Classics")
            #expect(tagged.body.contains("Middlemarch"))
            #expect(!tagged.body.contains("Piranesi</a>"))
            let changed = try await web.post("/books/\(kept)/status", [("status", "read"), ("back", "/library")])
            #expect(changed.location == "/library")
            #expect(try await web.get("/books/\(kept)").body.contains("status-read"))
            let confirm = try await web.get("/books/\(other)/delete")
            #expect(confirm.body.contains("Delete “Middlemarch”?"))
            #expect(try await app.count("SELECT COUNT(*) AS n FROM library_entries") == 2)
            let deleted = try await web.post("/books/\(other)/delete", [])
            #expect(deleted.location == "/library")
            #expect(try await app.count("SELECT COUNT(*) AS n FROM library_entries") == 1)
        }
    }

    @Test(
        "a form's back= goes only to a path on this site: another site, however written, falls back to the book",
        arguments: ["/\\evil.example", "//evil.example", "https://evil.example", "/\t/evil.example", "/\\/evil.example", " /x"])
    func backStaysOnSite(_ back: String) async throws {
        try await withDogear { app in
            let web = WebClient(app)
            try await web.signUp()
            let id = try await web.addBook([("title", "Piranesi"), ("authors", "Susanna Clarke"), ("pageCount", "272")])
            try await web.get("/books/\(id)")
            let sent = try await web.post("/books/\(id)/progress", [("page", "10"), ("back", back)])
            #expect(sent.location == "/books/\(id)")
            let home = try await web.post("/books/\(id)/progress", [("page", "11"), ("back", "/library?q=tides")])
            #expect(home.location == "/library?q=tides")
        }
    }

    @Test("another reader's book address is not found, as a page")
    func privacy() async throws {
        try await withDogear { app in
            let ann = WebClient(app)
            try await ann.signUp("ann@example.com")
            let id = try await ann.addBook([("title", "Piranesi"), ("authors", "Susanna Clarke")])
            let bob = WebClient(app)
            try await bob.signUp("bob@example.com", name: "Bob")
            let page = try await bob.get("/books/\(id)")
            #expect(page.status == .notFound)
            #expect(page.body.contains("not in your library"))
            #expect(try await bob.get("/books/not-an-id").status == .notFound)
            #expect(try await bob.post("/books/\(id)/delete", []).status == .notFound)
            #expect(try await app.count("SELECT COUNT(*) AS n FROM library_entries") == 1)
        }
    }

    @Test("import through pages: upload, the preview (nothing saved yet, how shelves map), then the run; export downloads")
    func importAndExport() async throws {
        try await withDogear { app in
            let web = WebClient(app)
            try await web.signUp()
            try await web.get("/import")
            let uploaded = try await web.upload("/import", ImportTests.threeBooks, fileName: "goodreads.csv")
            #expect(uploaded.status == .seeOther)
            let previewPath = try #require(uploaded.location)
            await app.importJobs.wait(for: UUID(uuidString: String(previewPath.dropFirst("/import/".count)))!)
            let preview = try await web.get(previewPath)
            #expect(preview.body.contains("Import preview"))
            #expect(preview.body.contains("<td>dropped</td><td>Did not finish</td>"))
            #expect(preview.body.contains("Line 4: "))
            #expect(try await app.count("SELECT COUNT(*) AS n FROM library_entries") == 0)
            // The reader chooses what their own shelves become: lists, this time.
            #expect(preview.body.contains("Your own shelves become"))
            let run = try await web.post(previewPath + "/run", [("shelvesAs", "lists")])
            #expect(run.status == .seeOther)
            let runPath = try #require(run.location)
            await app.importJobs.wait(for: UUID(uuidString: String(runPath.dropFirst("/import/".count)))!)
            // Posted again (a double click, a retried request): the same job, not a second one.
            let again = try await web.post(previewPath + "/run", [("shelvesAs", "lists")])
            #expect(again.location == runPath)
            #expect(try await app.count("SELECT COUNT(*) AS n FROM imports WHERE dry_run = ?", [false]) == 1)
            let finished = try await web.get(runPath)
            #expect(finished.body.contains("Import finished"))
            #expect(finished.body.contains("<progress class=\"progress import-progress\" max=\"4\" value=\"4\""))
            #expect(try await app.count("SELECT COUNT(*) AS n FROM library_entries") == 3)
            let lists = try await web.get("/lists")
            for shelf in ["fantasy", "comfort", "classics"] { #expect(lists.body.contains(">\(shelf)</a>")) }
            // A file that is not an export says so on the upload page.
            let bad = try await web.upload("/import", Data("name,email\nAnn,a@b.c\n".utf8), fileName: "contacts.csv")
            #expect(bad.status == .unprocessableEntity)
            #expect(bad.body.contains("unrecognised format"))
            // The form's token is a part of the form, never in the address; without it, or wrong, nothing is taken.
            let importPage = try await web.get("/import")
            #expect(!importPage.body.contains("_csrf="))
            #expect(
                try await web.upload("/import", ImportTests.threeBooks, fileName: "goodreads.csv", csrf: false).status
                    == .forbidden)
            web.csrf = "wrong"
            #expect(try await web.upload("/import", ImportTests.threeBooks, fileName: "goodreads.csv").status == .forbidden)
            let export = try await web.get("/export/goodreads")
            #expect(export.status == .ok)
            #expect(export.body.hasPrefix("Book Id,Title,Author"))
            #expect(export.body.contains("Piranesi"))
        }
    }

    @Test("edit changes the reader's own fields and keeps the catalog's; notes are added and deleted from the book page")
    func editAndNotes() async throws {
        try await withDogear { app in
            let web = WebClient(app)
            try await web.signUp()
            let id = try await web.addBook([("title", "Piranesi"), ("authors", "Susanna Clarke"), ("tags", "Fantasy")])
            let form = try await web.get("/books/\(id)/edit")
            // The copy's facts are there to correct (CopyCorrectionTests); a post without them keeps them.
            #expect(form.body.contains("name=\"title\" value=\"Piranesi\""))
            #expect(form.body.contains("value=\"Fantasy\""))
            let bad = try await web.post(
                "/books/\(id)/edit", [("status", "read"), ("rating", "9"), ("tags", "Fantasy, Comfort")])
            #expect(bad.status == .unprocessableEntity)
            #expect(bad.body.contains("id=\"field-rating-error\""))
            #expect(bad.body.contains("value=\"Fantasy, Comfort\""))
            let saved = try await web.post(
                "/books/\(id)/edit",
                [
                    ("status", "read"), ("rating", "5"), ("tags", "Fantasy, Comfort"),
                    ("dateStarted", ""), ("dateFinished", ""),
                ])
            #expect(saved.location == "/books/\(id)")
            let book = try await web.get("/books/\(id)")
            #expect(book.body.contains("status-read"))
            // A status change dates itself.
            #expect(book.body.contains("<dt>Finished</dt><dd><time datetime=\"2026-03-14\">14 Mar 2026</time></dd>"))
            #expect(book.body.contains("<li class=\"chip\">Comfort</li>"))
            #expect(book.body.contains("aria-label=\"5 stars\" aria-pressed=\"true\""))
            try await web.must("/books/\(id)/notes", [("content", "Beauty & the house <3")])
            let withNote = try await web.get("/books/\(id)")
            #expect(withNote.body.contains("Beauty &amp; the house &lt;3"))
            let noteID = try #require(withNote.body.components(separatedBy: "action=\"/notes/").dropFirst().first?.prefix(36))
            let deleted = try await web.post("/notes/\(noteID)/delete", [])
            #expect(deleted.location == "/books/\(id)#notes")
            #expect(try await app.count("SELECT COUNT(*) AS n FROM notes") == 0)
        }
    }

    @Test("Look up fills the add form from the ISBN without a script (catalog first), saving nothing; a bad ISBN says why")
    func lookUp() async throws {
        try await withDogear { app in
            let first = WebClient(app)
            try await first.signUp("ann@example.com")
            _ = try await first.addBook([
                ("title", "Piranesi"), ("authors", "Susanna Clarke"), ("isbn", "9781635575637"),
                ("pageCount", "272"),
            ])
            let web = WebClient(app)
            try await web.signUp("bob@example.com", name: "Bob")
            try await web.get("/add")
            let filled = try await web.post(
                "/add", [("isbn", "978-1-63557-563-7"), ("lookup", "1"), ("title", ""), ("authors", "")])
            #expect(filled.status == .ok)
            #expect(filled.body.contains("value=\"Piranesi\""))
            #expect(filled.body.contains("value=\"Susanna Clarke\""))
            #expect(filled.body.contains("value=\"272\""))
            #expect(try await app.count("SELECT COUNT(*) AS n FROM library_entries") == 1)
            let bad = try await web.post("/add", [("isbn", "12345"), ("lookup", "1")])
            #expect(bad.body.contains("id=\"field-isbn-error\""))
            let json = try await web.get("/lookup?isbn=9781635575637")
            #expect(json.body.contains("\"title\":\"Piranesi\""))
        }
    }

    @Test("profile: name and time zone change; a bad time zone is refused beside its field with what was typed kept")
    func profile() async throws {
        try await withDogear { app in
            let web = WebClient(app)
            try await web.signUp()
            let page = try await web.get("/profile")
            #expect(page.body.contains("value=\"ann@example.com\""))
            let bad = try await web.post(
                "/profile", [("displayName", "Ann B."), ("email", "ann@example.com"), ("timeZone", "Mars/Olympus")])
            #expect(bad.status == .unprocessableEntity)
            #expect(bad.body.contains("id=\"field-timeZone-error\""))
            #expect(bad.body.contains("value=\"Mars/Olympus\""))
            let saved = try await web.post(
                "/profile",
                [
                    ("displayName", "Ann B."), ("email", "ann@example.com"),
                    ("timeZone", "America/Los_Angeles"),
                ])
            #expect(saved.location == "/profile?saved=1")
            let home = try await web.get("/")
            #expect(home.body.contains("Good evening, Ann B."))  // 10:30 UTC is 02:30 in Los Angeles
            // A new email needs the current password, said beside its field; the typed email is kept.
            try await web.get("/profile")
            let noPassword = try await web.post(
                "/profile", [("displayName", "Ann B."), ("email", "ann@new.example"), ("timeZone", "America/Los_Angeles")])
            #expect(noPassword.status == .unprocessableEntity)
            #expect(noPassword.body.contains("id=\"field-currentPassword-error\""))
            #expect(noPassword.body.contains("value=\"ann@new.example\""))
            let moved = try await web.post(
                "/profile",
                [
                    ("displayName", "Ann B."), ("email", "ann@new.example"), ("timeZone", "America/Los_Angeles"),
                    ("currentPassword", "long enough"),
                ])
            #expect(moved.location == "/profile?saved=1")
            #expect(try await web.get("/profile").body.contains("value=\"ann@new.example\""))
        }
    }

    @Test("the book page logs a reading session (moving the page on) and saves a quote; a bad number is refused")
    func sessionsAndQuotes() async throws {
        try await withDogear { app in
            let web = WebClient(app)
            try await web.signUp()
            let id = try await web.addBook([
                ("title", "Piranesi"), ("authors", "Susanna Clarke"), ("pageCount", "272"),
                ("status", "reading"),
            ])
            let page = try await web.get("/books/\(id)")
            #expect(page.body.contains("name=\"date\" value=\"2026-03-14\""))
            let logged = try await web.post(
                "/books/\(id)/sessions", [("date", "2026-03-14"), ("minutes", "30"), ("endPage", "40")])
            #expect(logged.location == "/books/\(id)")
            let quoted = try await web.post(
                "/books/\(id)/quotes", [("text", "The Beauty of the House is immeasurable"), ("page", "5")])
            #expect(quoted.location == "/books/\(id)")
            let book = try await web.get("/books/\(id)")
            #expect(book.body.contains("14 Mar 2026: 30 min"))
            #expect(book.body.contains("Page 40 of 272"))
            #expect(book.body.contains("<blockquote>The Beauty of the House is immeasurable</blockquote>"))
            let bad = try await web.post("/books/\(id)/sessions", [("date", "2026-03-14"), ("minutes", "half an hour")])
            #expect(bad.status == .unprocessableEntity)
            #expect(bad.body.contains("The session was not saved"))
            #expect(try await app.count("SELECT COUNT(*) AS n FROM reading_sessions") == 1)
        }
    }
}
