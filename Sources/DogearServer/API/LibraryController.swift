import DogearCore
import Fluent
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

    /// Newest first, keyset-paginated: the cursor is the last entry's id, so a page never repeats or
    /// skips entries when others are added meanwhile.
    func list(req: Request) async throws -> Page<EntryDTO> {
        let userID = try req.currentUserID()
        let limit = try Self.limit(req)
        var query = LibraryEntry.query(on: req.db).filter(\.$user.$id == userID)
        if let raw = req.query[String.self, at: "status"], !raw.isEmpty {
            let statuses = try raw.split(separator: ",").map {
                try ReadingStatus.parse(String($0), field: "status").status.rawValue
            }
            query = query.filter(\.$status ~~ statuses)
        }
        if let cursor = req.query[String.self, at: "cursor"], !cursor.isEmpty {
            guard let anchorID = Self.decodeCursor(cursor),
                  let anchor = try await LibraryEntry.query(on: req.db)
                    .filter(\.$id == anchorID).filter(\.$user.$id == userID).first() else {
                throw APIError.badRequest("this cursor is not valid; start again without one", field: "cursor")
            }
            query = query.group(.or) { or in
                or.filter(\.$dateAdded < anchor.dateAdded)
                or.group(.and) { $0.filter(\.$dateAdded == anchor.dateAdded).filter(\.$id < anchorID) }
            }
        }
        let rows = try await query.sort(\.$dateAdded, .descending).sort(\.$id, .descending).limit(limit + 1).all()
        let page = Array(rows.prefix(limit))
        let next = rows.count > limit ? try page.last.map { Self.encodeCursor(try $0.requireID()) } : nil
        return Page(items: try await loader(req).load(page), nextCursor: next)
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

    static func limit(_ req: Request) throws -> Int {
        guard let raw = req.query[String.self, at: "limit"], !raw.isEmpty else { return Limits.defaultPageSize }
        guard let limit = Int(raw), Limits.pageSize.contains(limit) else {
            throw APIError.badRequest("must be a whole number from 1 to \(Limits.pageSize.upperBound)", field: "limit")
        }
        return limit
    }

    static func encodeCursor(_ id: UUID) -> String {
        Data(id.uuidString.utf8).base64EncodedString()
    }

    static func decodeCursor(_ cursor: String) -> UUID? {
        guard let data = Data(base64Encoded: cursor), let text = String(data: data, encoding: .utf8) else { return nil }
        return UUID(uuidString: text)
    }
}
