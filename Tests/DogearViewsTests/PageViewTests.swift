import DogearCore
import Foundation
import Plot
import Testing

@testable import DogearViews

let session = PageSession(displayName: "Ann", csrfToken: "csrf-token-1")
let hostile = "<script>alert(\"x\")</script> & \"quoted\" 'single' &amp;"

func book(_ title: String = "Piranesi", status: ReadingStatus = .reading) -> BookSummary {
    var book = BookSummary(
        id: UUID(uuidString: "11111111-2222-3333-4444-555555555555")!, title: title,
        authors: ["Susanna Clarke"], status: status)
    book.pageCount = 272
    book.currentPage = 120
    book.progress = 120.0 / 272
    book.tags = ["Fantasy"]
    book.rating = 4
    return book
}

@Suite("Page views")
struct PageViewTests {
    @Test("no page lets a reader's text out as HTML: a <script> title, tags, notes and typed values stay text")
    func escaping() {
        var hostileBook = book(hostile)
        hostileBook.tags = [hostile]
        hostileBook.matches = [.init(field: "note", passage: hostile)]
        hostileBook.coverURL = "https://example.com/c.jpg\" onerror=\"alert(1)"
        var form = BookForm.Model(session: session)
        form.title = FieldState(hostile, error: hostile)
        form.knownTags = [hostile]
        let pages = [
            Home.View.render(
                .init(
                    greeting: "Good morning", displayName: hostile, currentlyReading: [hostileBook],
                    recentlyFinished: [hostileBook], readAllTime: 1, readThisYear: 1, pagesThisYear: 1, session: session)),
            LibraryIndex.View.render(
                .init(query: hostile, items: [hostileBook], allTags: [hostile], libraryIsEmpty: false, session: session)),
            BookShow.View.render(
                .init(
                    book: hostileBook, notes: [.init(id: UUID(), content: hostile, createdAt: "2026-03-14")],
                    quotes: [.init(text: hostile, location: hostile, note: hostile)], session: session)),
            BookForm.View.render(form),
            DeleteConfirm.View.render(.init(id: hostileBook.id, title: hostile, session: session)),
            SignIn.View.render(.init(email: FieldState(hostile), error: hostile, notice: hostile, csrfToken: "t")),
            DeleteAccount.View.render(.init(ownedClubs: [.init(name: hostile, fate: "is deleted")], session: session)),
            {
                var model = SignIn.Model(csrfToken: "t")
                model.providers = [
                    ProviderButton(provider: .google, clientID: hostile, nonce: hostile, callbackURL: hostile),
                    ProviderButton(provider: .apple, clientID: hostile, nonce: hostile, callbackURL: hostile),
                ]
                return SignIn.View.render(model)
            }(),
            LinkIdentity.View.render(.init(token: "t", provider: hostile, email: hostile, linkWorks: true, csrfToken: "t")),
        ].map { $0.render() }
        for html in pages {
            #expect(!html.contains("<script>alert"))
            #expect(!html.contains("\" onerror=\""))
            #expect(!html.contains("'single'\""))
            #expect(html.contains("&lt;script&gt;") || html.contains("&lt;script"))
        }
        // What was typed is shown exactly, "&amp;" included.
        #expect(pages[1].contains("&amp;amp;"))
    }

    @Test("home: greeting, a card per book being read with its stepper, page count and progress; empty states")
    func home() {
        let full = Home.View.render(
            .init(
                greeting: "Good evening", displayName: "Ann", currentlyReading: [book()],
                recentlyFinished: [], readAllTime: 12, readThisYear: 3, pagesThisYear: 900,
                session: session)
        ).render()
        #expect(full.contains("Good evening, Ann"))
        #expect(full.contains("Page 120 of 272"))
        #expect(full.contains("<progress"))
        #expect(full.contains("value=\"44\""))
        #expect(full.contains("name=\"page\" value=\"119\""))
        #expect(full.contains("name=\"page\" value=\"121\""))
        #expect(full.contains("name=\"_csrf\" value=\"csrf-token-1\""))
        #expect(full.contains("Books you finish show up here."))
        let empty = Home.View.render(
            .init(
                greeting: "Good morning", displayName: "Ann", currentlyReading: [], recentlyFinished: [],
                readAllTime: 0, readThisYear: 0, pagesThisYear: 0, session: session)
        ).render()
        #expect(empty.contains("Nothing on the go."))
    }

