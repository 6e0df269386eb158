import DogearCore
import DogearStore
import DogearTransfer
import FluentKit
import Foundation
import SQLKit

/// A reader's custom lists and saved lists in and out of the JSON backup. Lists go out in the order
/// they were made, their books in their order with notes and enough of each book (title, authors,
/// ISBN, external IDs) for another server's catalog to find or make it. Coming back, a list of the
/// same name is filled rather than made twice, so importing a backup again changes nothing.
package struct ListBackup {
    package let db: any Database
    package let user: User

    // MARK: out

    package func lists() async throws -> (lists: [BackupList], saved: [UUID]) {
        let userID = try user.requireID()
        let sql = db.sql
        var result: [BackupList] = []
        for list in try await ReadingList.query(on: db).filter(\.$owner.$id == userID).sort(\.$createdAt).sort(\.$id).all() {
            let rows = try await sql.raw(
                """
                SELECT i.work_id AS work_id, i.note AS note, w.title AS title FROM list_items i
                JOIN works w ON w.id = i.work_id WHERE i.list_id = \(bind: try list.requireID()) ORDER BY i.position, i.id
                """
            ).all()
            let workIDs = try rows.map { try $0.decode(column: "work_id", as: UUID.self) }
            let catalog = CatalogRows(sql: sql)
            let authors = try await catalog.authorsByWork(workIDs)
            let external = try await catalog.externalIDs(workIDs: workIDs, editionIDs: [])
            let isbns = try await isbnByWork(workIDs)
            let items = try rows.map { row -> BackupList.Item in
                let workID = try row.decode(column: "work_id", as: UUID.self)
                var book = BackupEntry.Book(
                    title: try row.decode(column: "title", as: String.self), authors: (authors[workID] ?? []).map(\.name))
                book.isbn13 = isbns[workID]
                book.externalIds = external[workID] ?? [:]
                return BackupList.Item(book: book, note: try row.decode(column: "note", as: String?.self))
            }
            result.append(
                BackupList(
                    name: list.name, description: list.summary, bannerUrl: list.bannerURL, isPublic: list.isPublic, items: items))
        }
        let saved = try await SavedList.query(on: db).filter(\.$user.$id == userID).sort(\.$createdAt).all().map { $0.$list.id }
        return (result, saved)
    }

    /// One ISBN-13 per work: the earliest edition that has one.
    private func isbnByWork(_ workIDs: [UUID]) async throws -> [UUID: String] {
        guard !workIDs.isEmpty else { return [:] }
        var result: [UUID: String] = [:]
        for row in try await db.sql.raw(
            """
            SELECT work_id, isbn13 FROM editions WHERE work_id IN (\(binds: workIDs)) AND isbn13 IS NOT NULL
            ORDER BY created_at, id
            """
        ).all() {
            let workID = try row.decode(column: "work_id", as: UUID.self)
            if result[workID] == nil { result[workID] = try row.decode(column: "isbn13", as: String.self) }
        }
        return result
    }

    // MARK: in

    /// Restores lists into the reader's account (inside the import's transaction when it has one).
    /// A list comes back whatever the reader's tier: a backup is their data.
    package func restore(_ lists: [BackupList], saved: [UUID], at now: Date) async throws {
        let userID = try user.requireID()
        for backup in lists {
            let fields = try ListDraft(
                name: backup.name, description: backup.description, bannerUrl: backup.bannerUrl, isPublic: backup.isPublic
            ).validatedForCreate()
            var items: [(workID: UUID, note: String?)] = []
            for item in backup.items.prefix(Limits.itemsPerList) {
                let book = try item.book.draft.validated(source: .import)
                items.append(
                    (try await CatalogService(db: db).findOrCreate(book).work.requireID(), try ListItemNote.validated(item.note)))
            }
            try await NamedListFiller(db: db, userID: userID, now: now).fill(fields.name, with: items, fields: fields)
        }
        try await WritePipeline(db: db, now: now, clubEvents: nil).run { db, changes in
            for listID in saved {
                guard let list = try await ReadingList.find(listID, on: db), list.isPublic, list.$owner.id != userID else {
                    continue
                }
                if try await SavedList.query(on: db).filter(\.$user.$id == userID).filter(\.$list.$id == listID).first() == nil {
                    try await SavedList(userID: userID, listID: listID).create(on: db)
                    changes.changed(.savedList, listID, of: userID)
                }
            }
        }
    }

    package init(db: any Database, user: User) {
        self.db = db
        self.user = user
    }
}
