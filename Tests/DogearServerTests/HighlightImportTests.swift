import DogearTestSupport
import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearStore
@testable import DogearTransfer

/// E-reader highlights through `POST /api/v1/imports`: Kindle's clippings and KOReader's exports
/// become quotes of the books they match, the others wait to be linked, and nothing comes twice.
@Suite("Import: highlights from Kindle and KOReader")
struct HighlightImportTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/highlights")

    static func file(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name))
    }

    static func quotes(_ app: Application, _ token: String, _ entryID: UUID) async throws -> [QuoteDTO] {
        try await app.send(.GET, "/api/v1/library/\(entryID)/quotes", token: token).decode()
    }

    @Test("Kindle's clippings: quotes with page, location, date and the note at their place; again, nothing is added")
    func kindle() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let book = try await app.addEntry(
                token, title: "How to Talk to Anyone: 92 Little Tricks for Big Success in Relationships",
                authors: ["Leil Lowndes"])
            let job = try await app.importFile(token, try Self.file("kindle-en-Bjoern-AS.txt"), fileName: "My Clippings.txt")
            #expect(job.format == "kindleClippings")
            #expect(job.status == "done")
            #expect(job.created == 4)
            #expect(job.unmatchedBooks.isEmpty)
            let quotes = try await Self.quotes(app, token, book.id).sorted { ($0.page ?? 0) < ($1.page ?? 0) }
            #expect(quotes.map(\.location) == ["245-246", "290-291", "304-307", "342-343"])
            #expect(quotes.first?.note == "Portray of a Somebody")
            #expect(quotes.last?.text.hasPrefix("is yet another argument for intense eye contact") == true)
            #expect(quotes.first?.createdAt == Date(timeIntervalSince1970: 1_630_536_600))

            let again = try await app.importFile(token, try Self.file("kindle-en-Bjoern-AS.txt"), fileName: "again.txt")
            #expect(again.created == 0)
            #expect(again.unchanged == 4)
            #expect(try await Self.quotes(app, token, book.id).count == 4)
        }
    }

    @Test("a Kindle highlight extended in a later file replaces its shorter self; a quote typed by hand is not repeated")
    func extended() async throws {
        let first =
            "Piranesi (Susanna Clarke)\n- Your Highlight on page 5 | Location 80-81 | Added on Monday, 1 May 2023 10:00:00\n\nThe Beauty of the House\n==========\n"
        let later =
            "Piranesi (Susanna Clarke)\n- Your Highlight on page 5 | Location 80-84 | Added on Monday, 1 May 2023 10:05:00\n\nThe Beauty of the House is immeasurable; its Kindness infinite.\n==========\n"
            + "Piranesi (Susanna Clarke)\n- Your Highlight on page 9 | Location 120-121 | Added on Monday, 1 May 2023 11:00:00\n\nI am the Beloved Child of the House.\n==========\n"
        try await withDogear { app in
            let token = try await app.signUp()
            let piranesi = try await app.addEntry(token)
            let typed = try await app.send(
                .POST, "/api/v1/library/\(piranesi.id)/quotes", token: token,
                json: ["text": "I am the Beloved Child of the House.", "page": 9])
            #expect(typed.status == .created)
            let one = try await app.importFile(token, Data(first.utf8), fileName: "one.txt")
            #expect(one.created == 1)
            let two = try await app.importFile(token, Data(later.utf8), fileName: "two.txt")
            #expect(two.merged == 1)
            #expect(two.unchanged == 1)
            #expect(two.created == 0)
            let texts = try await Self.quotes(app, token, piranesi.id).map(\.text).sorted()
            #expect(
                texts == [
                    "I am the Beloved Child of the House.", "The Beauty of the House is immeasurable; its Kindness infinite.",
                ])
        }
    }

    @Test(
        "KOReader's JSON: matched books get their quotes, the others wait; linking one moves its highlights; others' jobs and books are 404"
    )
    func koreaderAndLinking() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let legend = try await app.addEntry(token, title: "I Am Legend", authors: ["Richard Matheson"])
            let foster = try await app.addEntry(token, title: "Foster", authors: ["Claire Keegan"])
            let job = try await app.importFile(token, try Self.file("koreader-5books-zh-Devric.json"), fileName: "all-books.json")
            #expect(job.format == "koreaderHighlights")
            #expect(job.created == 6)
            #expect(job.total == 28)
            #expect(job.unmatchedBooks.map(\.title) == ["Cloud Atlas", "可复制的沟通力：樊登的10堂表达课", "Dear John"])
            #expect(job.unmatchedBooks.map(\.highlights) == [2, 18, 2])
            let legendQuotes = try await Self.quotes(app, token, legend.id)
            #expect(legendQuotes.count == 3)
            #expect(legendQuotes.filter { $0.note != nil }.count == 2)
            #expect(try await Self.quotes(app, token, foster.id).count == 3)

            let dearJohn = try #require(job.unmatchedBooks.last)
            let entry = try await app.addEntry(token, title: "Dear John (Movie Tie-in)", authors: ["Nicholas Sparks"])
            let path = "/api/v1/imports/\(job.id)/books/\(dearJohn.id)/link"
            // Another reader cannot see the job, nor link to their own book through it.
            let bob = try await app.signUp("bob@example.com")
            let bobsBook = try await app.addEntry(bob, title: "Dear John", authors: ["Nicholas Sparks"])
            let byBob = try await app.send(.POST, path, token: bob, json: ["entryId": bobsBook.id.uuidString])
            #expect(byBob.status == .notFound && byBob.errorCode == "importNotFound")
            let toBobs = try await app.send(.POST, path, token: token, json: ["entryId": bobsBook.id.uuidString])
            #expect(toBobs.status == .notFound && toBobs.errorCode == "entryNotFound")
            #expect(try await Self.quotes(app, bob, bobsBook.id).isEmpty)

            // A read-only app token sees the job but cannot link.
            let readOnly = try #require(
                try await app.must(.POST, "/api/v1/tokens", token: token, json: ["name": "reader", "scopes": ["read"]])["token"]
                    as? String)
            #expect(try await app.send(.GET, "/api/v1/imports/\(job.id)", token: readOnly).status == .ok)
            let byReadToken = try await app.send(.POST, path, token: readOnly, json: ["entryId": entry.id.uuidString])
            #expect(byReadToken.status == .forbidden && byReadToken.errorCode == "insufficientScope")
            #expect(try await Self.quotes(app, token, entry.id).isEmpty)

            let linked = try await app.send(.POST, path, token: token, json: ["entryId": entry.id.uuidString])
            #expect(linked.status == .ok)
            let after = try linked.importJob
            #expect(after.unmatchedBooks.map(\.title) == ["Cloud Atlas", "可复制的沟通力：樊登的10堂表达课"])
            #expect(after.created == 8)
            #expect(try await Self.quotes(app, token, entry.id).count == 2)
            let twice = try await app.send(.POST, path, token: token, json: ["entryId": entry.id.uuidString])
            #expect(twice.status == .notFound && twice.errorCode == "importBookNotFound")

            // The Markdown export of the same highlights adds nothing to the books that have them.
            let markdown = try await app.importFile(
                token, try Self.file("koreader-5books-zh-Devric-rendered.md"), fileName: "all-books.md")
            #expect(markdown.format == "koreaderHighlights")
            #expect(markdown.created == 0)
            #expect(markdown.unchanged == 8)  // I Am Legend 3, Foster 3, Dear John (linked) 2
            #expect(markdown.unmatchedBooks.count == 2)
        }
    }

    @Test("a preview says what would come and keeps nothing; its books cannot be linked")
    func preview() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let legend = try await app.addEntry(token, title: "I Am Legend", authors: ["Richard Matheson"])
            let preview = try await app.importFile(
                token, try Self.file("koreader-2books-Devric.json"), fileName: "all-books.json", dryRun: true)
            #expect(preview.dryRun)
            #expect(preview.created == 3)
            #expect(preview.unmatchedBooks.map(\.title) == ["Dear John"])
            #expect(try await Self.quotes(app, token, legend.id).isEmpty)
            let link = try await app.send(
                .POST, "/api/v1/imports/\(preview.id)/books/\(preview.unmatchedBooks[0].id)/link", token: token,
                json: ["entryId": legend.id.uuidString])
            #expect(link.status == .unprocessableEntity)
            #expect(try await Self.quotes(app, token, legend.id).isEmpty)
        }
    }

    @Test("bookmarks are left out and said so; a file of bookmarks only is refused with why")
    func bookmarks() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let job = try await app.importFile(token, try Self.file("kindle-de-zh-DerJoker.txt"), fileName: "clippings.txt")
            #expect(job.fileWarnings == ["2 bookmarks were left out: a bookmark marks a place and has no text to quote"])
            #expect(job.unmatchedBooks.count == 6)
            let only =
                "Pride and Prejudice (Austen, Jane)\n- Your Bookmark on Location 3257 | Added on Tuesday, 8 July 2014 22:42:55\n\n\n==========\n"
            let refused = try await app.upload(token, Data(only.utf8), fileName: "bookmarks.txt")
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.errorMessage?.contains("bookmarks only") == true)
        }
    }
}