    @Test("library: results with status, rating, tags and match reason; empty library and no-match are told apart")
    func library() {
        var found = book(
            "A very long title that goes on and on about a house of endless halls and tides and statues", status: .read)
        found.matches = [.init(field: "note", passage: "…the statues in the tide…")]
        let html = LibraryIndex.View.render(
            .init(
                query: "statues", items: [found], allTags: ["Fantasy"], libraryIsEmpty: false,
                session: session)
        ).render()
        #expect(html.contains("A very long title that goes on and on"))
        #expect(html.contains("status-read"))
        #expect(html.contains("Matched in note"))
        #expect(html.contains("…the statues in the tide…"))
        #expect(html.contains("aria-label=\"4 of 5 stars\""))
        #expect(html.contains("cover-placeholder"))  // no cover: the placeholder
        #expect(html.contains("<option value>Any tag</option>"))  // sends "", not its label
        let none = LibraryIndex.View.render(.init(query: "zzz", items: [], libraryIsEmpty: false, session: session)).render()
        #expect(none.contains("No books match “zzz”."))
        let empty = LibraryIndex.View.render(.init(items: [], libraryIsEmpty: true, session: session)).render()
        #expect(empty.contains("Your library is empty."))
    }

    /// The server sends `page(_:)`, which splices the rows into the rendered layout; it must be the
    /// same page, byte for byte, as the one Plot renders with the rows inside.
    @Test("library: the page the server sends is the page Plot renders, rows, tabs, lists and all")
    func libraryPageText() {
        var first = book("Piranesi <!--dogear:library-rows--> & “friends”", status: .reading)
        first.tags = ["Fantasy", "<b>bold</b>"]
        let second = book("Dune", status: .read)
        var full = LibraryIndex.Model(
            query: "<!--dogear:library-rows-->", statuses: [.reading], tag: "Fantasy", items: [first, second],
            allTags: ["Fantasy"], nextCursor: "abc", libraryIsEmpty: false, session: session)
        full.lists = [.init(id: "L1", name: "Summer <3")]
        full.shelves = .init(total: 2, counts: [.init(status: .reading, count: 1), .init(status: .read, count: 1)])
        var noMatch = LibraryIndex.Model(query: "zzz", items: [], libraryIsEmpty: false, session: session)
        noMatch.suggestions = [.init(label: "Dune", query: "dune")]
        let models = [
            full, noMatch, LibraryIndex.Model(items: [], libraryIsEmpty: true, session: session),
            LibraryIndex.Model(items: [second], libraryIsEmpty: false, session: session),
        ]
        for model in models {
            let page = LibraryIndex.View.page(model)
            #expect(page == LibraryIndex.View.render(model).render())
            #expect(!page.contains("<!--dogear:library-rows-->"))
        }
        #expect(LibraryIndex.View.page(full).contains("Piranesi &lt;!--dogear:library-rows--&gt;"))
    }

    @Test("a form with an error keeps what was typed and puts the message beside its field")
    func formErrors() {
        var form = BookForm.Model(session: session)
        form.title = FieldState("", error: "title: must not be empty")
        form.authors = FieldState("Ursula K. Le Guin, Someone Else")
        form.tags = FieldState("SciFi, Classics")
        let html = BookForm.View.render(form).render()
        #expect(html.contains("value=\"Ursula K. Le Guin, Someone Else\""))
        #expect(html.contains("value=\"SciFi, Classics\""))
        #expect(html.contains("id=\"field-title-error\""))
        #expect(html.contains("aria-invalid=\"true\""))
        #expect(html.contains("title: must not be empty"))
        // "Not rated" must send an empty value (a bare `value` is the empty string), not its label.
        #expect(html.contains("<option value selected>Not rated</option>"))
        // Every input has a label.
        for name in ["isbn", "title", "authors", "pageCount", "status", "rating", "dateStarted", "dateFinished", "tags", "note"] {
            #expect(html.contains("for=\"field-\(name)\""), "\(name)")
        }
    }
}

@Suite("Page views: import, export, profile, errors")
struct TransferAndAccountViewTests {
    func job(status: String, dryRun: Bool, processed: Int = 4) -> ImportJobPage.Model {
        ImportJobPage.Model(
            id: UUID(uuidString: "AAAAAAAA-2222-3333-4444-555555555555")!, status: status, dryRun: dryRun, format: "goodreads",
            fileName: hostile, total: 4, processed: processed, created: 3, merged: 0, unchanged: 0, failed: 1, message: nil,
            mappings: [.init(from: hostile, to: "didNotFinish", rows: 1)],
            errors: [.init(line: 4, reason: "the row has no title")],
            fileWarnings: ["the file is not UTF-8"], session: session)
    }

