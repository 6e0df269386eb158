import FluentKit
import SQLKit

/// When the reader last read a book in Dogear: a page, a session, starting it. Home lists what is
/// being read by it, newest first. `updated_at` could not say it: an import stamps every row it
/// writes, so the book read this morning sank below thirteen imported ones, and a rating or a tag
/// is not reading. Imported rows keep it empty (the file says when a book was started, not when it
/// was last opened); existing entries take their latest session, the only reading time on record.
package struct AddLastReadAt: NumberedMigration {
    package static let folder = 30

    package func prepare(on database: any Database) async throws {
        try await database.schema("library_entries").field("last_read_at", .datetime).update()
        try await database.sql.raw(
            """
            UPDATE library_entries SET last_read_at =
              (SELECT MAX(s.created_at) FROM reading_sessions s WHERE s.entry_id = library_entries.id)
            """
        ).run()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("library_entries").deleteField("last_read_at").update()
    }
}
