import DogearCore
import DogearStore
import FluentKit
import Foundation

/// Puts works on a reader's list found by its name, making the list (private, with a new share
/// code) when there is none: for a backup's lists and for Goodreads shelves imported as lists.
/// A work already on the list is left where it is, so doing it again changes nothing.
package struct NamedListFiller {
    package let db: any Database
    package let userID: UUID
    package let now: Date

    /// The list named `name` (made when the reader has none), filled; nil when the reader has as many
    /// lists as they may.
    @discardableResult
    package func fill(_ name: String, with items: [(workID: UUID, note: String?)], fields: ValidList? = nil) async throws
        -> ReadingList?
    {
        let fields = try fields ?? ListDraft(name: name).validatedForCreate()
        let userID = userID
        // Each list in one transaction: made and filled whole, or not at all.
        return try await WritePipeline(db: db, now: now, clubEvents: nil).run { db, changes in
            let list: ReadingList
            if let existing = try await ReadingList.query(on: db).filter(\.$owner.$id == userID).filter(\.$name == fields.name)
                .first()
            {
                list = existing
            } else {
                // The same cap as the lists page: an import never makes a reader's 501st list.
                guard try await ReadingList.query(on: db).filter(\.$owner.$id == userID).count() < Limits.listsPerReader else {
                    return nil
                }
                list = try await ListService.make(fields, ownerID: userID, with: changes)
            }
            let listID = try list.requireID()
            let present = try await ReadingListItem.query(on: db).filter(\.$list.$id == listID).all()
            var last = present.map(\.position).max()
            var onList = Set(present.map { $0.$work.id })
            var added: [UUID] = []
            for item in items where onList.count < Limits.itemsPerList {
                guard onList.insert(item.workID).inserted else { continue }
                let position = ListOrder.appended(after: last)
                let row = ReadingListItem(listID: listID, workID: item.workID, position: position, note: item.note)
                try await row.create(on: db)
                added.append(try row.requireID())
                last = position
            }
            list.itemCount = onList.count
            try await list.save(on: db)
            changes.changed(.list, listID, of: userID)
            changes.changed(.listItem, added, of: userID)
            return list
        }
    }
}