@Suite("Import: highlights, once and only once")
struct HighlightImportOnceTests {
    static func clipping(_ location: String, _ text: String, note: String? = nil) -> String {
        var text =
            "Piranesi (Susanna Clarke)\n- Your Highlight on page 5 | Location \(location) | Added on Monday, 1 May 2023 10:00:00\n\n"
            + "\(text)\n==========\n"
        if let note {
            let end = location.split(separator: "-").last.map(String.init) ?? location
            text +=
                "Piranesi (Susanna Clarke)\n- Your Note on page 5 | Location \(end) | Added on Monday, 1 May 2023 10:01:00\n\n"
                + "\(note)\n==========\n"
        }
        return text
    }

    @Test("a later file: another sentence at a known place is added, a note made since joins its quote, the rest is left")
    func laterFile() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let piranesi = try await app.addEntry(token)
            let first = Self.clipping("80-80", "The Beauty of the House is immeasurable.")
            #expect(try await app.importFile(token, Data(first.utf8), fileName: "one.txt").created == 1)
            let later =
                Self.clipping("80-80", "The Beauty of the House is immeasurable.", note: "the first line")
                + Self.clipping("80-81", "Its Kindness infinite.")
            let second = try await app.importFile(token, Data(later.utf8), fileName: "two.txt")
            #expect(second.created == 1)
            #expect(second.merged == 1)
            let quotes = try await HighlightImportTests.quotes(app, token, piranesi.id)
            #expect(quotes.map(\.text).sorted() == ["Its Kindness infinite.", "The Beauty of the House is immeasurable."])
            #expect(quotes.first { $0.text.hasPrefix("The Beauty") }?.note == "the first line")
            let third = try await app.importFile(token, Data(later.utf8), fileName: "three.txt")
            #expect(third.created == 0 && third.merged == 0 && third.unchanged == 2)
        }
    }

    @Test("KOReader's Markdown written in another time zone adds nothing the JSON brought: the texts are the same")
    func markdownInAnotherZone() async throws {
        let markdown = String(decoding: try HighlightImportTests.file("koreader-2books-Devric-rendered.md"), as: UTF8.self)
            .replacingOccurrences(of: " April 2024 ", with: " March 2024 ")
        try await withDogear { app in
            let token = try await app.signUp()
            let legend = try await app.addEntry(token, title: "I Am Legend", authors: ["Richard Matheson"])
            #expect(try await app.importFile(token, try HighlightImportTests.file("koreader-2books-Devric.json")).created == 3)
            let again = try await app.importFile(token, Data(markdown.utf8), fileName: "all-books.md")
            #expect(again.created == 0)
            #expect(again.unchanged == 3)
            #expect(try await HighlightImportTests.quotes(app, token, legend.id).count == 3)
        }
    }

    @Test("the same book linked twice at once: one link takes it, the other finds nothing; the counters keep both links")
    func linkTwiceAtOnce() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let job = try await app.importFile(token, try HighlightImportTests.file("koreader-2books-Devric.json"))
            #expect(job.unmatchedBooks.count == 2)
            let legend = try await app.addEntry(token, title: "Legend, I Am", authors: ["Someone Else"])
            let john = try await app.addEntry(token, title: "John, Dear", authors: ["Someone Else"])
            let book = job.unmatchedBooks[0]
            let path = "/api/v1/imports/\(job.id)/books/\(book.id)/link"
            async let one = app.send(.POST, path, token: token, json: ["entryId": legend.id.uuidString])
            async let two = app.send(.POST, path, token: token, json: ["entryId": john.id.uuidString])
            let statuses = try await [one.status, two.status].map(\.code).sorted()
            #expect(statuses == [200, 404])
            let placed =
                try await HighlightImportTests.quotes(app, token, legend.id).count
                + HighlightImportTests.quotes(app, token, john.id).count
            #expect(placed == book.highlights)
            let other = job.unmatchedBooks[1]
            let last = try await app.send(
                .POST, "/api/v1/imports/\(job.id)/books/\(other.id)/link", token: token, json: ["entryId": john.id.uuidString])
            let after = try last.importJob
            #expect(after.unmatchedBooks.isEmpty)
            #expect(after.created == book.highlights + other.highlights)
        }
    }

    @Test("a quote typed by hand that a device also highlighted is not repeated; the device's note joins it")
    func typedThenHighlighted() async throws {
        let file = Self.clipping("80-80", "The Beauty of the House is immeasurable.", note: "from my Kindle")
        try await withDogear { app in
            let token = try await app.signUp()
            let piranesi = try await app.addEntry(token)
            try await app.must(
                .POST, "/api/v1/library/\(piranesi.id)/quotes", token: token,
                json: ["text": "The Beauty of the House is immeasurable."])
            let job = try await app.importFile(token, Data(file.utf8), fileName: "clippings.txt")
            #expect(job.created == 0 && job.merged == 1)
            let quotes = try await HighlightImportTests.quotes(app, token, piranesi.id)
            #expect(quotes.map(\.note) == ["from my Kindle"])
        }
    }

    @Test("a backup carries a highlight's location, note and device key: restored elsewhere, the same file adds nothing")
    func backupRoundTrip() async throws {
        let file = Self.clipping("80-81", "The Beauty of the House is immeasurable.", note: "first line")
        try await withDogear { app in
            let ann = try await app.signUp()
            _ = try await app.addEntry(ann)
            #expect(try await app.importFile(ann, Data(file.utf8), fileName: "clippings.txt").created == 1)
            let backup = try await app.send(.GET, "/api/v1/export?format=json", token: ann)
            let bob = try await app.signUp("bob@example.com")
            let restored = try await app.importFile(bob, Data(backup.body.utf8), fileName: "backup.json")
            #expect(restored.created == 1)
            let entry = try #require(try await app.send(.GET, "/api/v1/library", token: bob).entries.items.first)
            let quotes = try await HighlightImportTests.quotes(app, bob, entry.id)
            #expect(quotes.map(\.location) == ["80-81"])
            #expect(quotes.map(\.note) == ["first line"])
            let again = try await app.importFile(bob, Data(file.utf8), fileName: "clippings.txt")
            #expect(again.created == 0 && again.merged == 0 && again.unchanged == 1)
        }
    }

    @Test("the runner (dogear import's) answers a highlights job with its counters, shows progress, and its preview agrees")
    func runnerCounters() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            _ = try await app.addEntry(token, title: "I Am Legend", authors: ["Richard Matheson"])
            let path = NSTemporaryDirectory() + "highlights-\(UUID().uuidString).json"
            try HighlightImportTests.file("koreader-2books-Devric.json").write(to: URL(fileURLWithPath: path))
            defer { try? FileManager.default.removeItem(atPath: path) }
            let userID = try await app.userID(token)
            let runner = ImportRunner(db: app.db, logger: app.logger, now: app.clock.now)
            let dry = try await runner.createJob(userID: userID, filePath: path, fileName: nil, dryRun: true)
            let preview = try await runner.run(try dry.requireID())
            let real = try await runner.createJob(userID: userID, filePath: path, fileName: nil, dryRun: false)
            let seen = Seen()
            let run = try await runner.run(try real.requireID()) { job in await seen.add(job.processed) }
            #expect(run.status == .done)
            let counted: [Int] = [run.created, run.unchanged, run.processed, run.total]
            let previewed: [Int] = [preview.created, preview.unchanged, preview.processed]
            #expect(counted == [3, 0, 5, 5])
            #expect(previewed == Array(counted.prefix(3)))
            #expect(await seen.values.contains(3))
            #expect(await seen.values.last == 5)
        }
    }

    actor Seen {
        var values: [Int] = []
        func add(_ value: Int) { values.append(value) }
    }

    @Test("a file of more books than one import takes is refused with why, and makes no job")
    func tooManyBooks() async throws {
        var text = ""
        for index in 0...HighlightsFile.maxBooks {
            text +=
                "Book \(index) (Author)\n- Your Highlight on Location 1-2 | Added on Monday, 1 May 2023 10:00:00\n\nx\n==========\n"
        }
        try await withDogear { app in
            let token = try await app.signUp()
            let refused = try await app.upload(token, Data(text.utf8), fileName: "clippings.txt")
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.errorMessage?.contains("split the file") == true)
            #expect(try await app.count("SELECT COUNT(*) AS n FROM imports") == 0)
        }
    }
}

