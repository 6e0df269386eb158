import DogearCore
import DogearServices
import DogearStore
import DogearViews
import Vapor

/// `/books/{id}` and what its forms do, through the same services as the API.
package struct BookPages {
    package func library(_ req: Request) throws -> LibraryService { try req.libraryService() }

    package func show(req: Request) async throws -> Response {
        Response(html: BookShow.View.render(try await model(req, try Self.entryID(req))))
    }

    /// The book page's model for entry `id`.
    private func model(_ req: Request, _ id: UUID) async throws -> BookShow.Model {
        let entry = try await req.libraryQuery().entry(id)
        let contents = try await req.entryContent().pageContents(of: entry)
        let zone = TimeZone(identifier: try req.currentUser().timeZone) ?? .gmt
        var model = BookShow.Model(
            book: BookSummary(entry), isbn: entry.edition?.isbn ?? entry.edition?.isbn13, dateStarted: entry.dateStarted,
            pagesPerDay: entry.pagesPerDay, estimatedFinish: entry.estimatedFinish,
            sessions: contents.sessions.map { .init(date: $0.date, minutes: $0.minutes, pages: $0.pagesRead) },
            notes: contents.notes.map {
                .init(id: $0.id, content: $0.content, createdAt: Self.day($0.createdAt, zone), isDiscussion: $0.isDiscussion)
            },
            quotes: contents.quotes.map { .init(text: $0.text, page: $0.page, location: $0.location, note: $0.note) },
            today: req.today(for: try req.currentUser()).description,
            session: try req.requirePageSession())
        model.otherEditions = entry.otherEditions.map {
            .init(
                format: $0.edition.format, isbn: $0.edition.isbn ?? $0.edition.isbn13, rating: $0.rating, dateRead: $0.dateRead)
        }
        model.lists = try await req.lists().ownCustomLists().map {
            ListChoice(id: $0.id, name: $0.name)
        }
        model.onLists = try await req.lists().ownLists(holding: entry.work.id).map {
            ListChoice(id: $0.id.uuidString, name: $0.name)
        }
        model.notice = Self.notice(req.query[String.self, at: "saved"])
        model.clubs = try await req.clubs().clubsReading(entry.work.id).map { BookShow.ClubChoice(id: $0.id, name: $0.name) }
        model.facts = try await BookFactsPages.facts(of: entry, req)
        return model
    }

    package struct ProgressForm: Content {
        /// As typed: a page that is not a number is refused in words, with what was typed kept.
        package var page: String?
        /// An audiobook's Home card sends the minute reached instead of a page.
        package var minutes: String?
        package var back: String?
    }
    package struct StatusForm: Content {
        package var status: String?
        package var back: String?
    }
    package struct RatingForm: Content { var rating: Int? }

    package func progress(req: Request) async throws -> Response {
        let form = try req.content.decode(ProgressForm.self)
        let id = try Self.entryID(req)
        let listening = form.page == nil && form.minutes != nil
        let typed = ((listening ? form.minutes : form.page) ?? "").trimmingCharacters(in: .whitespaces)
        let fromHome = form.back == SiteURL.home.path
        do {
            guard let number = Int(typed) else {
                throw listening
                    ? ValidationError(field: "minutes", "enter the minute you are at, as a number")
                    : ValidationError(field: "page", "enter the page you are on, as a number")
            }
            try await library(req).logProgress(id, listening ? .minutes(number) : .page(number))
        } catch let error as ValidationError where fromHome {
            // Home's card shows why, with what was typed, instead of a page of its own.
            return try await HomePage().show(req, refused: .init(entryID: id, typed: typed, message: error.message))
        } catch let error as ValidationError {
            throw PageError(status: .unprocessableEntity, message: "The page was not saved: \(error.message).")
        }
        if fromHome { return .seeOther(SiteURL.home.path + "?saved=\(id.uuidString)") }
        return .seeOther(Self.back(form.back, default: SiteURL.book(id).path))
    }

    package func status(req: Request) async throws -> Response {
        let form = try req.content.decode(StatusForm.self)
        _ = try await library(req).changeStatus(
            try Self.entryID(req), to: StatusChangeInput(status: form.status ?? "", date: nil))
        return .seeOther(Self.back(form.back, default: SiteURL.book(try Self.entryID(req)).path))
    }

    package func rating(req: Request) async throws -> Response {
        let form = try req.content.decode(RatingForm.self)
        var patch = UpdateEntryInput()
        patch.rating = form.rating.map { .value($0) } ?? .null
        _ = try await library(req).update(try Self.entryID(req), with: patch)
        let saved = form.rating.map { "rated-\($0)" } ?? "unrated"
        return .seeOther(SiteURL.book(try Self.entryID(req)).with(query: [("saved", saved)]))
    }

    /// A short confirmation after a press on the book page (`?saved=`), or nil.
    static func notice(_ saved: String?) -> String? {
        switch saved {
        case "rated-1": return "Rated 1 star."
        case "rated-2", "rated-3", "rated-4", "rated-5": return "Rated \(saved!.dropFirst("rated-".count)) stars."
        case "unrated": return "Rating cleared."
        default: return nil
        }
    }

    package func confirmDelete(req: Request) async throws -> Response {
        let id = try Self.entryID(req)
        let entry = try await req.libraryQuery().entry(id)
        return Response(
            html: DeleteConfirm.View.render(
                .init(
                    id: id, title: entry.work.title,
                    session: try req.requirePageSession())))
    }

    package func delete(req: Request) async throws -> Response {
        try await library(req).delete(try Self.entryID(req))
        return .seeOther(SiteURL.library.path)
    }

    package struct NoteForm: Content {
        package var content: String?
        package var discussion: String?
    }

    package func addNote(req: Request) async throws -> Response {
        let id = try Self.entryID(req)
        let form = try req.content.decode(NoteForm.self)
        do {
            _ = try await req.entryContent().addNote(
                to: id, NoteInput(content: form.content ?? "", discussion: form.discussion == "true"))
        } catch let error as ValidationError {
            // The page again, with the note as typed in its form and why it was not saved.
            var model = try await model(req, id)
            model.noteDraft = FieldState(form.content ?? "", error: "The note was not saved: \(error.message).")
            return Response(status: .unprocessableEntity, html: BookShow.View.render(model))
        }
        return .seeOther(SiteURL.book(id).with(fragment: "notes"))
    }

    package struct SessionForm: Content {
        package var date: String?
        package var minutes: String?
        package var endPage: String?
    }
    package struct QuoteForm: Content {
        package var text: String?
        package var page: String?
    }

    package func addSession(req: Request) async throws -> Response {
        let id = try Self.entryID(req)
        let form = try req.content.decode(SessionForm.self)
        do {
            let minutes = try BookFormPages.number(form.minutes, field: "minutes") ?? 0
            let end = try BookFormPages.number(form.endPage, field: "endPage")
            // The session starts where the reader is: the form asks only where they got to.
            let start = end == nil ? nil : (try await library(req).entry(id).currentPage ?? 0)
            _ = try await req.entryContent().addSession(
                to: id, SessionInput(date: form.date ?? "", minutes: minutes, pagesRead: nil, startPage: start, endPage: end))
        } catch let error as ValidationError {
            // The page again, with the session as typed and the reason beside the field at fault.
            var model = try await model(req, id)
            let reason = "The session was not saved: \(Self.fieldWords(error.field)) \(error.message)."
            model.sessionDraft = BookShow.SessionDraft(
                date: FieldState(form.date ?? "", error: error.field == "date" ? reason : nil),
                minutes: FieldState(form.minutes ?? "", error: error.field == "minutes" ? reason : nil),
                endPage: FieldState(form.endPage ?? "", error: ["date", "minutes"].contains(error.field) ? nil : reason))
            return Response(status: .unprocessableEntity, html: BookShow.View.render(model))
        }
        return .seeOther(SiteURL.book(id).path)
    }

    /// A field's name as a reader reads it in a refusal.
    static func fieldWords(_ field: String) -> String {
        switch field {
        case "endPage": return "the page"
        case "startPage": return "the starting page"
        case "pagesRead": return "the pages read"
        case "text": return "the quote"
        default: return "the \(field)"
        }
    }

    package func addQuote(req: Request) async throws -> Response {
        let id = try Self.entryID(req)
        let form = try req.content.decode(QuoteForm.self)
        do {
            let page = try BookFormPages.number(form.page, field: "page")
            _ = try await req.entryContent().addQuote(to: id, QuoteInput(text: form.text ?? "", page: page))
        } catch let error as ValidationError {
            // The page again, with the quote as typed and the reason beside the field at fault.
            var model = try await model(req, id)
            let reason = "The quote was not saved: \(Self.fieldWords(error.field)) \(error.message)."
            model.quoteDraft = FieldState(form.text ?? "", error: error.field == "page" ? nil : reason)
            model.quotePageDraft = FieldState(form.page ?? "", error: error.field == "page" ? reason : nil)
            return Response(status: .unprocessableEntity, html: BookShow.View.render(model))
        }
        return .seeOther(SiteURL.book(id).path)
    }

    package func deleteNote(req: Request) async throws -> Response {
        guard let noteID = req.parameters.get("id").flatMap(UUID.init(uuidString:)) else {
            throw DomainError.noteNotFound
        }
        let content = try req.entryContent()
        let note = try await content.note(noteID)
        try await content.deleteNote(noteID)
        return .seeOther(SiteURL.book(note.$entry.id).with(fragment: "notes"))
    }

    /// The `{id}` of a `/books/{id}/…` address; anything else is an entry that is not there.
    package static func entryID(_ req: Request) throws -> UUID {
        guard let raw = req.parameters.get("id"), let id = UUID(uuidString: raw) else { throw DomainError.entryNotFound }
        return id
    }

    /// Only a path of this site: a form cannot send the reader elsewhere.
    /// Where a form sends the reader back to: a path on this site only. Browsers read `\` as `/` and
    /// drop tabs and line breaks, so `/\evil.com` or `/<tab>/evil.com` would leave the site: a path
    /// with a backslash, a control character or a space, or starting `//`, falls back.
    package static func back(_ path: String?, default fallback: String) -> String {
        guard let path, path.hasPrefix("/"), !path.hasPrefix("//"),
            !path.unicodeScalars.contains(where: { $0 == "\\" || $0.properties.generalCategory == .control || $0 == " " })
        else { return fallback }
        return path
    }

    package static func day(_ date: Date?, _ zone: TimeZone) -> String {
        date.map { LocalDate($0, in: zone).description } ?? ""
    }
}
