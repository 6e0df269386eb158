import DogearCore
import DogearViews
import Fluent
import Vapor

/// `/add` and `/books/{id}/edit`: the book form through the API's services. A refused form comes
/// back with everything typed and the message beside its field.
struct BookFormPages {
    struct Form: Content {
        var title: String?
        var authors: String?
        var isbn: String?
        var pageCount: String?
        var status: String?
        var rating: String?
        var dateStarted: String?
        var dateFinished: String?
        var tags: String?
        var note: String?
    }

    func addPage(req: Request) async throws -> Response {
        Response(html: BookForm.View.render(try await model(req, entryID: nil)))
    }

    func add(req: Request) async throws -> Response {
        let form = try req.content.decode(Form.self)
        var model = try await model(req, entryID: nil)
        model.fill(form)
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
            let library = try LibraryController().service(req)
            let created = try await library.add(CreateEntryRequest(book: book, entryDraft: entry))
            let id = try created.requireID()
            if let note = form.note, !note.trimmed.isEmpty {
                _ = try await EntryContentService(library: library).addNote(to: id, NoteRequest(content: note, discussion: false))
            }
            return .seeOther(SiteURL.book(id).path)
        } catch let error as ValidationError {
            model.place(error.message, field: error.field)
        } catch let error as APIError where error.status == .conflict || error.status == .unprocessableEntity {
            model.place(error.message, field: error.field)
        }
        return Response(status: .unprocessableEntity, html: BookForm.View.render(model))
    }

    private func model(_ req: Request, entryID: UUID?) async throws -> BookForm.Model {
        let userID = try req.currentUser().requireID()
        var model = BookForm.Model(entryID: entryID, session: try req.requirePageSession())
        model.knownTags = try await Tag.query(on: req.db).filter(\.$user.$id == userID).sort(\.$key).all().map(\.display)
        model.knownAuthors = try await AutocompleteQuery(db: req.db, userID: userID).authors(prefix: "").filter(\.inLibrary).map(\.name)
        return model
    }

    static func list(_ text: String?) -> [String] {
        (text ?? "").split(separator: ",").map(\.trimmed).filter { !$0.isEmpty }
    }

    static func number(_ text: String?, field: String) throws -> Int? {
        guard let text = text?.trimmed, !text.isEmpty else { return nil }
        guard let value = Int(text) else { throw ValidationError(field: field, "must be a whole number (got '\(text)')") }
        return value
    }
}

extension BookForm.Model {
    mutating func fill(_ form: BookFormPages.Form) {
        title.value = form.title ?? ""
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
    mutating func place(_ message: String, field: String?) {
        let name = (field ?? "").replacingOccurrences(of: "book.", with: "").split(separator: "[").first.map(String.init) ?? ""
        switch name {
        case "title": title.error = message
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
