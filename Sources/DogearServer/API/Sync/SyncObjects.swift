import DogearCore
import DogearServices
import DogearStore
import Fluent
import Foundation
import SQLKit

/// Loads the objects the feed sends, a batch per type: the same shapes the API's own routes
/// answer with, built by the same loaders. Only the reader's own objects are ever loaded; an id
/// that is not theirs (or is gone since the log was read) is simply absent from the answer.
package struct SyncObjects {
    package let db: any Database
    package let user: User
    package let today: LocalDate

    package func load(_ keys: [SyncObjectKey]) async throws -> [SyncObjectKey: SyncObjectDTO] {
        var byType: [SyncObjectType: [UUID]] = [:]
        for key in keys { byType[key.type, default: []].append(key.id) }
        var result: [SyncObjectKey: SyncObjectDTO] = [:]
        for (type, ids) in byType {
            for chunk in ids.chunked(into: 500) {
                for (id, object) in try await load(type, chunk) { result[SyncObjectKey(type: type, id: id)] = object }
            }
        }
        return result
    }

    private var userID: UUID { get throws { try user.requireID() } }

    private func load(_ type: SyncObjectType, _ ids: [UUID]) async throws -> [(UUID, SyncObjectDTO)] {
        switch type {
        case .entry:
            let own = try await db.sql.raw(
                "SELECT id FROM library_entries WHERE id IN (\(binds: ids)) AND user_id = \(bind: try userID)"
            ).all().map { try $0.decode(column: "id", as: UUID.self) }
            return try await EntryLoader(db: db, today: today).load(own).map { ($0.id, .entry(EntryDTO($0))) }
        case .session:
            let sessions = try await ReadingSession.query(on: db).filter(\.$id ~~ ids)
                .join(LibraryEntry.self, on: \ReadingSession.$entry.$id == \LibraryEntry.$id)
                .filter(LibraryEntry.self, \.$user.$id == userID).all()
            return try sessions.map { (try $0.requireID(), .session(try SessionDTO($0))) }
        case .note:
            let notes = try await Note.query(on: db).filter(\.$id ~~ ids).filter(\.$user.$id == userID).all()
            return try notes.map { (try $0.requireID(), .note(try NoteDTO($0))) }
        case .quote:
            let quotes = try await Quote.query(on: db).filter(\.$id ~~ ids).filter(\.$user.$id == userID).all()
            return try quotes.map { (try $0.requireID(), .quote(try QuoteDTO($0))) }
        case .list:
            let lists = try await ReadingList.query(on: db).filter(\.$id ~~ ids).filter(\.$owner.$id == userID).all()
            // A list shows its owner's name as it is now, not as the request's reader was loaded:
            // a rename committed since would otherwise go out under the list's new version.
            guard let owner = try await User.find(try userID, on: db) else { return [] }
            let service = ListService(db: db, user: owner, tiersEnabled: false)
            return try lists.map { (try $0.requireID(), .list(ListDTO(try service.dto($0, owner: owner, actor: .owner)))) }
        case .listItem:
            return try await listItems(ids)
        case .savedList:
            let saved = try await SavedList.query(on: db).filter(\.$list.$id ~~ ids).filter(\.$user.$id == userID).all()
            return saved.map {
                ($0.$list.id, .savedList(SavedListDTO(id: $0.$list.id, listId: $0.$list.id, savedAt: $0.createdAt)))
            }
        case .goal:
            let goals = try await ReadingGoal.query(on: db).filter(\.$id ~~ ids).filter(\.$user.$id == userID).all()
            return try goals.map { goal in
                let id = try goal.requireID()
                return (
                    id,
                    .goal(
                        GoalDefinitionDTO(
                            id: id, year: goal.year, metric: goal.metric.rawValue, target: goal.target,
                            conditions: goal.conditions, summary: GoalService.summary(of: goal)))
                )
            }
        case .profile:
            guard ids.contains(try userID), let fresh = try await User.find(try userID, on: db) else { return [] }
            return [(try userID, .profile(try UserDTO(fresh)))]
        }
    }

    /// Items of the reader's own lists, each with its work, the reader's entry for it and a cover,
    /// as `GET /api/v1/lists/{id}/items` shows them.
    private func listItems(_ ids: [UUID]) async throws -> [(UUID, SyncObjectDTO)] {
        let sql = db.sql
        let rows = try await sql.raw(
            """
            SELECT i.id AS id, i.list_id AS list_id, i.position AS position, i.work_id AS work_id, i.note AS note,
                   e.id AS entry_id
            FROM list_items i JOIN lists l ON l.id = i.list_id
            LEFT JOIN library_entries e ON e.work_id = i.work_id AND e.user_id = l.user_id
            WHERE i.id IN (\(binds: ids)) AND l.user_id = \(bind: try userID)
            """
        ).all().map { row in
            (
                id: try row.decode(column: "id", as: UUID.self), listID: try row.decode(column: "list_id", as: UUID.self),
                position: try row.decode(column: "position", as: Int64.self),
                workID: try row.decode(column: "work_id", as: UUID.self), note: try row.decode(column: "note", as: String?.self),
                entryID: try row.decode(column: "entry_id", as: UUID?.self)
            )
        }
        let workIDs = Array(Set(rows.map(\.workID)))
        let catalog = CatalogRows(sql: sql)
        let works = try await catalog.works(
            workIDs, authors: try await catalog.authorsByWork(workIDs),
            externalIds: try await catalog.externalIDs(workIDs: workIDs, editionIDs: []))
        // The reader's own edition's cover when they have the book, as the list shows it.
        let covers = try await ListItemService(lists: ListService(db: db, user: user, tiersEnabled: false))
            .covers(workIDs, entries: rows.compactMap(\.entryID))
        return rows.compactMap { row in
            guard let work = works[row.workID] else { return nil }
            return (
                row.id,
                .listItem(
                    SyncListItemDTO(
                        id: row.id, listId: row.listID, position: row.position, work: WorkDTO(work), note: row.note,
                        entryId: row.entryID, coverUrl: covers[row.workID]))
            )
        }
    }
}
