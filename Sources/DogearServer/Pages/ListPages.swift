import DogearCore
import DogearServices
import DogearStore
import DogearViews
import Vapor

/// `/lists…` and `/l/{code}`: the list services behind pages. Forms post and come back with 303;
/// a refused form is shown again with what was typed.
package struct ListPages {
    package struct ListFormBody: Content {
        package var name: String?
        package var description: String?
        package var bannerUrl: String?
        package var isPublic: String?

        package var draft: ListDraft {
            ListDraft(ProfileDraft(form: name, description: description, pictureUrl: bannerUrl, isPublic: isPublic))
        }
    }

    // MARK: the reader's lists

    package func index(req: Request) async throws -> Response {
        Response(html: ListsIndex.View.render(try await indexModel(req)))
    }

    /// "Have a code?": a code that cannot be one, or that opens no list, is said beside the box with
    /// what was typed; else on to the list. A code that opens nothing counts as a guess, as anywhere.
    package func openCode(req: Request) async throws -> Response {
        let typed: String = req.query["code"] ?? ""
        func refused(_ message: String, _ status: HTTPStatus) async throws -> Response {
            var model = try await indexModel(req)
            model.code = FieldState(typed, error: message)
            return Response(status: status, html: ListsIndex.View.render(model))
        }
        guard let code = ShareCode(typed: typed) else {
            return try await refused("A code is six letters and digits, like K7QM2X.", .unprocessableEntity)
        }
        do {
            _ = try await req.lists().openShared(code.value)
        } catch let error as DomainError where error.kind == .notFound {
            return try await refused(
                "No list has this code. Check it with the reader who shared it (a private list opens for no code).",
                .unprocessableEntity)
        } catch let error as DomainError where error.kind == .tooManyRequests {
            return try await refused(PageErrorMiddleware.sentence(error.message), .tooManyRequests)
        }
        return .seeOther(.sharedList(code.value))
    }

    package func newPage(req: Request) async throws -> Response {
        Response(html: ListForm.View.render(ListForm.Model(session: try req.requirePageSession())))
    }

    package func create(req: Request) async throws -> Response {
        let body = try req.content.decode(ListFormBody.self)
        do {
            let list = try await req.lists().create(body.draft)
            return .seeOther(.list(list.id))
        } catch let error as ValidationError {
            return refused(ListForm.Model(session: try req.requirePageSession()), body, error.message, error.field)
        } catch let error as DomainError where error.kind == .premiumRequired || error.kind == .unprocessable {
            return refused(
                ListForm.Model(session: try req.requirePageSession()), body, PageErrorMiddleware.sentence(error.message), nil)
        }
    }

    package func show(req: Request) async throws -> Response {
        let id = try req.listIDParameter()
        let list = try await req.lists().list(id)
        let code = try await shareCode(of: list, req)
        var model = try await showModel(list, code: code, req)
        if let added = req.query[UUID.self, at: "added"], let entry = try? await req.libraryQuery().entry(added) {
            model.notice = "Added “\(entry.work.title)”."
        }
        return Response(html: ListShow.View.render(model))
    }

    package func editPage(req: Request) async throws -> Response {
        let id = try req.listIDParameter()
        _ = try await req.lists().customList(id, for: .edit)
        let list = try await req.lists().list(id)
        var model = ListForm.Model(listID: id, session: try req.requirePageSession())
        model.fields = ProfileFields(
            name: list.name, description: list.description, picture: list.bannerUrl, isPublic: list.isPublic)
        return Response(html: ListForm.View.render(model))
    }

    package func edit(req: Request) async throws -> Response {
        let id = try req.listIDParameter()
        let body = try req.content.decode(ListFormBody.self)
        do {
            _ = try await req.lists().update(id, body.draft)
            return .seeOther(.list(id))
        } catch let error as ValidationError {
            return refused(ListForm.Model(listID: id, session: try req.requirePageSession()), body, error.message, error.field)
        }
    }

    package func delete(req: Request) async throws -> Response {
        try await req.lists().delete(try req.listIDParameter())
        return .seeOther(.lists)
    }

    package func replaceShareCode(req: Request) async throws -> Response {
        let id = try req.listIDParameter()
        _ = try await req.lists().replaceShareCode(id)
        return .seeOther(.list(id))
    }

    // MARK: books on a list

    package struct MoveForm: Content { var to: Int? }

    /// Up/down without a script (303 back to the list); the drag script sends the same form with
    /// its CSRF header and takes the 204.
    package func moveItem(req: Request) async throws -> Response {
        let id = try req.listIDParameter()
        let form = try req.content.decode(MoveForm.self)
        guard let index = form.to else { throw PageError(status: .badRequest, message: "Where should the book go?") }
        try await req.listItems().move(try req.uuidParameter("itemId"), in: id, to: index)
        if req.headers.first(name: "X-CSRF-Token") != nil { return Response(status: .noContent) }
        return .seeOther(SiteURL.list(id).with(fragment: "list-items"))
    }

    package func removeItem(req: Request) async throws -> Response {
        let id = try req.listIDParameter()
        try await req.listItems().remove(try req.uuidParameter("itemId"), from: id)
        return .seeOther(SiteURL.list(id).with(fragment: "list-items"))
    }

    package struct AddToListForm: Content { var list: String? }

    /// "Add to list" on a book's page: the reader's entry goes on the chosen list.
    package func addBook(req: Request) async throws -> Response {
        guard let entryID = req.parameters.get("id").flatMap(UUID.init(uuidString:)) else { throw DomainError.entryNotFound }
        let form = try req.content.decode(AddToListForm.self)
        guard let listID = form.list, !listID.isEmpty else {
            throw PageError(status: .badRequest, message: "Which list should the book go on?")
        }
        do {
            _ = try await req.listItems().add(to: listID, .init(entryId: entryID), lookingUpWith: req.bookLookup())
        } catch let error as DomainError where error.code == .alreadyOnList {
            // On it already: the list shows it.
        }
        // The list's page says the book was added, at the top.
        return .seeOther(SiteURL.list(listID).with(query: [("added", entryID.uuidString)]))
    }

    // MARK: shared lists

    package func shared(req: Request) async throws -> Response {
        let code = try req.codeParameter()
        let list = try await req.lists().openShared(code)
        let normalized = ShareCode(typed: code)?.value ?? code
        return Response(html: ListShow.View.render(try await showModel(list, code: normalized, req)))
    }

    package func save(req: Request) async throws -> Response {
        let code = try req.codeParameter()
        let list = try await req.lists().save(code)
        return .seeOther(.list(list.id))
    }

    package func unsave(req: Request) async throws -> Response {
        try await req.lists().unsave(try req.codeParameter())
        return .seeOther(.lists)
    }

    package func copy(req: Request) async throws -> Response {
        do {
            let list = try await req.lists().copy(try req.codeParameter())
            return .seeOther(.list(list.id))
        } catch let error as DomainError where error.kind == .premiumRequired {
            throw PageError(status: .forbidden, message: PageErrorMiddleware.sentence(error.message))
        }
    }

    // MARK: building pages

    private func indexModel(_ req: Request) async throws -> ListsIndex.Model {
        let all = try await req.lists().lists()
        func summary(_ list: ListRecord) -> ListsIndex.Summary {
            .init(
                id: list.id, name: list.name, itemCount: list.itemCount, isPublic: list.isPublic,
                ownerName: list.saved ? list.owner.displayName : nil)
        }
        return ListsIndex.Model(
            defaults: all.filter(\.isDefault).map(summary),
            custom: all.filter { !$0.isDefault && !$0.saved }.map(summary),
            saved: all.filter(\.saved).map(summary),
            session: try req.requirePageSession())
    }

    private func showModel(_ list: ListRecord, code: String?, _ req: Request) async throws -> ListShow.Model {
        let cursor: String? = req.query["cursor"]
        let page = try await req.listItems().items(
            list.id, after: cursor.flatMap(LibraryFilter.decodeCursor), limit: 50)
        let isOwner = try list.owner.id == req.currentUserID()
        return ListShow.Model(
            id: list.id, name: list.name, description: list.description, isDefault: list.isDefault, isOwner: isOwner,
            isPublic: list.isPublic, ownerName: list.owner.displayName, saved: list.saved, shareCode: code,
            shareLink: code.map { req.baseURL + SiteURL.sharedList($0).path },
            items: page.items.map { item in
                ListShow.Item(
                    id: item.id, title: item.work.title, authors: item.work.authors.map(\.name),
                    coverUrl: item.coverUrl, note: item.note, entryID: item.entryId)
            },
            nextCursor: page.nextCursor, session: try req.requirePageSession())
    }

    /// The owner's code from the answer; a reader who sees someone's public list knows it already.
    private func shareCode(of list: ListRecord, _ req: Request) async throws -> String? {
        if list.isDefault { return nil }
        if let code = list.shareCode { return code }
        return try await req.lists().customList(list.id, for: .read).shareCode
    }

    private func refused(_ model: ListForm.Model, _ body: ListFormBody, _ message: String, _ field: String?) -> Response {
        var model = model
        model.fields = ProfileFields(
            name: body.name ?? "", description: body.description, picture: body.bannerUrl, isPublic: body.isPublic == "true")
        model.place(message, field: field)
        return Response(status: .unprocessableEntity, html: ListForm.View.render(model))
    }
}
