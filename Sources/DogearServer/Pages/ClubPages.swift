import DogearCore
import DogearServices
import DogearStore
import DogearViews
import Vapor

/// `/clubs…`, `/comments/{id}/…` and `/join/{code}`: the club services behind pages. Forms post and
/// come back with 303; a refused form is shown again with what was typed and why.
package struct ClubPages {
    package struct ClubFormBody: Content {
        package var name: String?
        package var description: String?
        package var coverUrl: String?
        package var isPublic: String?
        package var approvesJoins: String?

        package var draft: ClubDraft {
            ClubDraft(
                ProfileDraft(form: name, description: description, pictureUrl: coverUrl, isPublic: isPublic),
                approvesJoins: approvesJoins == "true")
        }
    }

    // MARK: the reader's clubs

    package func index(req: Request) async throws -> Response {
        Response(html: ClubsIndex.View.render(try await indexModel(req)))
    }

    package func join(req: Request) async throws -> Response {
        struct Form: Content { var code: String? }
        let typed = try req.content.decode(Form.self).code ?? ""
        do {
            switch try await req.clubMembership().joinOrAsk(code: typed) {
            case .joined(let club): return .seeOther(.club(try club.requireID()))
            case .requested(let club): return try await Self.requested(club, req)
            }
        } catch let error as DomainError
            where [.notFound, .conflict, .unprocessable, .forbidden, .tooManyRequests].contains(error.kind)
        {
            var model = try await indexModel(req)
            model.code = FieldState(typed, error: Self.joinMessage(error))
            let status: HTTPStatus =
                switch error.kind {
                case .conflict: .conflict
                case .forbidden: .forbidden
                case .tooManyRequests: .tooManyRequests
                default: .unprocessableEntity
                }
            return Response(status: status, html: ClubsIndex.View.render(model))
        }
    }

    package static func joinMessage(_ error: DomainError) -> String {
        switch error.code {
        case .clubNotFound: return "No club has this code. Check it with the member who gave it to you."
        case .alreadyMember: return "You are already a member of this club."
        default: return PageErrorMiddleware.sentence(error.message)
        }
    }

    package func newPage(req: Request) async throws -> Response {
        var model = ClubForm.Model(session: try req.requirePageSession())
        if !mayCreate(req, try req.currentUser()) {
            model.error = "Starting a club comes with a premium account; joining one does not."
        }
        return Response(html: ClubForm.View.render(model))
    }

    package func create(req: Request) async throws -> Response {
        let body = try req.content.decode(ClubFormBody.self)
        do {
            let club = try await req.clubs().create(body.draft)
            return .seeOther(.club(club.id))
        } catch let error as ValidationError {
            return refused(ClubForm.Model(session: try req.requirePageSession()), body, error.message, error.field)
        } catch let error as DomainError where error.kind == .premiumRequired || error.kind == .unprocessable {
            return refused(
                ClubForm.Model(session: try req.requirePageSession()), body, PageErrorMiddleware.sentence(error.message), nil)
        }
    }

    // MARK: a club

    package func show(req: Request) async throws -> Response {
        Response(html: ClubShow.View.render(try await ClubPageModels(req: req).show(try req.clubIDParameter())))
    }

    package func settingsPage(req: Request) async throws -> Response {
        let model = try await ClubPageModels(req: req).settings(try req.clubIDParameter())
        return Response(html: ClubSettings.View.render(model))
    }

    package func saveSettings(req: Request) async throws -> Response {
        let id = try req.clubIDParameter()
        let body = try req.content.decode(ClubFormBody.self)
        do {
            _ = try await req.clubs().update(id, body.draft)
            return .seeOther(.club(id))
        } catch let error as ValidationError {
            var model = try await ClubPageModels(req: req).settings(id)
            model.form.fields = ProfileFields(
                name: body.name ?? "", description: body.description, picture: body.coverUrl,
                isPublic: body.isPublic == "true")
            model.form.approvesJoins = body.approvesJoins == "true"
            model.form.place(error.message, field: error.field)
            return Response(status: .unprocessableEntity, html: ClubSettings.View.render(model))
        }
    }

    package func delete(req: Request) async throws -> Response {
        try await req.clubs().delete(try req.clubIDParameter())
        return .seeOther(.clubs)
    }

    package func leave(req: Request) async throws -> Response {
        let id = try req.clubIDParameter()
        do {
            try await req.clubMembership().leave(id)
            return .seeOther(.clubs)
        } catch let error as DomainError where error.code == .ownerMustHandOver {
            var model = try await ClubPageModels(req: req).settings(id)
            model.leaveError = "Hand the club to another member first (Members, below), or delete it."
            return Response(status: .unprocessableEntity, html: ClubSettings.View.render(model))
        }
    }

    package func replaceCode(req: Request) async throws -> Response {
        let id = try req.clubIDParameter()
        _ = try await req.clubMembership().replaceCode(of: id)
        return .seeOther(.clubSettings(id))
    }

    package struct BookForm: Content {
        package var workId: String?
        package var isbn: String?
    }

    package func setCurrentBook(req: Request) async throws -> Response {
        let id = try req.clubIDParameter()
        let form = try req.content.decode(BookForm.self)
        do {
            try await req.clubReading().setCurrentBook(
                of: id, to: try Self.choice(form), startDate: nil, lookups: req.bookLookup())
            return .seeOther(.club(id))
        } catch let error as ValidationError {
            return try await refusedOnShow(req, id) { $0.currentISBN = FieldState(form.isbn ?? "", error: error.message) }
        }
    }

    package func propose(req: Request) async throws -> Response {
        let id = try req.clubIDParameter()
        let form = try req.content.decode(BookForm.self)
        do {
            _ = try await req.clubProposals().propose(in: id, try Self.choice(form), lookups: req.bookLookup())
            return .seeOther(SiteURL.club(id).with(fragment: "proposals"))
        } catch let error as ValidationError {
            return try await refusedOnShow(req, id) { $0.proposeISBN = FieldState(form.isbn ?? "", error: error.message) }
        } catch let error as DomainError where error.code == .alreadyProposed {
            return try await refusedOnShow(req, id) {
                $0.proposeISBN = FieldState(form.isbn ?? "", error: "That book is proposed already.")
            }
        }
    }

    /// The book a form names: a work from the reader's library, else an ISBN.
    package static func choice(_ form: BookForm) throws -> WorkChoice {
        if let raw = form.workId, !raw.isEmpty {
            guard let id = UUID(uuidString: raw) else { throw ValidationError(field: "workId", "choose a book from the list") }
            return WorkChoice(workId: id)
        }
        guard let isbn = form.isbn, !isbn.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ValidationError(field: "isbn", "choose a book from your library or give its ISBN")
        }
        return WorkChoice(isbn: isbn)
    }

    /// "Add to my library": the club's current book, on the shelf pressed (Reading unless another).
    package func addBook(req: Request) async throws -> Response {
        struct Form: Content { var status: String? }
        let id = try req.clubIDParameter()
        let club = try await req.clubs().club(id)
        guard let workID = club.currentBook?.work.id else { return .seeOther(.club(id)) }
        let status = try req.content.decode(Form.self).status ?? ReadingStatus.reading.rawValue
        guard let shelf = ReadingStatus(rawValue: status), BookSearch.shelves.contains(shelf) else {
            throw PageError(status: .unprocessableEntity, message: "Choose Reading, Want to read or Read.")
        }
        var draft = EntryDraft()
        draft.status = shelf.rawValue
        var request = CreateEntryInput(book: nil, entryDraft: draft)
        request.workId = workID
        do {
            let entry = try await req.libraryService().add(request)
            return .seeOther(.book(try entry.requireID()))
        } catch let error as DomainError where error.code == .alreadyInLibrary {
            return .seeOther(.club(id))
        }
    }

    package func schedule(req: Request) async throws -> Response {
        struct Form: Content {
            var label: [String]?
            var page: [String]?
            var dueOn: [String]?
        }
        let id = try req.clubIDParameter()
        let form = try req.content.decode(Form.self)
        let labels = form.label ?? []
        let pages = form.page ?? []
        let dates = form.dueOn ?? []
        let rows = (0..<max(labels.count, pages.count, dates.count)).map { index in
            ClubSettings.MilestoneRow(
                label: labels[safe: index] ?? "", page: pages[safe: index] ?? "", dueOn: dates[safe: index] ?? "")
        }.filter { !($0.label + $0.page + $0.dueOn).trimmingCharacters(in: .whitespaces).isEmpty }
        var drafts: [MilestoneDraft] = []
        var typoField: String?
        for (index, row) in rows.enumerated() {
            let page = row.page.trimmingCharacters(in: .whitespaces)
            if !page.isEmpty, Int(page) == nil { typoField = "milestones[\(index)].page" }
            drafts.append(MilestoneDraft(label: row.label, page: Int(page), dueOn: row.dueOn))
        }
        do {
            if let typoField { throw ValidationError(field: typoField, "a page is a whole number") }
            _ = try await req.clubReading().setSchedule(of: id, drafts)
            return .seeOther(.club(id))
        } catch let error as ValidationError {
            var model = try await ClubPageModels(req: req).settings(id)
            model.milestones = rows
            model.scheduleError = "Row \(Self.rowNumber(error.field)): \(PageErrorMiddleware.sentence(error.message))"
            return Response(status: .unprocessableEntity, html: ClubSettings.View.render(model))
        }
    }

    /// "milestones[2].dueOn" → 3.
    package static func rowNumber(_ field: String) -> Int {
        guard let open = field.firstIndex(of: "["), let close = field.firstIndex(of: "]"),
            let index = Int(field[field.index(after: open)..<close])
        else { return 1 }
        return index + 1
    }

    package func hideProgress(req: Request) async throws -> Response {
        struct Form: Content { var hide: String? }
        let id = try req.clubIDParameter()
        try await req.clubs().hideProgress(in: id, try req.content.decode(Form.self).hide == "true")
        return .seeOther(SiteURL.club(id).with(fragment: "club-members"))
    }

    package func changeRole(req: Request) async throws -> Response {
        struct Form: Content { var role: String? }
        let id = try req.clubIDParameter()
        let role = ClubMember.Role(rawValue: try req.content.decode(Form.self).role ?? "") ?? .member
        try await req.clubMembership().changeRole(of: try req.uuidParameter("userId"), in: id, to: role)
        return .seeOther(SiteURL.clubSettings(id).with(fragment: "members"))
    }

    package func removeMember(req: Request) async throws -> Response {
        let id = try req.clubIDParameter()
        try await req.clubMembership().removeMember(try req.uuidParameter("userId"), from: id)
        return .seeOther(SiteURL.clubSettings(id).with(fragment: "members"))
    }

    package func letBackIn(req: Request) async throws -> Response {
        let id = try req.clubIDParameter()
        try await req.clubMembership().letBackIn(try req.uuidParameter("userId"), to: id)
        return .seeOther(SiteURL.clubSettings(id).with(fragment: "removals"))
    }

    package func handOver(req: Request) async throws -> Response {
        struct Form: Content { var userId: UUID? }
        let id = try req.clubIDParameter()
        guard let heir = try req.content.decode(Form.self).userId else {
            throw PageError(status: .badRequest, message: "Who should the club go to?")
        }
        try await req.clubMembership().transferOwnership(of: id, to: heir)
        return .seeOther(.club(id))
    }

    // MARK: talk

    package struct CommentForm: Content {
        package var body: String?
        package var page: String?
        package var parentId: UUID?
        /// One of the reader's discussion notes, shared from the book's page.
        package var noteId: UUID?
    }

    package func comment(req: Request) async throws -> Response {
        let id = try req.clubIDParameter()
        let form = try req.content.decode(CommentForm.self)
        let pageText = (form.page ?? "").trimmingCharacters(in: .whitespaces)
        do {
            if !pageText.isEmpty, Int(pageText) == nil { throw ValidationError(field: "page", "a page is a whole number") }
            let comment = try await req.clubFeed().post(
                in: id, CommentDraft(body: form.body, page: Int(pageText)), parentID: form.parentId, replyTo: nil,
                noteID: form.noteId)
            return .seeOther(SiteURL.club(id).with(fragment: "comment-\(comment.id.uuidString)"))
        } catch let error as ValidationError {
            return try await refusedOnShow(req, id) { model in
                model.commentBody.value = form.body ?? ""
                model.commentPage.value = form.page ?? ""
                if error.field == "page" {
                    model.commentPage.error = PageErrorMiddleware.sentence(error.message)
                } else {
                    model.commentBody.error = PageErrorMiddleware.sentence(error.message)
                }
            }
        }
    }

    package func editComment(req: Request) async throws -> Response {
        struct Form: Content { var body: String? }
        let commentID = try req.uuidParameter("id")
        do {
            let comment = try await req.clubFeed().edit(commentID, CommentDraft(body: try req.content.decode(Form.self).body))
            return .seeOther(SiteURL.club(comment.clubId).with(fragment: "comment-\(comment.id.uuidString)"))
        } catch let error as DomainError where error.code == .editWindowClosed {
            throw PageError(status: .unprocessableEntity, message: "A comment can be edited for 15 minutes after it is written.")
        } catch let error as ValidationError {
            throw PageError(status: .unprocessableEntity, message: PageErrorMiddleware.sentence(error.message))
        }
    }

    package func deleteComment(req: Request) async throws -> Response {
        let commentID = try req.uuidParameter("id")
        let feed = try req.clubFeed()
        let clubID = try await feed.comment(commentID, reveal: false).clubId
        try await feed.delete(commentID)
        return .seeOther(SiteURL.club(clubID).with(fragment: "discussion"))
    }

    package func vote(req: Request) async throws -> Response {
        let id = try req.clubIDParameter()
        _ = try await req.clubProposals().vote(in: id, for: try req.uuidParameter("proposalId"))
        return .seeOther(SiteURL.club(id).with(fragment: "proposals"))
    }

    package func unvote(req: Request) async throws -> Response {
        let id = try req.clubIDParameter()
        _ = try await req.clubProposals().unvote(in: id, for: try req.uuidParameter("proposalId"))
        return .seeOther(SiteURL.club(id).with(fragment: "proposals"))
    }

    package func pick(req: Request) async throws -> Response {
        let id = try req.clubIDParameter()
        _ = try await req.clubProposals().pick(in: id, try req.uuidParameter("proposalId"))
        return .seeOther(.club(id))
    }

    // MARK: invitations

    /// `/join/{code}`: the club the code opens, and a button; a member goes straight to the club.
    package func joinPage(req: Request) async throws -> Response {
        let typed = req.parameters.get("code") ?? ""
        let invitation = try await req.clubMembership().invitation(code: typed)
        if invitation.isMember { return .seeOther(.club(try invitation.club.requireID())) }
        return Response(html: JoinClub.View.render(try Self.invitationModel(invitation.club, asked: invitation.asked, req)))
    }

    package func joinByLink(req: Request) async throws -> Response {
        switch try await req.clubMembership().joinOrAsk(code: req.parameters.get("code") ?? "") {
        case .joined(let club): return .seeOther(.club(try club.requireID()))
        case .requested(let club): return try await Self.requested(club, req)
        }
    }

    /// The invitation page again, saying the request waits (202: nothing is joined yet).
    package static func requested(_ club: Club, _ req: Request) async throws -> Response {
        Response(status: .accepted, html: JoinClub.View.render(try invitationModel(club, asked: true, req)))
    }

    /// The invitation page's model: the club, and whether the reader's request to join waits.
    package static func invitationModel(_ club: Club, asked: Bool, _ req: Request) throws -> JoinClub.Model {
        var model = JoinClub.Model(
            code: club.joinCode, name: club.name, description: club.summary, memberCount: club.memberCount,
            session: try req.requirePageSession())
        model.approvesJoins = club.approvesJoins
        model.requested = asked
        return model
    }

    package func approveJoin(req: Request) async throws -> Response {
        let id = try req.clubIDParameter()
        try await req.clubMembership().approveJoin(of: try req.uuidParameter("userId"), to: id)
        return .seeOther(SiteURL.clubSettings(id).with(fragment: "requests"))
    }

    package func declineJoin(req: Request) async throws -> Response {
        let id = try req.clubIDParameter()
        try await req.clubMembership().declineJoin(of: try req.uuidParameter("userId"), to: id)
        return .seeOther(SiteURL.clubSettings(id).with(fragment: "requests"))
    }

    // MARK: helpers

    private func indexModel(_ req: Request) async throws -> ClubsIndex.Model {
        let clubs = try await req.clubs().clubs()
        return ClubsIndex.Model(
            clubs: clubs.map {
                ClubsIndex.Summary(
                    id: $0.id, name: $0.name, memberCount: $0.memberCount, currentBook: $0.currentBook?.work.title,
                    role: $0.role ?? "member")
            },
            mayCreate: mayCreate(req, try req.currentUser()), session: try req.requirePageSession())
    }

    private func mayCreate(_ req: Request, _ user: User) -> Bool {
        Tiers.allows(.createClubs, tier: user.tier, tiersEnabled: req.application.tiersEnabled)
    }

    func refusedOnShow(_ req: Request, _ id: UUID, _ adjust: (inout ClubShow.Model) -> Void) async throws -> Response {
        var model = try await ClubPageModels(req: req).show(id)
        adjust(&model)
        return Response(status: .unprocessableEntity, html: ClubShow.View.render(model))
    }

    private func refused(_ model: ClubForm.Model, _ body: ClubFormBody, _ message: String, _ field: String?) -> Response {
        var model = model
        model.fields = ProfileFields(
            name: body.name ?? "", description: body.description, picture: body.coverUrl, isPublic: body.isPublic == "true")
        model.approvesJoins = body.approvesJoins == "true"
        model.place(message, field: field)
        return Response(status: .unprocessableEntity, html: ClubForm.View.render(model))
    }
}

extension Array {
    package subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
