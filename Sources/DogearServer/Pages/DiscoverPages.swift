import DogearCore
import DogearServices
import DogearStore
import DogearViews
import Vapor

/// `/discover`: the deck page over `DiscoverService`, the same service as `/api/v1/discover`. Forms
/// post and come back with 303; a swipe the script sends (`X-Requested-With: fetch`) is answered
/// with what discovery learned, for the page to put in place, so the next card never waits.
package struct DiscoverPages {
    package struct SwipeForm: Content {
        package var workId: String?
        package var action: String?
        package var listId: String?
    }

    package func show(req: Request) async throws -> Response {
        let chosen = req.query[String.self, at: "list"] ?? DefaultList.wantToRead.rawValue
        let back = req.query[String.self, at: "back"].flatMap(UUID.init(uuidString:))
        let model = try await Self.model(
            req, chosenList: chosen, back: back, notice: Self.notice(req.query[String.self, at: "done"]))
        if req.query[String.self, at: "partial"] == "cards" {
            return Response(htmlFragment: DiscoverPage.View.cardsFragment(model))
        }
        return Response(html: DiscoverPage.View.render(model))
    }

    package func swipe(req: Request) async throws -> Response {
        let form = try req.content.decode(SwipeForm.self)
        let fromScript = req.headers.first(name: "X-Requested-With") == "fetch"
        do {
            guard let text = form.workId, let workID = UUID(uuidString: text) else {
                throw ValidationError(field: "workId", "the card's book is missing; reload the page")
            }
            _ = try await req.discover().swipe(
                SwipeInput(workId: workID, action: form.action ?? "", listId: form.listId))
        } catch let error as ValidationError {
            return try await refused(req, error.message, status: .unprocessableEntity, list: form.listId, fromScript: fromScript)
        } catch let error as DomainError where error.kind == .conflict {
            return try await refused(
                req, PageErrorMiddleware.sentence(error.message), status: .conflict, list: form.listId, fromScript: fromScript)
        }
        let chosen = form.listId.flatMap { $0.isEmpty ? nil : $0 } ?? DefaultList.wantToRead.rawValue
        if fromScript {
            return Response(
                htmlFragment: DiscoverPage.View.learnedFragment(try await Self.model(req, chosenList: chosen, cards: false)))
        }
        return .seeOther(SiteURL.discover.with(query: [("list", chosen)]))
    }

    package func undo(req: Request) async throws -> Response {
        let undone: UndoRecord
        do {
            undone = try await req.discover().undo()
        } catch let error as DomainError where error.kind == .conflict {
            return try await refused(
                req, PageErrorMiddleware.sentence(error.message), status: .conflict, list: nil, fromScript: false)
        }
        // The book comes back on top of the deck, as it was before the swipe.
        return .seeOther(SiteURL.discover.with(query: [("done", "undone"), ("back", undone.card.workId.uuidString)]))
    }

    package func startOver(req: Request) async throws -> Response {
        try await req.discover().startOver()
        return .seeOther(SiteURL.discover.with(query: [("done", "forgotten")]))
    }

    package func learnLibrary(req: Request) async throws -> Response {
        do {
            _ = try await req.discover().learnFromLibrary()
        } catch let error as DomainError where error.kind == .conflict {
            return try await refused(
                req, PageErrorMiddleware.sentence(error.message), status: .conflict, list: nil, fromScript: false)
        }
        return .seeOther(SiteURL.discover.with(query: [("done", "learned")]))
    }

    // MARK: building the page

    package static func notice(_ done: String?) -> String? {
        switch done {
        case "undone": return "Your last swipe is undone."
        case "forgotten": return "Discover has forgotten what it learned. Books you swiped away stay away."
        case "learned": return "Discover has learned from the books you finished, rated or put down."
        default: return nil
        }
    }

    private func refused(_ req: Request, _ message: String, status: HTTPStatus, list: String?, fromScript: Bool) async throws
        -> Response
    {
        if fromScript { throw PageError(status: status, message: message) }
        let model = try await Self.model(req, chosenList: list ?? DefaultList.wantToRead.rawValue, error: message)
        return Response(status: status, html: DiscoverPage.View.render(model))
    }

    package static func model(
        _ req: Request, chosenList: String, cards: Bool = true, back: UUID? = nil, error: String? = nil,
        notice: String? = nil
    ) async throws -> DiscoverPage.Model {
        let service = try req.discover()
        var deck = cards ? try await service.deck(count: 20) : nil
        if let back, let card = try await service.returningCard(back), var dealt = deck {
            dealt.cards = [card] + dealt.cards.filter { $0.workId != back }
            deck = dealt
        }
        let preferences = try await service.preferencesDTO()
        let lists = try await req.lists().ownCustomLists()
        let length = preferences.preferredLength.map { length in
            preferences.averagePages.map { "\(length) (about \($0) pages)" } ?? length
        }
        return DiscoverPage.Model(
            session: try req.requirePageSession(),
            cards: (deck?.cards ?? []).map { card in
                DiscoverPage.Card(
                    workID: card.workId, title: card.title, authors: card.authors.map(\.name).joined(separator: ", "),
                    coverURL: card.coverUrl, pages: card.pages, genre: card.genre, year: card.firstPublishedYear,
                    description: card.description, reason: card.reason)
            },
            lists: [.init(id: DefaultList.wantToRead.rawValue, name: DefaultList.wantToRead.name)]
                + lists.map { .init(id: $0.id, name: $0.name) },
            chosenList: chosenList,
            learned: DiscoverPage.Learned(
                genres: preferences.genres.map { .init(label: $0.label, score: $0.score) },
                authors: preferences.authors.map { .init(label: $0.label, score: $0.score) },
                total: preferences.counts.total, positive: preferences.counts.positive, negative: preferences.counts.negative,
                length: length, personal: preferences.personal, learnedFromLibrary: preferences.learnedFromLibraryAt != nil,
                swipes: try await service.swipeCount()),
            dryMessage: deck?.message, error: error, notice: notice)
    }
}
