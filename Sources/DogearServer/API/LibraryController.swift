import DogearCore
import Fluent
import SQLKit
import Vapor

/// /api/v1/library: the signed-in user's entries.
struct LibraryController {
    func service(_ req: Request) throws -> LibraryService {
        let user = try req.currentUser()
        return LibraryService(db: req.db, user: user, today: req.today(for: user), now: req.now)
    }

    func loader(_ req: Request) throws -> EntryLoader {
        EntryLoader(db: req.db, today: req.today(for: try req.currentUser()))
    }

    func create(req: Request) async throws -> Response {
        var body = try req.content.decode(CreateEntryRequest.self)
        if body.isbn != nil, body.book == nil, body.workId == nil, body.editionId == nil {
            // Check what the reader set before asking the network, so a typo costs no lookup.
            _ = try body.entryDraft.validated()
            let isbn = try BookLookupService.parseISBN(body.isbn)
            let found = try await BookLookupService(db: req.db, chain: req.application.lookupChain).lookup(isbn)
            body.editionId = try found.edition?.requireID()
            body.workId = try found.work.requireID()
        }
        let entry = try await service(req).add(body)
        return try await loader(req).loadOne(entry).encodeResponse(status: .created, for: req)
    }

    /// Search, filters and sorts (SPEC §3), keyset-paginated: the cursor is the last entry's id, so a
    /// page never repeats or skips entries when others are added meanwhile. Newest first by default.
    func list(req: Request) async throws -> Page<EntryDTO> {
        let user = try req.currentUser()
        let userID = try user.requireID()
        let filter = try LibraryFilter(query: req.url.query)
        if let cursor = filter.cursor,
           try await LibraryEntry.query(on: req.db).filter(\.$id == cursor).filter(\.$user.$id == userID).first() == nil {
            throw APIError.badRequest("this cursor is not valid; start again without one", field: "cursor")
        }
        let sql = req.db as! any SQLDatabase
        let page = try await LibrarySearchQuery(db: sql, userID: userID,
                                                timeZone: TimeZone(identifier: user.timeZone) ?? .gmt).run(filter)
        var items = try await loader(req).load(page.entries)
        if !filter.terms.isEmpty {
            let documents = try await SearchIndexes.forDatabase(sql).documents(page.ids, on: sql)
            for index in items.indices {
                let fields = documents[items[index].id]?.fields ?? []
                items[index].matches = MatchReasons.find(filter.terms, in: fields)
            }
        }
        return Page(items: items, nextCursor: page.nextCursor.map(LibraryFilter.encodeCursor))
    }

    func show(req: Request) async throws -> EntryDTO {
        let entry = try await service(req).entry(try req.uuidParameter("id"))
        return try await loader(req).loadOne(entry)
    }

    func update(req: Request) async throws -> EntryDTO {
        let patch = try req.content.decode(UpdateEntryRequest.self)
        let entry = try await service(req).update(try req.uuidParameter("id"), with: patch)
        return try await loader(req).loadOne(entry)
    }

    func delete(req: Request) async throws -> HTTPStatus {
        try await service(req).delete(try req.uuidParameter("id"))
        return .noContent
    }

    func changeStatus(req: Request) async throws -> EntryDTO {
        let body = try req.content.decode(StatusChangeRequest.self)
        let entry = try await service(req).changeStatus(try req.uuidParameter("id"), to: body)
        return try await loader(req).loadOne(entry)
    }

    func progress(req: Request) async throws -> EntryDTO {
        let body = try req.content.decode(ProgressRequest.self)
        let entry = try await service(req).logProgress(try req.uuidParameter("id"), try body.input())
        return try await loader(req).loadOne(entry)
    }
}
