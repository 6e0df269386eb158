import DogearCore
import DogearStore
import Foundation
import SQLKit

/// What the book page shows of an entry's sessions, notes and quotes, read in one statement (three
/// JSON arrays) for an entry the page has already read as the reader's: the routes for each kind
/// check the entry themselves, a Fluent query each, which the page paid three times over.
extension EntryContentService {
    package struct PageContents: Equatable {
        package struct Note: Equatable {
            package let id: UUID
            package let content: String
            package let createdAt: Date?
            package let isDiscussion: Bool
        }
        package struct Session: Equatable {
            package let date: String
            package let minutes: Int
            package let pagesRead: Int?
        }
        /// Newest first, as the routes list them.
        package var notes: [Note]
        package var sessions: [Session]
        package var quotes: [PageQuote]
    }

    /// A quote as the book page shows it: a highlight's place and note with it.
    package struct PageQuote: Sendable, Equatable {
        package let text: String
        package let page: Int?
        package let location: String?
        package let note: String?
    }

    /// `entry` is the reader's (`LibraryQueryService.entry` found it so).
    package func pageContents(of entry: EntryRecord) async throws -> PageContents {
        let sql = db.sql.databaseDialect
        let notes = sql.arrayOf(
            ["n.id", "n.content", sql.seconds("n.created_at"), "n.is_discussion"], from: "notes n WHERE n.entry_id = e.id",
            orderBy: "n.created_at DESC")
        let sessions = sql.arrayOf(
            ["s.date", "s.minutes", "s.pages_read"], from: "reading_sessions s WHERE s.entry_id = e.id",
            orderBy: "s.date DESC, s.created_at DESC")
        let quotes = sql.arrayOf(
            ["q.text", "q.page", "q.location", "q.note"], from: "quotes q WHERE q.entry_id = e.id",
            orderBy: "q.created_at DESC")
        let rows = try await LeanRows(db: db).all(
            """
            SELECT \(unsafeRaw: notes) AS notes, \(unsafeRaw: sessions) AS sessions, \(unsafeRaw: quotes) AS quotes
            FROM library_entries e WHERE e.id = \(bind: entry.id)
            """
        )
        guard let row = rows.first else { throw DomainError.entryNotFound }
        return PageContents(
            notes: try row.jsonArray("notes").compactMap { item in
                guard let parts = item as? [Any], parts.count == 4,
                    let id = (parts[0] as? String).flatMap(UUID.init(uuidString:)), let content = parts[1] as? String
                else { return nil }
                return .init(
                    id: id, content: content,
                    createdAt: (parts[2] as? NSNumber).map { Date(timeIntervalSince1970: $0.doubleValue) },
                    isDiscussion: (parts[3] as? NSNumber)?.boolValue ?? false)
            },
            sessions: try row.jsonArray("sessions").compactMap { item in
                guard let parts = item as? [Any], parts.count == 3, let date = parts[0] as? String,
                    let minutes = (parts[1] as? NSNumber)?.intValue
                else { return nil }
                return .init(date: date, minutes: minutes, pagesRead: (parts[2] as? NSNumber)?.intValue)
            },
            quotes: try row.jsonArray("quotes").compactMap { item in
                guard let parts = item as? [Any], parts.count == 4, let text = parts[0] as? String else { return nil }
                return .init(
                    text: text, page: (parts[1] as? NSNumber)?.intValue, location: parts[2] as? String, note: parts[3] as? String)
            })
    }
}
