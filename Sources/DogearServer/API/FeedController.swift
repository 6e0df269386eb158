import DogearCore
import DogearServices
import DogearStore
import DogearViews
import Vapor

/// `/api/v1/feeds`: the addresses of the reader's feeds out (made, made again, revoked), and the
/// feeds themselves at `/feeds/{secret}/finished.atom` and `/feeds/{secret}/want-to-read.rss`, read
/// signed out by whoever holds the address (an unknown or revoked one is 404).
package struct FeedController: Sendable {
    package func register(api signedIn: RoutesBuilder, public app: RoutesBuilder) {
        signedIn.get("feeds", use: addresses)
        signedIn.post("feeds", use: make)
        signedIn.delete("feeds", use: revoke)
        app.get("feeds", ":secret", "finished.atom", use: finished)
        app.get("feeds", ":secret", "want-to-read.rss", use: wantToRead)
    }

    func addresses(req: Request) async throws -> FeedAddressesDTO {
        try req.requireFeedAccess(.showAddresses)
        return FeedAddressesDTO(secret: try await service(req).secret(), baseURL: req.application.baseURL)
    }

    func make(req: Request) async throws -> Response {
        try req.requireFeedAccess(.changeAddresses)
        let secret = try await service(req).make()
        return try await FeedAddressesDTO(secret: secret, baseURL: req.application.baseURL).encodeResponse(
            status: .created, for: req)
    }

    func revoke(req: Request) async throws -> HTTPStatus {
        try req.requireFeedAccess(.changeAddresses)
        try await service(req).revoke()
        return .noContent
    }

    func finished(req: Request) async throws -> Response {
        let contents = FeedContents(db: req.db)
        let owner = try await owner(req, contents)
        let base = req.application.baseURL
        var items = try await contents.finished(of: owner.userID).map { book in
            ReaderFeeds.Item(
                id: "urn:uuid:\(book.entryID.uuidString.lowercased())", title: "Finished \(Self.name(book.title, book.authors))",
                link: base + SiteURL.book(book.entryID).path,
                updated: Date(timeIntervalSince1970: Double(LocalDate(book.finishedOn)?.dayNumber ?? 0) * 86_400),
                summary: book.rating.map { "Rated \($0) of 5." } ?? "Finished.")
        }
        items += try await contents.reviews(of: owner.userID).map { review in
            ReaderFeeds.Item(
                id: "urn:uuid:\(review.noteID.uuidString.lowercased())",
                title: "Review of \(Self.name(review.title, review.authors))",
                link: base + SiteURL.book(review.entryID).path, updated: review.updatedAt, summary: review.text)
        }
        items.sort { ($0.updated, $0.id) > ($1.updated, $1.id) }
        let body = ReaderFeeds.atom(
            reader: owner.displayName, selfURL: base + req.url.path, siteURL: base,
            items: Array(items.prefix(FeedAccess.itemsPerFeed)))
        return Response(status: .ok, headers: ["Content-Type": "application/atom+xml; charset=utf-8"], body: .init(string: body))
    }

    func wantToRead(req: Request) async throws -> Response {
        let contents = FeedContents(db: req.db)
        let owner = try await owner(req, contents)
        let base = req.application.baseURL
        let items = try await contents.wantToRead(of: owner.userID).map { book in
            ReaderFeeds.ShelfItem(
                bookID: book.entryID.uuidString.lowercased(), title: book.title, authors: book.authors, isbn: book.isbn,
                added: book.added, link: base + SiteURL.book(book.entryID).path)
        }
        let body = ReaderFeeds.shelfRSS(reader: owner.displayName, selfURL: base + req.url.path, siteURL: base, items: items)
        return Response(status: .ok, headers: ["Content-Type": "application/rss+xml; charset=utf-8"], body: .init(string: body))
    }

    private func owner(_ req: Request, _ contents: FeedContents) async throws -> FeedContents.Owner {
        guard let secret = req.parameters.get("secret"), let owner = try await contents.owner(secret) else {
            throw DomainError.notFound(.feedNotFound, "no such feed")
        }
        return owner
    }

    private func service(_ req: Request) throws -> ReaderFeedService {
        ReaderFeedService(db: req.database, userID: try req.currentUserID(), now: req.application.clock.now())
    }

    static func name(_ title: String, _ authors: [String]) -> String {
        authors.isEmpty ? title : "\(title) by \(authors.joined(separator: ", "))"
    }

    package init() {}
}

/// The feeds' addresses; both null when the reader has none.
package struct FeedAddressesDTO: Content {
    @Nullable package var finishedUrl: String?
    @Nullable package var wantToReadUrl: String?

    init(secret: String?, baseURL: String) {
        let addresses = FeedAddressesRecord(secret: secret, baseURL: baseURL)
        finishedUrl = addresses?.finished
        wantToReadUrl = addresses?.wantToRead
    }
}
