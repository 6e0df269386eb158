import DogearCore
import DogearServices
import DogearStore
import DogearViews
import Vapor

/// `/add` and `/books/{id}/edit`: the book form through the API's services. A refused form comes
/// back with everything typed and the message beside its field.
package struct BookFormPages {
    package struct Form: Content {
        package var title: String?
        package var subtitle: String?
        package var authors: String?
        package var isbn: String?
        package var pageCount: String?
        package var status: String?
        package var rating: String?
        package var dateStarted: String?
        package var dateFinished: String?
        package var tags: String?
        package var note: String?
        package var format: String?
        /// "Look up" without a script: fill the form from the ISBN, save nothing.
        package var lookup: String?
        /// "These dates are right": a finish before the start is kept only when the reader says so.
        package var confirmDates: String?
    }

    /// `GET /lookup?isbn=`: the book an ISBN names, for the add form's script (catalog first, then
    /// Open Library and Google Books, as the API's lookup).
    package struct LookupAnswer: Content {
        package let title: String
        package let authors: [String]
        package let pageCount: Int?
        /// False for a book only readers described (not confirmed by Open Library or Google Books).
        package let verified: Bool
    }

    package static let unverifiedNotice =
        "Unverified: a reader typed these details, and Open Library and Google Books do not confirm them. Check them before adding."

    package func lookupJSON(req: Request) async throws -> LookupAnswer {
        let found = try await lookUp(req.query["isbn"], req)
        return found
    }

    private func lookUp(_ raw: String?, _ req: Request) async throws -> LookupAnswer {
        let found = try await req.catalog().lookup(isbn: raw)
        return LookupAnswer(
            title: found.book.work.title, authors: found.book.work.authors.map(\.name),
            pageCount: found.book.edition?.pageCount, verified: found.book.work.verified)
    }

    package func add(req: Request) async throws -> Response {
        let form = try req.content.decode(Form.self)
        var model = try await model(req, entryID: nil)
        model.fill(form)
        // A look-up or a refusal comes back to the long form, unfolded.
        model.handFormOpen = true
        if form.lookup != nil {
            do {
                let found = try await lookUp(form.isbn, req)
                model.title.value = found.title
                model.authors.value = found.authors.joined(separator: ", ")
                model.pageCount.value = found.pageCount.map(String.init) ?? model.pageCount.value
                model.lookupNotice = found.verified ? "Found: check the details and add it." : Self.unverifiedNotice
            } catch let error as ValidationError {
                model.isbn.error = error.message
            } catch let error as DomainError {
                model.isbn.error = error.message
            }
            return Response(html: BookForm.View.render(model))
        }
        if Self.asksAboutDates(form, &model) {
            return Response(status: .unprocessableEntity, html: BookForm.View.render(model))
        }
        do {
            var book = BookDraft()
            book.title = form.title
            book.authors = Self.list(form.authors)
            book.isbn = form.isbn.flatMap { $0.trimmed.isEmpty ? nil : $0 }
            book.pageCount = try Self.number(form.pageCount, field: "pageCount")
            var entry = EntryDraft()
            entry.status = form.status
            entry.rating = try Self.number(form.rating, field: "rating")
            entry.dateStarted = form.dateStarted
            entry.dateFinished = form.dateFinished
            entry.tags = Self.list(form.tags)
            let library = try req.libraryService()
            let created = try await library.add(CreateEntryInput(book: book, entryDraft: entry))
            let id = try created.requireID()
            if let note = form.note, !note.trimmed.isEmpty {
                _ = try await EntryContentService(library: library).addNote(to: id, NoteInput(content: note, discussion: false))
            }
            return .seeOther(SiteURL.book(id).path)
        } catch let error as ValidationError {
            model.place(error.message, field: error.field)
        } catch let error as DomainError where error.kind == .conflict || error.kind == .unprocessable {
            model.place(error.message, field: error.field)
        }
        return Response(status: .unprocessableEntity, html: BookForm.View.render(model))
    }

    package func model(_ req: Request, entryID: UUID?) async throws -> BookForm.Model {
        let library = try req.libraryQuery()
        var model = BookForm.Model(entryID: entryID, session: try req.requirePageSession())
        model.knownTags = try await library.tagNames()
        model.knownAuthors = try await library.authorNames()
        return model
    }

    package static func list(_ text: String?) -> [String] {
        (text ?? "").split(separator: ",").map(\.trimmed).filter { !$0.isEmpty }
    }

    package static func number(_ text: String?, field: String) throws -> Int? {
        guard let text = text?.trimmed, !text.isEmpty else { return nil }
        guard let value = Int(text) else { throw ValidationError(field: field, "must be a whole number (got '\(text)')") }
        return value
    }
}

extension BookForm.Model {
    package mutating func fill(_ form: BookFormPages.Form) {
        title.value = form.title ?? ""
        subtitle.value = form.subtitle ?? ""
        format.value = form.format ?? ""
        authors.value = form.authors ?? ""
        isbn.value = form.isbn ?? ""
        pageCount.value = form.pageCount ?? ""
        status.value = form.status ?? ReadingStatus.wantToRead.rawValue
        rating.value = form.rating ?? ""
        dateStarted.value = form.dateStarted ?? ""
        dateFinished.value = form.dateFinished ?? ""
        tags.value = form.tags ?? ""
        note.value = form.note ?? ""
    }

