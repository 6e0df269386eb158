import DogearCore
import FluentKit
import Foundation
import SQLKit

/// The reader's change log: the write pipeline (`DogearServices/Writes/`) tells it what each write
/// changed or removed, inside the transaction of the change, so the feed (`SyncService`) can never
/// show a change that rolled back nor miss one that committed.
///
/// Each change takes the next of the reader's versions from `sync_clocks`. Raising the counter
/// locks the reader's row until the transaction ends, so versions are handed out in commit order:
/// a second writer for the same reader waits there and gets the higher version only after the
/// first has committed. The pipeline tells the log at the end of the transaction, after the other
/// writes, so the lock is held briefly and always taken last.
package struct SyncLog {
    package struct Change: Hashable, Sendable {
        package let type: SyncObjectType
        package let id: UUID
        package let deleted: Bool

        package init(type: SyncObjectType, id: UUID, deleted: Bool) {
            self.type = type
            self.id = id
            self.deleted = deleted
        }
    }

    /// The write transaction.
    package let db: any Database
    package let userID: UUID
    /// When deletions happened (the tombstones' time, which their retention counts from).
    package let now: Date

    /// Entries changed: the entries, and the items of the reader's lists that hold the same works
    /// (an item shows the reader's entry and its cover), as the write read them per entry
    /// (`EntrySurroundings`).
    package func entryChanges(_ entryIDs: [UUID], items: [UUID: [UUID]]) -> [Change] {
        entryIDs.map { Change(type: .entry, id: $0, deleted: false) }
            + entryIDs.flatMap { items[$0] ?? [] }.map { Change(type: .listItem, id: $0, deleted: false) }
    }

    /// The sessions, notes and quotes of these entries, as changed (an import added to some of them;
    /// sending an unchanged one again costs an app nothing, missing a new one would).
    package func contentChanges(ofEntries entryIDs: [UUID]) async throws -> [Change] {
        var changes: [Change] = []
        for chunk in entryIDs.chunked(into: 500) {
            for row in try await db.sql.raw(
                """
                SELECT 'session' AS type, id FROM reading_sessions WHERE entry_id IN (\(binds: chunk))
                UNION ALL SELECT 'note', id FROM notes WHERE entry_id IN (\(binds: chunk))
                UNION ALL SELECT 'quote', id FROM quotes WHERE entry_id IN (\(binds: chunk))
                """
            ).all() {
                guard let type = SyncObjectType(rawValue: try row.decode(column: "type", as: String.self)) else { continue }
                changes.append(.init(type: type, id: try row.decode(column: "id", as: UUID.self), deleted: false))
            }
        }
        return changes
    }

    /// An entry is about to be deleted: it, its sessions, notes and quotes (which go with it) become
    /// tombstones, and the items of the reader's lists holding its work change.
    package func entryDeleting(_ entry: LibraryEntry) async throws {
        let entryID = try entry.requireID()
        let sql = db.sql
        func ids(_ query: SQLQueryString) async throws -> [UUID] {
            try await sql.raw(query).all().map { try $0.decode(column: "id", as: UUID.self) }
        }
        let sessions = try await ids("SELECT id FROM reading_sessions WHERE entry_id = \(bind: entryID)")
        let notes = try await ids("SELECT id FROM notes WHERE entry_id = \(bind: entryID)")
        let quotes = try await ids("SELECT id FROM quotes WHERE entry_id = \(bind: entryID)")
        let items = try await listItems(where: "i.work_id = \(bind: entry.$work.id)")
        try await record(
            [Change(type: .entry, id: entryID, deleted: true)]
                + sessions.map { Change(type: .session, id: $0, deleted: true) }
                + notes.map { Change(type: .note, id: $0, deleted: true) }
                + quotes.map { Change(type: .quote, id: $0, deleted: true) }
                + items.map { Change(type: .listItem, id: $0, deleted: false) })
    }

    /// The items of the reader's own lists (as `i`) that meet `condition`.
    private func listItems(where condition: SQLQueryString) async throws -> [UUID] {
        try await db.sql.raw(
            "SELECT i.id AS id FROM list_items i JOIN lists l ON l.id = i.list_id WHERE l.user_id = \(bind: userID) AND "
                + condition
        ).all().map { try $0.decode(column: "id", as: UUID.self) }
    }

    /// Records the changes, each with a version of its own (the last word on an object wins).
    package func record(_ changes: [Change]) async throws {
        var seen: [SyncObjectKey: Int] = [:]
        var unique: [Change] = []
        for change in changes {
            let key = SyncObjectKey(type: change.type, id: change.id)
            if let index = seen[key] {
                unique[index] = change
            } else {
                seen[key] = unique.count
                unique.append(change)
            }
        }
        guard !unique.isEmpty else { return }
        let sql = db.sql
        try await WriteCondition.check(seen.keys, userID: userID, on: sql)
        let count = Int64(unique.count)
        guard
            let top = try await sql.raw(
                """
                INSERT INTO sync_clocks (user_id, version, forgotten_through) VALUES (\(bind: userID), \(bind: count), 0)
                ON CONFLICT (user_id) DO UPDATE SET version = sync_clocks.version + \(bind: count)
                RETURNING version
                """
            ).first()?.decode(column: "version", as: Int64.self)
        else { throw DomainError(.storageFailed, code: .syncLogFailed, "the change could not be numbered") }
        var version = top - count
        let rows: [[BulkInsert.Value]] = unique.map { change in
            version += 1
            return [
                .uuid(userID), .text(change.type.rawValue), .uuid(change.id), .int(Int(version)),
                change.deleted ? .date(now) : .null,
            ]
        }
        // A thousand changes in a few statements (`BulkInsert`): an import logs every entry it writes.
        try await BulkInsert(sql: sql).insert(
            into: "sync_changes",
            [("user_id", .uuid), ("object_type", .text), ("object_id", .uuid), ("version", .int), ("deleted_at", .date)],
            rows: rows,
            onConflict:
                "(user_id, object_type, object_id) DO UPDATE SET version = excluded.version, deleted_at = excluded.deleted_at")
        if let object = WriteCondition.current?.object, let index = seen[object] {
            WriteCondition.logged(object, version: top - count + Int64(index) + 1, deleted: unique[index].deleted)
        }
    }

    package init(db: any Database, userID: UUID, now: Date) {
        self.db = db
        self.userID = userID
        self.now = now
    }
}

package struct SyncObjectKey: Hashable, Sendable {
    package let type: SyncObjectType
    package let id: UUID

    package init(type: SyncObjectType, id: UUID) {
        self.type = type
        self.id = id
    }
}