    @Test("a highlights import: its counts in quotes, each unmatched book escaped with a labelled link form; a preview has none")
    func highlights() {
        var model = job(status: "done", dryRun: false)
        model.isHighlights = true
        model.unmatched = [
            .init(id: UUID(uuidString: "BBBBBBBB-2222-3333-4444-555555555555")!, title: hostile, author: nil, highlights: 3)
        ]
        #expect(ImportJobPage.View.render(model).render().contains("Search for a book of yours above."))
        model.choices = [.init(entryID: UUID(uuidString: "CCCCCCCC-2222-3333-4444-555555555555")!, title: hostile)]
        let html = ImportJobPage.View.render(model).render()
        #expect(html.contains("quotes and notes added"))
        #expect(html.contains("Books not found in your library"))
        #expect(html.contains("No author · 3 highlights"))
        #expect(!html.contains("<script>alert"))
        #expect(
            html.contains(
                "action=\"/import/AAAAAAAA-2222-3333-4444-555555555555/books/BBBBBBBB-2222-3333-4444-555555555555/link\""))
        #expect(html.contains("<label for=\"import-book-0\">Book</label>"))
        #expect(html.contains("value=\"CCCCCCCC-2222-3333-4444-555555555555\""))
        model.dryRun = true
        let preview = ImportJobPage.View.render(model).render()
        #expect(preview.contains("Books not found in your library"))
        #expect(!preview.contains("/books/BBBBBBBB"))
        #expect(preview.contains("Import the highlights"))
    }

    @Test("a running import shows its bar and count, marks itself for the script and reloads itself without one")
    func running() {
        let html = ImportJobPage.View.render(job(status: "running", dryRun: false, processed: 2)).render()
        #expect(html.contains("<progress class=\"progress import-progress\" max=\"4\" value=\"2\""))
        #expect(html.contains("2 of 4 rows"))
        #expect(html.contains("data-import-job=\"/import/AAAAAAAA-2222-3333-4444-555555555555?partial=1\""))
        #expect(html.contains("<noscript><meta http-equiv=\"refresh\" content=\"1\"/></noscript>"))
        #expect(!html.contains("How your shelves map"))
    }

    @Test("a finished preview shows the counts, the shelf mapping, failed lines and the button to run it")
    func preview() {
        let html = ImportJobPage.View.render(job(status: "done", dryRun: true)).render()
        #expect(html.contains("Import preview"))
        #expect(html.contains("How your shelves map"))
        #expect(html.contains("Line 4: </strong>the row has no title"))
        #expect(html.contains("action=\"/import/AAAAAAAA-2222-3333-4444-555555555555/run\""))
        #expect(html.contains("Import 3 rows"))
        #expect(html.contains("the file is not UTF-8"))
        #expect(!html.contains("data-import-job"))
        #expect(!html.contains("http-equiv"))
        #expect(!html.contains("<script>alert"))
        let done = ImportJobPage.View.render(job(status: "done", dryRun: false)).render()
        #expect(done.contains("Import finished"))
        #expect(done.contains("See your library"))
    }

    @Test(
        "upload form: the CSRF token is the form's first part, before the file (never in the address); a file input with a label")
    func upload() throws {
        let html = ImportUpload.View.render(.init(error: "unrecognised format", session: session)).render()
        #expect(html.contains("action=\"/import\""))
        #expect(!html.contains("_csrf=csrf"))
        let form = try #require(html.range(of: "action=\"/import\""))
        let token = try #require(html.range(of: "name=\"_csrf\" value=\"csrf-token-1\"", range: form.upperBound..<html.endIndex))
        let file = try #require(html.range(of: "name=\"file\""))
        #expect(token.lowerBound < file.lowerBound)
        #expect(html.contains("enctype=\"multipart/form-data\""))
        #expect(html.contains("<label for=\"field-file\">"))
        #expect(html.contains("unrecognised format"))
    }

    @Test("export offers the three formats; profile keeps typed values and errors; error pages say what happened")
    func exportProfileErrors() {
        let export = ExportPage.View.render(session: session).render()
        for format in ["goodreads", "storygraph", "json"] { #expect(export.contains("href=\"/export/\(format)\"")) }
        let profile = Profile.View.render(
            .init(
                email: FieldState("ann@example.com"), displayName: FieldState("Ann"),
                timeZone: FieldState("Mars/Olympus", error: "not a time zone"), session: session)
        ).render()
        #expect(profile.contains("value=\"Mars/Olympus\""))
        #expect(profile.contains("id=\"field-timeZone-error\""))
        let missing = ErrorPage.View.render(
            .init(status: 404, message: "Not found: that book is not in your library.", session: nil)
        ).render()
        #expect(missing.contains("<h1>Not found</h1>"))
        #expect(!missing.contains("Sign out"))  // no session: no navigation
    }
}

