import DogearCore
import DogearServices
import DogearSources
import DogearStore
import DogearViews
import Vapor

/// `/add`'s search: `GET /add?q=` finds a title, an author or an ISBN in Dogear's catalog and the
/// online sources (the API's search and look-up); `POST /add/pick` adds a result with one press on
/// the shelf pressed, then comes back to the same results saying what was added.
package struct AddSearchPages {
    package struct PickForm: Content {
        package var q: String?
        package var workId: String?
        package var title: String?
        package var subtitle: String?
        /// One author a line (a name may hold a comma: "Tolkien, J. R. R.").
        package var authors: String?
        package var isbn: String?
        package var pageCount: String?
        package var publisher: String?
        package var publishedDate: String?
        package var firstPublishedYear: String?
        package var coverUrl: String?
        package var status: String?
    }

    /// How many results a search shows: a page a reader scans, not a catalogue.
    static let resultLimit = 12

    package func show(req: Request) async throws -> Response {
        var model = try await BookFormPages().model(req, entryID: nil)
        let query = (req.query[String.self, at: "q"] ?? "").trimmed
        if !query.isEmpty {
            let search = try await Self.search(query, req)
            model.search = search
            model.handFormOpen = search.results.isEmpty
        }
        if let added = req.query[UUID.self, at: "added"],
            let entry = try? await req.libraryQuery().entry(added), let status = ReadingStatus(rawValue: entry.status)
        {
            model.added = .init(entryID: added, title: entry.work.title, status: status)
        }
        return Response(html: BookForm.View.render(model))
    }

    package func pick(req: Request) async throws -> Response {
        let form = try req.content.decode(PickForm.self)
        let query = (form.q ?? "").trimmed
        guard let status = form.status.flatMap(ReadingStatus.init(rawValue:)), BookSearch.shelves.contains(status) else {
            throw PageError(status: .unprocessableEntity, message: "Choose Want to read, Reading or Read.")
        }
        var entry = EntryDraft()
        entry.status = status.rawValue
        var input = CreateEntryInput(entryDraft: entry)
        if let id = form.workId.flatMap(UUID.init(uuidString:)) {
            input.workId = id
        } else {
            var book = BookDraft()
            book.title = form.title
            book.subtitle = form.subtitle.flatMap { $0.trimmed.isEmpty ? nil : $0 }
            book.authors = (form.authors ?? "").split(whereSeparator: \.isNewline).map(\.trimmed).filter { !$0.isEmpty }
            book.isbn = form.isbn.flatMap { $0.trimmed.isEmpty ? nil : $0 }
            book.pageCount = form.pageCount.flatMap { Int($0.trimmed) }
            book.publisher = form.publisher.flatMap { $0.trimmed.isEmpty ? nil : $0 }
            book.publishedDate = form.publishedDate.flatMap { $0.trimmed.isEmpty ? nil : $0 }
            book.firstPublishedYear = form.firstPublishedYear.flatMap { Int($0.trimmed) }
            book.coverUrl = form.coverUrl.flatMap { $0.trimmed.isEmpty ? nil : $0 }
            input.book = book
        }
        let added: LibraryEntry
        do {
            added = try await Self.add(input, req)
        } catch let error as DomainError where error.code == .alreadyInLibrary {
            // Pressed twice, or in two tabs: the book is there; show it rather than an error.
            if let id = error.details["entryId"].flatMap(UUID.init(uuidString:)) { return .seeOther(SiteURL.book(id).path) }
            throw error
        } catch let error as ValidationError {
            var model = try await BookFormPages().model(req, entryID: nil)
            if !query.isEmpty { model.search = try await Self.search(query, req) }
            model.error = "That book could not be added: \(error.message). Add it by hand below."
            model.handFormOpen = true
            model.fill(
                .init(title: form.title, authors: form.authors?.replacingOccurrences(of: "\n", with: ", "), isbn: form.isbn))
            return Response(status: .unprocessableEntity, html: BookForm.View.render(model))
        }
        let back = SiteURL.add.with(query: [("q", query), ("added", try added.requireID().uuidString)].filter { !$0.1.isEmpty })
        return .seeOther(back)
    }

    /// A source's result that carries an ISBN is looked up again and added as the catalog or the
    /// source knows it, with the source's provenance and ids (what the API's `isbn` does): the
    /// fields a form posts are only what a reader could have typed, so they are not taken as the
    /// source's word. When no source knows the ISBN or can answer now, they are added as typed,
    /// which is what a result without an ISBN always is.
    private static func add(_ input: CreateEntryInput, _ req: Request) async throws -> LibraryEntry {
        guard input.workId == nil, let isbn = input.book?.isbn, (try? ISBN(isbn)) != nil else {
            return try await req.libraryService().add(input)
        }
        var byISBN = input
        byISBN.book = nil
        byISBN.isbn = isbn
        do {
            return try await req.libraryService().add(byISBN, lookingUpWith: req.bookLookup())
        } catch let error as DomainError where error.code == .bookNotFound {
            return try await req.libraryService().add(input)
        }
    }

    /// An ISBN is looked up (catalog, then the sources); anything else is searched. Also the club
    /// page's choice of its book.
    package static func search(_ query: String, _ req: Request) async throws -> BookSearch.Model {
        if (try? ISBN(query)) != nil {
            do {
                let found = try await req.catalog().lookup(isbn: query)
                return BookSearch.Model(
                    query: query, results: [Self.result(found)], notices: Self.notices(found.sources))
            } catch let error as DomainError {
                return BookSearch.Model(query: query, results: [], notices: [Self.sentence(error.message)])
            }
        }
        let service = CatalogSearchService(db: req.db, chain: req.application.lookupChain, userID: try req.currentUserID())
        do {
            let found = try await service.search(query, limit: Self.resultLimit)
            return BookSearch.Model(
                query: query, results: found.items.map(Self.result), notices: Self.notices(found.sources))
        } catch let error as ValidationError {
            return BookSearch.Model(query: query, results: [], notices: [Self.sentence("Search: \(error.message)")])
        }
    }

    static func result(_ item: SearchResultRecord) -> BookSearch.Result {
        BookSearch.Result(
            title: item.title, subtitle: item.subtitle, authors: item.authors, year: item.firstPublishedYear,
            pageCount: item.pageCount, isbn13: item.isbn13, publisher: item.publisher, publishedDate: item.publishedDate,
            coverURL: item.coverUrl, sourceName: sourceName(item.source), workID: item.workId, inLibrary: item.inLibrary)
    }

    static func result(_ found: LookupRecord) -> BookSearch.Result {
        let work = found.book.work
        let edition = found.book.edition
        return BookSearch.Result(
            title: work.title, subtitle: work.subtitle, authors: work.authors.map(\.name), year: work.firstPublishedYear,
            pageCount: edition?.pageCount, isbn13: edition?.isbn13, publisher: edition?.publisher,
            publishedDate: edition?.publishedDate, coverURL: edition?.coverUrl, sourceName: sourceName(found.foundIn),
            workID: work.id, inLibrary: found.inLibrary)
    }

    static func sourceName(_ source: String) -> String {
        switch source {
        case "catalog": return "In Dogear's catalog"
        case "openLibrary": return "Open Library"
        case "googleBooks": return "Google Books"
        default: return source
        }
    }

    /// A source that could not answer, in words; one that answered (found or not) says nothing.
    /// Codes are `SourceError`'s own, compared with its values rather than typed out again.
    static func notices(_ attempts: [SourceAttemptRecord]) -> [String] {
        let failed = attempts.filter { $0.outcome == "failed" }
        let offline = SourceError.offline.code
        if !failed.isEmpty, failed.allSatisfy({ $0.code == offline }) {
            return ["Dogear is working offline: only books already in its catalog were searched."]
        }
        return failed.map { attempt in
            let name = sourceName(attempt.source)
            switch attempt.code {
            case SourceError.timedOut(seconds: 0).code: return "\(name) did not answer in time; try again in a moment."
            case SourceError.rateLimited(message: nil).code: return "\(name) asked Dogear to slow down; try again in a minute."
            case offline: return "\(name) was not asked: Dogear is working offline."
            default: return "\(name) could not be reached just now; try again later."
            }
        }
    }

    static func sentence(_ text: String) -> String {
        let capitalised = text.prefix(1).uppercased() + text.dropFirst()
        return capitalised.hasSuffix(".") ? capitalised : capitalised + "."
    }
}
