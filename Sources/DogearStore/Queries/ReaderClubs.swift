import FluentKit
import FluentSQL
import Foundation
import SQLKit

/// A reader's clubs in the order they joined them, each with the reader's role, its owner's name
/// and its current book, in one statement: Home and the clubs page read them on every visit, and
/// four ORM queries (memberships, clubs, owners, books) were most of Home's statements.
package enum ReaderClubs {
    package struct Row: Sendable {
        package let club: Club
        package let role: ClubMember.Role
        package let ownerName: String
        /// The current book (the newest not finished), if the club has one.
        package let book: (workID: UUID, startedOn: String)?
    }

    package static func load(of userID: UUID, limit: Int?, on db: any Database) async throws -> [Row] {
        // The limit is a number from code, never typed by a reader.
        let limited = limit.map { " LIMIT \(max(0, $0))" } ?? ""
        let rows = try await db.sql.raw(
            """
            SELECT c.*, m.role AS member_role, u.display_name AS owner_name,
              b.work_id AS book_work_id, b.started_on AS book_started_on
            FROM club_members m JOIN clubs c ON c.id = m.club_id JOIN users u ON u.id = c.owner_id
            LEFT JOIN club_books b ON b.id = (
              SELECT cb.id FROM club_books cb WHERE cb.club_id = c.id AND cb.finished_on IS NULL
              ORDER BY cb.created_at DESC LIMIT 1)
            WHERE m.user_id = \(bind: userID)
            ORDER BY m.created_at, m.id\(unsafeRaw: limited)
            """
        ).all()
        return try rows.map { row in
            let workID = try row.decode(column: "book_work_id", as: UUID?.self)
            let startedOn = try row.decode(column: "book_started_on", as: String?.self)
            return Row(
                club: try row.decode(fluentModel: Club.self),
                role: try row.decode(column: "member_role", as: ClubMember.Role.self),
                ownerName: try row.decode(column: "owner_name", as: String.self),
                book: workID.flatMap { id in startedOn.map { (id, $0) } })
        }
    }
}