@Suite("The import page for highlights, without a script")
struct HighlightImportPageTests {
    @Test("preview in highlights' words, run, then an unmatched book linked from the page by its search box")
    func page() async throws {
        try await withDogear { app in
            let web = WebClient(app)
            try await web.signUp()
            let legend = try await web.addBook([("title", "I Am Legend"), ("authors", "Richard Matheson")])
            let sparks = try await web.addBook([("title", "The Notebook and Dear John"), ("authors", "Nicholas Sparks")])
            try await web.get("/import")
            let uploaded = try await web.upload(
                "/import", try HighlightImportTests.file("koreader-2books-Devric.json"), fileName: "all-books.json")
            #expect(uploaded.status == .seeOther)
            let previewPath = try #require(uploaded.location)
            await app.importJobs.wait(for: UUID(uuidString: String(previewPath.dropFirst("/import/".count)))!)
            let preview = try await web.get(previewPath)
            #expect(preview.body.contains("quotes and notes to add"))
            #expect(preview.body.contains("Books not found in your library"))
            #expect(preview.body.contains("Dear John"))
            #expect(!preview.body.contains("action=\"\(previewPath)/books/"))

            let run = try await web.post(previewPath + "/run", [])
            let runPath = try #require(run.location)
            await app.importJobs.wait(for: UUID(uuidString: String(runPath.dropFirst("/import/".count)))!)
            let finished = try await web.get(runPath + "?q=notebook")
            #expect(finished.body.contains("3</strong> quotes and notes added"))
            let action = try #require(
                finished.body.components(separatedBy: "action=\"\(runPath)/books/").dropFirst().first?
                    .components(separatedBy: "\"").first)
            #expect(finished.body.contains("value=\"\(sparks.uppercased())\""))
            // The search box's words narrow the choice: a book they do not name is not offered.
            #expect(!finished.body.contains("value=\"\(legend.uppercased())\""))
            let linked = try await web.post("\(runPath)/books/\(action)", [("entryId", sparks)])
            #expect(linked.status == .seeOther)
            let after = try await web.get(runPath)
            #expect(!after.body.contains("Books not found in your library"))
            #expect(after.body.contains("5</strong> quotes and notes added"))
            // The book page shows each highlight with its page and the reader's note.
            let book = try await web.get("/books/\(legend)")
            #expect(book.body.contains("page 98"))
            #expect(book.body.contains("<strong>Your note: </strong>thid is roberts tettment"))
            // Choosing nothing says what is missing (the book is linked by now: a book waiting is needed).
            let more = try await web.upload(
                "/import", try HighlightImportTests.file("koreader-5books-zh-Devric.json"), fileName: "more.json")
            let morePreview = try #require(more.location)
            await app.importJobs.wait(for: UUID(uuidString: String(morePreview.dropFirst("/import/".count)))!)
            let moreRun = try #require(try await web.post(morePreview + "/run", []).location)
            await app.importJobs.wait(for: UUID(uuidString: String(moreRun.dropFirst("/import/".count)))!)
            let waiting = try await web.get(moreRun)
            let next = try #require(
                waiting.body.components(separatedBy: "action=\"\(moreRun)/books/").dropFirst().first?
                    .components(separatedBy: "\"").first)
            let nothing = try await web.post("\(moreRun)/books/\(next)", [])
            #expect(nothing.status == .unprocessableEntity)
            #expect(nothing.body.contains("Choose a book."))
        }
    }
}
