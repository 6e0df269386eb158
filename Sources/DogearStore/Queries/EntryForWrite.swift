import DogearCore
import FluentKit
import FluentSQL
import Foundation
import SQLKit

/// A reader's entry as a write changes it (the Fluent model, as `save` expects it) and its book's
/// length, in one statement: a page or a status change needs both, and inside the writers' line
/// each statement is a turn of the database's thread pool that every waiting write waits through.
package enum EntryForWrite {
    /// Nil when there is no such entry of this reader's.
    package static func load(_ id: UUID, of userID: UUID, on db: any Database) async throws -> (LibraryEntry, BookLength)? {
        guard
            let row = try await db.sql.raw(
                """
                SELECT e.*, w.estimated_minutes AS book_minutes, ed.page_count AS book_pages
                FROM library_entries e JOIN works w ON w.id = e.work_id
                LEFT JOIN editions ed ON ed.id = e.edition_id
                WHERE e.id = \(bind: id) AND e.user_id = \(bind: userID)
                """
            ).first()
        else { return nil }
        let length = BookLength(
            pageCount: try row.decode(column: "book_pages", as: Int?.self),
            minutes: try row.decode(column: "book_minutes", as: Int?.self))
        return (try row.decode(fluentModel: LibraryEntry.self), length)
    }
}
