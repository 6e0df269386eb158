import DogearCore
import DogearStore
import FluentKit
import Foundation
import SQLKit

/// A reader's feeds out: the secret that is both feeds' address (made, made again to retire the
/// old one, revoked), and what the feeds hold, read by that secret. Only public entries go out,
/// and of the notes only those shared with the reader's clubs (Core's `FeedAccess`).
package struct ReaderFeedService {
    package let db: any Database
    package let userID: UUID
    package let now: Date

    /// The current secret, or nil when the reader has no feeds.
    package func secret() async throws -> String? {
        try await SecretAddress(table: .readerFeeds).secret(of: userID, on: db)
    }

    /// A new secret; the old addresses stop working.
    package func make() async throws -> String {
        try await SecretAddress(table: .readerFeeds).make(for: userID, at: now, on: db)
    }

    package func revoke() async throws {
        try await SecretAddress(table: .readerFeeds).revoke(for: userID, on: db)
    }

    package init(db: any Database, userID: UUID, now: Date) {
        self.db = db
        self.userID = userID
        self.now = now
    }
}

/// A feed secret's two addresses on a server.
package struct FeedAddressesRecord: Sendable, Equatable {
    package var finished: String
    package var wantToRead: String

    package init?(secret: String?, baseURL: String) {
        guard let secret else { return nil }
        finished = "\(baseURL)/feeds/\(secret)/finished.atom"
        wantToRead = "\(baseURL)/feeds/\(secret)/want-to-read.rss"
    }
}

/// What a feed holds, read by its secret.
package struct FeedContents {
    package let db: any Database

    package struct Owner: Sendable {
        package var userID: UUID
        package var displayName: String
    }

    package struct Finished: Sendable {
        package var entryID: UUID
        package var title: String
        package var authors: [String]
        package var finishedOn: String
        package var rating: Int?
    }

    package struct Review: Sendable {
        package var noteID: UUID
        package var entryID: UUID
        package var title: String
        package var authors: [String]
        package var text: String
        package var updatedAt: Date
    }

    package struct Wanted: Sendable {
        package var entryID: UUID
        package var title: String
        package var authors: [String]
        package var isbn: String?
        package var added: Date
    }

    /// The reader behind a secret; nil for one that is not (or no longer) anyone's.
    package func owner(_ secret: String) async throws -> Owner? {
        try await SecretAddress(table: .readerFeeds).owner(of: secret, on: db)
    }

    package func finished(of userID: UUID) async throws -> [Finished] {
        let rows = try await db.sql.raw(
            """
            SELECT e.id, e.work_id, w.title, e.date_finished, e.rating FROM library_entries e JOIN works w ON w.id = e.work_id
            WHERE e.user_id = \(bind: userID) AND e.is_public = \(bind: true) AND e.status = 'read' AND e.date_finished IS NOT NULL
            ORDER BY e.date_finished DESC, e.id DESC LIMIT \(bind: FeedAccess.itemsPerFeed)
            """
        ).all()
        let authors = try await Self.authors(of: rows.map { try $0.decode(column: "work_id", as: UUID.self) }, on: db)
        return try rows.map { row in
            Finished(
                entryID: try row.decode(column: "id", as: UUID.self), title: try row.decode(column: "title", as: String.self),
                authors: authors[try row.decode(column: "work_id", as: UUID.self)] ?? [],
                finishedOn: try row.decode(column: "date_finished", as: String.self),
                rating: try row.decode(column: "rating", as: Int?.self))
        }
    }

    package func reviews(of userID: UUID) async throws -> [Review] {
        let rows = try await db.sql.raw(
            """
            SELECT n.id, n.entry_id, n.content, n.updated_at, n.created_at, e.work_id, w.title FROM notes n
            JOIN library_entries e ON e.id = n.entry_id JOIN works w ON w.id = e.work_id
            WHERE n.user_id = \(bind: userID) AND n.is_discussion = \(bind: true) AND e.is_public = \(bind: true)
            ORDER BY n.created_at DESC, n.id DESC LIMIT \(bind: FeedAccess.itemsPerFeed)
            """
        ).all()
        let authors = try await Self.authors(of: rows.map { try $0.decode(column: "work_id", as: UUID.self) }, on: db)
        return try rows.map { row in
            Review(
                noteID: try row.decode(column: "id", as: UUID.self), entryID: try row.decode(column: "entry_id", as: UUID.self),
                title: try row.decode(column: "title", as: String.self),
                authors: authors[try row.decode(column: "work_id", as: UUID.self)] ?? [],
                text: try row.decode(column: "content", as: String.self),
                updatedAt: try row.decode(column: "updated_at", as: Date?.self) ?? row.decode(
                    column: "created_at", as: Date?.self)
                    ?? Date(timeIntervalSince1970: 0))
        }
    }

    package func wantToRead(of userID: UUID) async throws -> [Wanted] {
        let rows = try await db.sql.raw(
            """
            SELECT e.id, e.work_id, w.title, e.date_added, ed.isbn13, ed.isbn10 FROM library_entries e
            JOIN works w ON w.id = e.work_id LEFT JOIN editions ed ON ed.id = e.edition_id
            WHERE e.user_id = \(bind: userID) AND e.is_public = \(bind: true) AND e.status = 'wantToRead'
            ORDER BY e.date_added DESC, e.id DESC LIMIT \(bind: FeedAccess.itemsPerFeed * 2)
            """
        ).all()
        let authors = try await Self.authors(of: rows.map { try $0.decode(column: "work_id", as: UUID.self) }, on: db)
        return try rows.map { row in
            Wanted(
                entryID: try row.decode(column: "id", as: UUID.self), title: try row.decode(column: "title", as: String.self),
                authors: authors[try row.decode(column: "work_id", as: UUID.self)] ?? [],
                isbn: try row.decode(column: "isbn13", as: String?.self) ?? row.decode(column: "isbn10", as: String?.self),
                added: try row.decode(column: "date_added", as: Date.self))
        }
    }

    private static func authors(of workIDs: [UUID], on db: any Database) async throws -> [UUID: [String]] {
        guard !workIDs.isEmpty else { return [:] }
        let rows = try await db.sql.select().column(SQLColumn("work_id", table: "wa")).column(SQLColumn("name", table: "a"))
            .from(SQLAlias(SQLIdentifier("work_authors"), as: SQLIdentifier("wa")))
            .join(
                SQLAlias(SQLIdentifier("authors"), as: SQLIdentifier("a")), on: SQLColumn("id", table: "a"), .equal,
                SQLColumn("author_id", table: "wa")
            )
            .where(SQLColumn("work_id", table: "wa"), .in, SQLBind.group(Array(Set(workIDs))))
            .orderBy(SQLColumn("position", table: "wa")).all()
        var names: [UUID: [String]] = [:]
        for row in rows {
            names[try row.decode(column: "work_id", as: UUID.self), default: []].append(
                try row.decode(column: "name", as: String.self))
        }
        return names
    }

    package init(db: any Database) {
        self.db = db
    }
}
