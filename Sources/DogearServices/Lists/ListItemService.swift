import DogearCore
import DogearStore
import FluentKit
import Foundation
import SQLKit

/// The books on a list: a page of them (a fixed number of queries whatever the list's size),
/// adding a catalog work (by work, by one of the reader's entries, or by ISBN through the lookup
/// chain), moving one (one row written; the list renumbered only when a gap closes), its note, and
/// taking it off. Access is `ListService`'s.
package struct ListItemService {
    package let lists: ListService
    package var db: any Database { lists.db }

    /// What a reader adds: exactly one of a work, one of their entries, or an ISBN.
    package struct NewItem: Sendable {
        package var workId: UUID?
        package var entryId: UUID?
        package var isbn: String?
        package var note: String?

        package init(workId: UUID? = nil, entryId: UUID? = nil, isbn: String? = nil, note: String? = nil) {
            self.workId = workId
            self.entryId = entryId
            self.isbn = isbn
            self.note = note
        }
    }

    // MARK: reading

    /// Items in the list's order, `limit` at a time; the cursor is the last item's id. One statement
    /// after the list's access: each item with its work (`LeanWork`), the reader's entry for it and
    /// its cover, read as plain rows.
    package func items(_ listID: String, after cursor: UUID?, limit: Int) async throws -> ResultPage<ListItemRecord> {
        let userID = try lists.user.requireID()
        let dialect = db.sql.databaseDialect
        // A cover: the reader's own edition's first, else the earliest edition that has one.
        let cover = """
            (SELECT c.cover_url FROM editions c WHERE c.work_id = w.id AND c.cover_url IS NOT NULL
             ORDER BY CASE WHEN c.id = e.edition_id THEN 0 ELSE 1 END, c.created_at, c.id LIMIT 1) AS cover_url
            """
        let columns = (["w.id AS work_id", "e.id AS entry_id", cover] + LeanWork.columns(dialect)).joined(separator: ", ")
        var query: SQLQueryString
        switch try await lists.resolve(listID, for: .read) {
        case .defaultList(let list):
            // The library's own order: newest added first, the entry id breaking ties.
            query = """
                SELECT e.id AS item_id, \(unsafeRaw: dialect.text("NULL")) AS note, \(unsafeRaw: columns)
                FROM library_entries e JOIN works w ON w.id = e.work_id
                WHERE e.user_id = \(bind: userID) AND \(unsafeRaw: list.condition)
                """
            if let cursor {
                query =
                    query + " AND (e.date_added, e.id) < (SELECT date_added, id FROM library_entries WHERE id = \(bind: cursor))"
            }
            query = query + " ORDER BY e.date_added DESC, e.id DESC LIMIT \(unsafeRaw: String(limit + 1))"
        case .custom(let list, _):
            query = """
                SELECT i.id AS item_id, i.note AS note, \(unsafeRaw: columns)
                FROM list_items i JOIN works w ON w.id = i.work_id
                LEFT JOIN library_entries e ON e.work_id = i.work_id AND e.user_id = \(bind: userID)
                WHERE i.list_id = \(bind: try list.requireID())
                """
            if let cursor {
                query = query + " AND (i.position, i.id) > (SELECT position, id FROM list_items WHERE id = \(bind: cursor))"
            }
            query = query + " ORDER BY i.position, i.id LIMIT \(unsafeRaw: String(limit + 1))"
        }
        let rows = try await LeanRows(db: db).all(query)
        let items = try rows.prefix(limit).map { row in
            ListItemRecord(
                id: try row.requireUUID("item_id"), work: try LeanWork.work(row), note: try row.string("note"),
                entryId: try row.uuid("entry_id"), coverUrl: try row.string("cover_url"))
        }
        return ResultPage(
            items: items, nextCursor: rows.count > limit ? items.last.map { LibraryFilter.encodeCursor($0.id) } : nil)
    }

    /// One item of a custom list as the API shows it.
    package func item(_ itemID: UUID, in listID: String) async throws -> ListItemRecord {
        let list = try await lists.customList(listID, for: .read)
        let item = try await Self.item(itemID, in: try list.requireID(), on: db)
        let work = try await CatalogLoader(db: db).book(workID: item.$work.id, editionID: nil).work
        let entry = try await LibraryEntry.query(on: db).filter(\.$user.$id == lists.user.requireID())
            .filter(\.$work.$id == item.$work.id).first()
        return ListItemRecord(id: itemID, work: work, note: item.note, entryId: try entry?.requireID())
    }

    // MARK: writing

    /// Adds a book to a custom list; discovery learns an add to a list, or `deck`, the swipe that
    /// added it from the discover deck.
    package func add(
        to listID: String, _ new: NewItem, lookingUpWith lookups: BookLookupService, fromDeck deck: DiscoveryAction? = nil
    ) async throws -> ReadingListItem {
        let list = try await lists.customList(listID, for: .addItem)
        let note = try ListItemNote.validated(new.note)
        let workID = try await work(for: new, lookups: lookups)
        guard list.itemCount < Limits.itemsPerList else {
            throw DomainError(.unprocessable, code: .listFull, "a list holds at most \(Limits.itemsPerList) books")
        }
        let listUUID = try list.requireID()
        do {
            let userID = try lists.user.requireID()
            return try await lists.write { db, changes in
                if try await ReadingListItem.query(on: db).filter(\.$list.$id == listUUID).filter(\.$work.$id == workID).first()
                    != nil
                {
                    throw DomainError(.conflict, code: .alreadyOnList, "this book is on the list already")
                }
                let last = try await ReadingListItem.query(on: db).filter(\.$list.$id == listUUID).max(\.$position)
                let item = ReadingListItem(
                    listID: listUUID, workID: workID, position: ListOrder.appended(after: last), note: note)
                try await item.create(on: db)
                list.itemCount += 1
                try await list.save(on: db)
                changes.learned(
                    [.init(action: deck ?? .addToList, workID: workID, listID: listUUID.uuidString, listItemID: item.id)],
                    by: userID)
                changes.changed(.listItem, try item.requireID(), of: userID)
                changes.changed(.list, listUUID, of: userID)
                return item
            }
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw DomainError(.conflict, code: .alreadyOnList, "this book is on the list already")
        }
    }

    /// Moves an item to `index` (0 = the top): one row written, unless the gap there has closed and
    /// the list is renumbered.
    package func move(_ itemID: UUID, in listID: String, to index: Int) async throws {
        let list = try await lists.customList(listID, for: .moveItem)
        let listUUID = try list.requireID()
        let userID = try lists.user.requireID()
        try await lists.write { db, changes in
            let item = try await Self.item(itemID, in: listUUID, on: db)
            let sql = db.sql
            let others = try await ReadingListItem.query(on: db).filter(\.$list.$id == listUUID).filter(\.$id != itemID).count()
            let target = min(max(0, index), others)
            // The neighbours at the target among the other items: two rows, however long the list.
            let neighbours = try await sql.raw(
                """
                SELECT position FROM list_items WHERE list_id = \(bind: listUUID) AND id <> \(bind: itemID)
                ORDER BY position, id LIMIT 2 OFFSET \(unsafeRaw: String(max(0, target - 1)))
                """
            ).all().map { try $0.decode(column: "position", as: Int64.self) }
            let around = target == 0 ? Array(neighbours.prefix(1)) : neighbours
            if let position = ListOrder.position(movingTo: target == 0 ? 0 : 1, among: around) {
                item.position = position
                try await item.save(on: db)
                changes.changed(.listItem, itemID, of: userID)
                return
            }
            // No room left between the two: renumber the whole list with the item in its new place.
            var ordered = try await ReadingListItem.query(on: db).filter(\.$list.$id == listUUID)
                .filter(\.$id != itemID).sort(\.$position).sort(\.$id).all()
            ordered.insert(item, at: min(target, ordered.count))
            var moved: [UUID] = [itemID]
            for (row, position) in zip(ordered, ListOrder.renumbered(count: ordered.count)) where row.position != position {
                row.position = position
                try await row.save(on: db)
                moved.append(try row.requireID())
            }
            changes.changed(.listItem, moved, of: userID)
        }
    }

    package func setNote(_ itemID: UUID, in listID: String, to text: String?) async throws -> ReadingListItem {
        let list = try await lists.customList(listID, for: .edit)
        let item = try await Self.item(itemID, in: try list.requireID(), on: db)
        item.note = try ListItemNote.validated(text)
        let userID = try lists.user.requireID()
        try await lists.write { db, changes in
            try await item.save(on: db)
            changes.changed(.listItem, itemID, of: userID)
        }
        return item
    }

    package func remove(_ itemID: UUID, from listID: String) async throws {
        let list = try await lists.customList(listID, for: .removeItem)
        let listUUID = try list.requireID()
        let userID = try lists.user.requireID()
        try await lists.write { db, changes in
            try await Self.item(itemID, in: listUUID, on: db).delete(on: db)
            list.itemCount = try await ReadingListItem.query(on: db).filter(\.$list.$id == listUUID).count()
            try await list.save(on: db)
            changes.deleted(.listItem, itemID, of: userID)
            changes.changed(.list, listUUID, of: userID)
        }
    }

    // MARK: helpers

    /// One cover per work in one query: the reader's own edition's first, else the earliest edition with one.
    package func covers(_ workIDs: [UUID], entries: [UUID]) async throws -> [UUID: String] {
        guard !workIDs.isEmpty else { return [:] }
        let entryList: [UUID] = entries.isEmpty ? [UUID.timeOrdered()] : entries
        var result: [UUID: String] = [:]
        for row in try await db.sql.raw(
            """
            SELECT ed.work_id AS work_id, ed.cover_url AS cover_url,
                   CASE WHEN ed.id IN (SELECT edition_id FROM library_entries WHERE id IN (\(binds: entryList))) THEN 0 ELSE 1 END AS mine
            FROM editions ed WHERE ed.work_id IN (\(binds: workIDs)) AND ed.cover_url IS NOT NULL
            ORDER BY mine, ed.created_at, ed.id
            """
        ).all() {
            let workID = try row.decode(column: "work_id", as: UUID.self)
            if result[workID] == nil { result[workID] = try row.decode(column: "cover_url", as: String.self) }
        }
        return result
    }

    package static let itemNotFound = DomainError.notFound(.listItemNotFound, "no such book on this list")

    package static func item(_ id: UUID, in listID: UUID, on db: any Database) async throws -> ReadingListItem {
        guard let item = try await ReadingListItem.query(on: db).filter(\.$id == id).filter(\.$list.$id == listID).first()
        else { throw itemNotFound }
        return item
    }

    /// The catalog work a new item names; exactly one way of naming it.
    private func work(for new: NewItem, lookups: BookLookupService) async throws -> UUID {
        try await WorkChoice(workId: new.workId, entryId: new.entryId, isbn: new.isbn)
            .resolve(for: lists.user, on: db, lookups: lookups)
    }

    package init(lists: ListService) {
        self.lists = lists
    }
}
