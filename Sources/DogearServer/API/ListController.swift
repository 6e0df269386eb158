import DogearCore
import DogearServices
import DogearStore
import Vapor

/// /api/v1/lists and /api/v1/shared-lists: a reader's lists and other readers' public lists opened
/// by code. Each handler decodes, calls the list services, and encodes.
package struct ListController {
    package func index(req: Request) async throws -> [ListDTO] {
        (try await req.lists().lists()).map(ListDTO.init)
    }

    package func create(req: Request) async throws -> Response {
        let body = try req.content.decode(CreateListRequest.self)
        let list = try await req.lists().create(body.draft)
        if let id = UUID(uuidString: list.id) { try await req.tagVersion(.list, id) }
        return try await ListDTO(try await list).encodeResponse(status: .created, for: req)
    }

    package func show(req: Request) async throws -> ListDTO {
        let listID = try req.listIDParameter()
        let list = try await req.lists().list(listID)
        // A custom list of the reader's own has a version; a default list or another's does not.
        if let id = UUID(uuidString: listID), list.shareCode != nil { try await req.tagVersion(.list, id) }
        return ListDTO(list)
    }

    package func update(req: Request) async throws -> ListDTO {
        let body = try req.content.decode(UpdateListRequest.self)
        let (listID, lists) = (try req.listIDParameter(), try req.lists())
        return try await Self.conditionally(req, .list, listID) { ListDTO(try await lists.update(listID, body.draft)) }
    }

    package func delete(req: Request) async throws -> HTTPStatus {
        let (listID, lists) = (try req.listIDParameter(), try req.lists())
        try await Self.conditionally(req, .list, listID) { try await lists.delete(listID) }
        return .noContent
    }

    /// A write under `If-Match` when the id is a custom list's or an item's (a default list has no version).
    private static func conditionally<T: Sendable>(
        _ req: Request, _ type: SyncObjectType, _ id: String, _ write: @Sendable () async throws -> T
    ) async throws -> T {
        guard let uuid = UUID(uuidString: id) else { return try await write() }
        return try await req.conditionalWrite(type, uuid, write)
    }

    package func replaceShareCode(req: Request) async throws -> ListDTO {
        ListDTO(try await req.lists().replaceShareCode(try req.listIDParameter()))
    }

    // MARK: items

    package func items(req: Request) async throws -> Response {
        let filter = try LibraryFilter(query: req.url.query)
        let items = try await req.listItems().items(try req.listIDParameter(), after: filter.cursor, limit: filter.limit)
        return Page(items, ListItemDTO.init).jsonResponse()
    }

    package func addItem(req: Request) async throws -> Response {
        let body = try req.content.decode(AddListItemRequest.self)
        let listID = try req.listIDParameter()
        let item = try await req.listItems().add(to: listID, body.item, lookingUpWith: req.bookLookup())
        return try await ListItemDTO(try await req.listItems().item(try item.requireID(), in: listID)).encodeResponse(
            status: .created, for: req)
    }

    package func updateItem(req: Request) async throws -> ListItemDTO {
        let body = try req.content.decode(UpdateListItemRequest.self)
        let listID = try req.listIDParameter()
        let itemID = try req.uuidParameter("itemId")
        let items = try req.listItems()
        try await req.conditionalWrite(.listItem, itemID) {
            if let position = body.position { try await items.move(itemID, in: listID, to: position) }
            if let note = body.note.change { _ = try await items.setNote(itemID, in: listID, to: note) }
        }
        return ListItemDTO(try await items.item(itemID, in: listID))
    }

    package func deleteItem(req: Request) async throws -> HTTPStatus {
        let (itemID, listID, items) = (try req.uuidParameter("itemId"), try req.listIDParameter(), try req.listItems())
        try await req.conditionalWrite(.listItem, itemID) { try await items.remove(itemID, from: listID) }
        return .noContent
    }

    // MARK: shared lists

    package func openShared(req: Request) async throws -> ListDTO {
        ListDTO(try await req.lists().openShared(try req.codeParameter()))
    }

    package func save(req: Request) async throws -> ListDTO {
        ListDTO(try await req.lists().save(try req.codeParameter()))
    }

    package func unsave(req: Request) async throws -> HTTPStatus {
        try await req.lists().unsave(try req.codeParameter())
        return .noContent
    }

    package func copy(req: Request) async throws -> Response {
        try await ListDTO(try await req.lists().copy(try req.codeParameter())).encodeResponse(status: .created, for: req)
    }

}
