import Foundation
import SQLKit

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// A list's books as `ListItemService` read them before the lean reads: the items, then the works,
/// their authors and external IDs, and the covers, a query each, decoded by SQLKit. `LeanReadTests`
/// holds the one-statement read to this one's encoded bytes.
struct ReferenceListItems {
    let service: ListItemService

    func page(_ listID: String, after cursor: UUID?, limit: Int) async throws -> Page<ListItemDTO> {
        let sql = service.db.sql
        let userID = try service.lists.user.requireID()
        var rows: [(id: UUID, workID: UUID, note: String?, entryID: UUID?)] = []
        switch try await service.lists.resolve(listID, for: .read) {
        case .defaultList(let list):
            var query: SQLQueryString =
                "SELECT e.id AS id, e.work_id AS work_id FROM library_entries e WHERE e.user_id = \(bind: userID) AND \(unsafeRaw: list.condition)"
            if let cursor {
                query =
                    query + " AND (e.date_added, e.id) < (SELECT date_added, id FROM library_entries WHERE id = \(bind: cursor))"
            }
            query = query + " ORDER BY e.date_added DESC, e.id DESC LIMIT \(unsafeRaw: String(limit + 1))"
            rows = try await sql.raw(query).all().map { row in
                let id = try row.decode(column: "id", as: UUID.self)
                return (id, try row.decode(column: "work_id", as: UUID.self), nil, id)
            }
        case .custom(let list, _):
            var query: SQLQueryString =
                "SELECT i.id AS id, i.work_id AS work_id, i.note AS note, e.id AS entry_id FROM list_items i LEFT JOIN library_entries e ON e.work_id = i.work_id AND e.user_id = \(bind: userID) WHERE i.list_id = \(bind: try list.requireID())"
            if let cursor {
                query = query + " AND (i.position, i.id) > (SELECT position, id FROM list_items WHERE id = \(bind: cursor))"
            }
            query = query + " ORDER BY i.position, i.id LIMIT \(unsafeRaw: String(limit + 1))"
            rows = try await sql.raw(query).all().map { row in
                (
                    try row.decode(column: "id", as: UUID.self), try row.decode(column: "work_id", as: UUID.self),
                    try row.decode(column: "note", as: String?.self), try row.decode(column: "entry_id", as: UUID?.self)
                )
            }
        }
        let page = Array(rows.prefix(limit))
        let workIDs = Array(Set(page.map(\.workID)))
        let catalog = CatalogRows(sql: sql)
        let works = try await catalog.works(
            workIDs, authors: try await catalog.authorsByWork(workIDs),
            externalIds: try await catalog.externalIDs(workIDs: workIDs, editionIDs: []))
        let covers = try await service.covers(workIDs, entries: page.compactMap(\.entryID))
        let items = page.compactMap { row in
            works[row.workID].map {
                ListItemDTO(id: row.id, work: WorkDTO($0), note: row.note, entryId: row.entryID, coverUrl: covers[row.workID])
            }
        }
        return Page(items: items, nextCursor: rows.count > limit ? page.last.map { LibraryFilter.encodeCursor($0.id) } : nil)
    }
}
