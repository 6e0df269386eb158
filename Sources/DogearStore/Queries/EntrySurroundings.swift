import FluentKit
import Foundation
import SQLKit

/// What surrounds the entries a write changed, read in one statement inside the write (one per
/// 500 entries, for an import's batch): the clubs whose feed hears of each public entry (clubs
/// reading its work now, where the reader is a member who shows progress) and the items of the
/// reader's own lists that hold its work (a list item shows the reader's entry, so the sync log
/// sends it again).
///
/// Why one statement: the club feed and the sync log each asked for theirs, and every statement of
/// a write waits its turn in the writers' line (on SQLite, two thread hops each). The feed
/// (`ClubActivityLog`) and the log (`SyncLog`) are handed what this read.
package struct EntrySurroundings: Sendable {
    /// Per entry, the clubs to tell, in one order (the order their feeds are written and locked in).
    package var clubs: [UUID: [UUID]] = [:]
    /// Per entry, the reader's list items holding its work.
    package var listItems: [UUID: [UUID]] = [:]

    /// The entries as they stand in the write's transaction (their reader and work are read there);
    /// clubs only for those in `shownIDs`, the public ones (a private entry's feed hears nothing).
    /// An entry with nothing around it has no key: read it as empty.
    package static func load(_ entryIDs: [UUID], shownIDs: Set<UUID>, on db: any Database) async throws -> EntrySurroundings {
        var result = EntrySurroundings()
        // In chunks: an import's batch changes thousands of entries, each a bound value.
        for chunk in entryIDs.chunked(into: 500) {
            let shown = chunk.filter { shownIDs.contains($0) }
            var query: SQLQueryString =
                """
                SELECT 'item' AS kind, e.id AS entry_id, i.id AS id FROM library_entries e
                JOIN lists l ON l.user_id = e.user_id
                JOIN list_items i ON i.list_id = l.id AND i.work_id = e.work_id
                WHERE e.id IN (\(binds: chunk))
                """
            if !shown.isEmpty {
                query =
                    query
                        + """

                        UNION ALL
                        SELECT 'club', e.id, cb.club_id FROM library_entries e
                        JOIN club_members m ON m.user_id = e.user_id AND m.hides_progress = \(bind: false)
                        JOIN club_books cb ON cb.club_id = m.club_id AND cb.work_id = e.work_id AND cb.finished_on IS NULL
                        WHERE e.id IN (\(binds: shown))
                        """
            }
            for row in try await db.sql.raw(query).all() {
                let entryID = try row.decode(column: "entry_id", as: UUID.self)
                let id = try row.decode(column: "id", as: UUID.self)
                if try row.decode(column: "kind", as: String.self) == "club" {
                    result.clubs[entryID, default: []].append(id)
                } else {
                    result.listItems[entryID, default: []].append(id)
                }
            }
        }
        for (entryID, clubs) in result.clubs { result.clubs[entryID] = UUID.inTextOrder(clubs) }
        return result
    }
}