@Suite("Cover placeholders")
struct CoverPlaceholderTests {
    @Test("a coverless book shows its title on a colour of its own, the same every time; titles spread over the colours")
    func spines() {
        let titles = [
            "Piranesi", "Kindred", "Middlemarch", "Dune", "The Hobbit", "Beloved", "Emma", "Ulysses", "Dracula",
            "Frankenstein", "Rebecca", "Persuasion",
        ]
        let hues = titles.map(Node<HTML.BodyContext>.coverHue)
        #expect(hues == titles.map(Node<HTML.BodyContext>.coverHue))
        #expect(Set(hues).count >= 5)
        #expect(hues.allSatisfy { (0..<8).contains($0) })
        let html = Node<HTML.BodyContext>.cover(nil, title: "Kindred <3").render()
        #expect(html.contains("cover-hue-\(Node<HTML.BodyContext>.coverHue("Kindred <3"))"))
        #expect(html.contains("<span class=\"cover-title\">Kindred &lt;3</span>"))
    }
}

@Suite("Dates as people read them")
struct HumanDatesTests {
    @Test(
        "days, months and years in one format; anything else as given",
        arguments: [
            ("2026-03-14", "14 Mar 2026"), ("2026-11-01", "1 Nov 2026"), ("2026-03", "Mar 2026"), ("1999", "1999"),
            ("2026-13-01", "2026-13-01"), ("", ""), ("soon", "soon"),
        ])
    func day(_ iso: String, _ expected: String) {
        #expect(HumanDates.day(iso) == expected)
    }

    @Test("recent moments relative, a week on the day; the exact time for the hover")
    func relative() {
        let zone = TimeZone(identifier: "Europe/Paris")!
        let now = Date(timeIntervalSince1970: 1_773_489_600)  // 14 Mar 2026, 13:00 in Paris
        let ago = { (seconds: Double) in HumanDates.relative(now.addingTimeInterval(-seconds), now: now, in: zone) }
        #expect(ago(20) == "just now")
        #expect(ago(60) == "1 minute ago")
        #expect(ago(5 * 60) == "5 minutes ago")
        #expect(ago(3 * 3_600) == "3 hours ago")
        #expect(ago(20 * 3_600) == "yesterday")
        #expect(ago(3 * 86_400) == "3 days ago")
        #expect(ago(10 * 86_400) == "4 Mar 2026")
        #expect(HumanDates.exact(now, in: zone) == "14 Mar 2026, 13:00")
        let html = Node<HTML.BodyContext>.day("2026-03-14").render()
        #expect(html == "<time datetime=\"2026-03-14\">14 Mar 2026</time>")
    }
}

@Suite("The phone's tab bar")
struct TabBarTests {
    @Test("each main section has an icon hidden from screen readers, its word the link's name")
    func icons() {
        let session = PageSession(displayName: "Ann", csrfToken: "t")
        let html = Home.View.render(
            .init(
                greeting: "Hello", displayName: "Ann", currentlyReading: [], recentlyFinished: [], readAllTime: 0,
                readThisYear: 0, pagesThisYear: 0, session: session)
        ).render()
        let tabs = html.components(separatedBy: "<nav class=\"tabs\"").dropFirst().first?.components(separatedBy: "</nav>").first
        #expect(tabs?.components(separatedBy: "<svg class=\"tab-icon\"").count == 6)
        #expect(tabs?.contains("aria-hidden=\"true\" focusable=\"false\"") == true)
        for word in ["Home", "Library", "Lists", "Clubs", "Add"] { #expect(tabs?.contains("</svg>\(word)</a>") == true) }
    }
}
