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

extension ReaderClubs {
    /// The clubs' current books: each work as the API shows it and its cover (the earliest edition
    /// that has one), in one statement (`LeanWork`) where the catalog loader takes four.
    package static func books(_ workIDs: [UUID], on db: any Database) async throws -> [UUID: (WorkRecord, String?)] {
        let ids = Array(Set(workIDs))
        guard !ids.isEmpty else { return [:] }
        let cover = """
            (SELECT c.cover_url FROM editions c WHERE c.work_id = w.id AND c.cover_url IS NOT NULL
             ORDER BY c.created_at, c.id LIMIT 1) AS cover_url
            """
        let columns = (["w.id AS work_id", cover] + LeanWork.columns(db.sql.databaseDialect)).joined(separator: ", ")
        var books: [UUID: (WorkRecord, String?)] = [:]
        for row in try await LeanRows(db: db).all("SELECT \(unsafeRaw: columns) FROM works w WHERE w.id IN (\(binds: ids))") {
            let work = try LeanWork.work(row)
            books[work.id] = (work, try row.string("cover_url"))
        }
        return books
    }
}
