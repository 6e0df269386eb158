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

extension EntryForWrite {
    /// A reader's entry as a page read changes it: its facts and its book's length, read into
    /// plain values. A page read touches only the reading state, and building the Fluent model
    /// (thirty property wrappers, made, read into, compared and released) cost a progress write
    /// more than its statements did (`perf` under `bench http`).
    package struct State: Sendable {
        package var entry: EntryFacts
        package var length: BookLength
    }

    /// Nil when there is no such entry of this reader's.
    package static func state(_ id: UUID, of userID: UUID, on db: any Database) async throws -> State? {
        guard
            let row = try await db.sql.raw(
                """
                SELECT e.work_id, e.edition_id, e.status, e.date_started, e.date_finished, e.current_page,
                  e.current_minutes, e.progress, e.read_count, e.rating, e.precise_rating, e.is_public,
                  w.estimated_minutes AS book_minutes, ed.page_count AS book_pages
                FROM library_entries e JOIN works w ON w.id = e.work_id
                LEFT JOIN editions ed ON ed.id = e.edition_id
                WHERE e.id = \(bind: id) AND e.user_id = \(bind: userID)
                """
            ).first()
        else { return nil }
        let state = ReadingState(
            status: try row.decode(column: "status", as: ReadingStatus.self),
            dateStarted: try row.decode(column: "date_started", as: String?.self).flatMap(LocalDate.init),
            dateFinished: try row.decode(column: "date_finished", as: String?.self).flatMap(LocalDate.init),
            currentPage: try row.decode(column: "current_page", as: Int?.self),
            currentMinutes: try row.decode(column: "current_minutes", as: Int?.self),
            progress: try row.decode(column: "progress", as: Double.self),
            readCount: try row.decode(column: "read_count", as: Int.self))
        let entry = EntryFacts(
            id: id, userID: userID, workID: try row.decode(column: "work_id", as: UUID.self),
            editionID: try row.decode(column: "edition_id", as: UUID?.self), state: state,
            rating: try row.decode(column: "rating", as: Int?.self),
            preciseRating: try row.decode(column: "precise_rating", as: Double?.self),
            isPublic: try row.decode(column: "is_public", as: Bool.self))
        let length = BookLength(
            pageCount: try row.decode(column: "book_pages", as: Int?.self),
            minutes: try row.decode(column: "book_minutes", as: Int?.self))
        return State(entry: entry, length: length)
    }

    /// Writes a reading state change to the entry in one `UPDATE` by id: the state's columns that
    /// differ from `before` (an `UPDATE` naming `status` or a date makes SQLite compile the
    /// statistics triggers into it, so an unchanged one is left out, as `LibraryEntry.readingState`
    /// does), `last_read_at` when given, and the clock's update stamp, as the model's save would.
    package static func save(
        _ id: UUID, from before: ReadingState, to after: ReadingState, lastReadAt: Date?, on db: any Database
    ) async throws {
        var columns: [(String, any Encodable & Sendable)] = []
        func set<Value: Equatable & Encodable & Sendable>(_ column: String, _ old: Value, _ new: Value) {
            if old != new { columns.append((column, new)) }
        }
        set("current_minutes", before.currentMinutes, after.currentMinutes)
        set("current_page", before.currentPage, after.currentPage)
        set("date_finished", before.dateFinished?.description, after.dateFinished?.description)
        set("date_started", before.dateStarted?.description, after.dateStarted?.description)
        if let lastReadAt { columns.append(("last_read_at", lastReadAt)) }
        set("progress", before.progress, after.progress)
        set("read_count", before.readCount, after.readCount)
        set("status", before.status.rawValue, after.status.rawValue)
        guard !columns.isEmpty else { return }
        if let clock = ClockTimestamps.stamping(LibraryEntry.self, on: db) { columns.append(("updated_at", clock.nextStamp())) }
        var statement = SQLQueryString("UPDATE library_entries SET ")
        for (index, (column, value)) in columns.enumerated() {
            statement.appendLiteral(index == 0 ? "" : ", ")
            statement.appendInterpolation(unsafeRaw: column)
            statement.appendLiteral(" = ")
            statement.appendInterpolation(bind: value)
        }
        statement.appendLiteral(" WHERE id = ")
        statement.appendInterpolation(bind: id)
        try await db.sql.raw(statement).run()
    }
}