    /// The message beside the field it names (`book.title` is the title field), or above the form.
    package mutating func place(_ message: String, field: String?) {
        let name = (field ?? "").replacingOccurrences(of: "book.", with: "").split(separator: "[").first.map(String.init) ?? ""
        switch name {
        case "title": title.error = message
        case "subtitle": subtitle.error = message
        case "format": format.error = message
        case "authors": authors.error = message
        case "isbn": isbn.error = message
        case "pageCount": pageCount.error = message
        case "status": status.error = message
        case "rating": rating.error = message
        case "dateStarted": dateStarted.error = message
        case "dateFinished": dateFinished.error = message
        case "tags": tags.error = message
        case "content", "note": note.error = message
        default: error = message
        }
    }
}

extension BookFormPages {
    package func editPage(req: Request) async throws -> Response {
        let (id, entry) = try await loadEntry(req)
        var model = try await model(req, entryID: id)
        model.title.value = entry.work.title
        model.subtitle.value = entry.work.subtitle ?? ""
        model.authors.value = entry.work.authors.map(\.name).joined(separator: ", ")
        model.pageCount.value = entry.edition?.pageCount.map(String.init) ?? ""
        model.format.value = entry.edition?.format ?? ""
        model.status.value = entry.status
        model.rating.value = entry.rating.map(String.init) ?? ""
        model.dateStarted.value = entry.dateStarted ?? ""
        model.dateFinished.value = entry.dateFinished ?? ""
        model.tags.value = entry.tags.joined(separator: ", ")
        return Response(html: BookForm.View.render(model))
    }

    package func edit(req: Request) async throws -> Response {
        let (id, entry) = try await loadEntry(req)
        let form = try req.content.decode(Form.self)
        var model = try await model(req, entryID: id)
        model.fill(form)
        if Self.asksAboutDates(form, &model) {
            return Response(status: .unprocessableEntity, html: BookForm.View.render(model))
        }
        do {
            var patch = UpdateEntryInput()
            if let status = form.status, status != entry.status { patch.status = .value(status) }
            // Only what the reader changed: an untouched blank date lets a status change date itself.
            let rating = try Self.number(form.rating, field: "rating")
            if rating != entry.rating { patch.rating = rating.map { .value($0) } ?? .null }
            let started = Self.text(form.dateStarted)
            if started != entry.dateStarted { patch.dateStarted = started.map { .value($0) } ?? .null }
            let finished = Self.text(form.dateFinished)
            if finished != entry.dateFinished { patch.dateFinished = finished.map { .value($0) } ?? .null }
            patch.tags = .value(Self.list(form.tags))
            _ = try await req.libraryService().update(id, with: patch, correcting: try Self.copyCorrection(form, of: entry))
            return .seeOther(SiteURL.book(id).path)
        } catch let error as ValidationError {
            model.place(error.message, field: error.field)
        } catch let error as DomainError where error.code == .alreadyInLibrary {
            model.place(error.message, field: "title")
        }
        return Response(status: .unprocessableEntity, html: BookForm.View.render(model))
    }

    /// A finish typed before the start is asked about before it is saved: more often a slip of the
    /// month than a fact. True when the form goes back with the question by the Finished field.
    static func asksAboutDates(_ form: Form, _ model: inout BookForm.Model) -> Bool {
        guard form.confirmDates != "1", let started = form.dateStarted.flatMap({ LocalDate($0.trimmed) }),
            let finished = form.dateFinished.flatMap({ LocalDate($0.trimmed) }), finished < started
        else { return false }
        model.dateFinished.error =
            "is before the start (\(HumanDates.day(finished.description)) before \(HumanDates.day(started.description))): "
            + "correct one of them, or tick “These dates are right” to keep them"
        model.datesNeedConfirming = true
        return true
    }

    /// What the form changes of the book's facts, or nil when it changes none (a status or a tag).
    /// A field the post leaves out is left as it is; one sent empty is a correction (and a title or
    /// authors sent empty are refused by the book's rules).
    static func copyCorrection(_ form: Form, of entry: EntryRecord) throws -> CopyCorrectionInput? {
        var copy = CopyCorrectionInput()
        if let title = form.title?.trimmed, title != entry.work.title { copy.title = title }
        if let subtitle = form.subtitle?.trimmed, subtitle != (entry.work.subtitle ?? "") { copy.subtitle = subtitle }
        // Compared as the form shows them (joined, then split at commas), so a name with a comma
        // ("Vonnegut, Kurt") saved untouched is not a change that rewrites the book.
        let shown = list(entry.work.authors.map(\.name).joined(separator: ", "))
        if form.authors != nil, list(form.authors) != shown { copy.authors = list(form.authors) }
        let pages = try number(form.pageCount, field: "pageCount")
        if let pages, pages != entry.edition?.pageCount { copy.pageCount = pages }
        if let format = form.format, format != (entry.edition?.format ?? "") { copy.format = format }
        let changes =
            copy.title != nil || copy.subtitle != nil || copy.authors != nil || copy.pageCount != nil || copy.format != nil
        return changes ? copy : nil
    }

    private func loadEntry(_ req: Request) async throws -> (UUID, EntryRecord) {
        guard let id = req.parameters.get("id").flatMap(UUID.init(uuidString:)) else { throw DomainError.entryNotFound }
        return (id, try await req.libraryQuery().entry(id))
    }

    package static func text(_ value: String?) -> String? {
        guard let value = value?.trimmed, !value.isEmpty else { return nil }
        return value
    }
}
