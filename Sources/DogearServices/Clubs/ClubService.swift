import DogearCore
import DogearStore
import FluentKit
import Foundation
import SQLKit

/// Reading and running a club: the reader's clubs, one club's summary, settings, deleting it, its
/// past books and its members with their progress. Every call asks Core's `ClubAccess` through
/// `ClubMembershipService.open` first.
package struct ClubService {
    package let membership: ClubMembershipService
    package let today: LocalDate

    package var db: any Database { membership.db }
    package var user: User { membership.user }

    /// The reader's clubs in the order they joined them (one statement for the clubs, their owners
    /// and current books; then the books' works and covers).
    package func clubs(limit: Int? = nil) async throws -> [ClubRecord] {
        let rows = try await ReaderClubs.load(of: try user.requireID(), limit: limit, on: db)
        return try await records(
            rows.map {
                Summary(
                    club: $0.club, actor: ClubMembershipService.actor($0.role), ownerName: $0.ownerName, book: $0.book)
            })
    }

    package func club(_ id: UUID) async throws -> ClubRecord {
        let (club, actor) = try await membership.open(id, for: .readSummary)
        return try await dtos([(club, actor)])[0]
    }

    package func create(_ draft: ClubDraft) async throws -> ClubRecord {
        let club = try await membership.create(draft)
        return try await dtos([(club, .owner)])[0]
    }

    package func update(_ id: UUID, _ draft: ClubDraft) async throws -> ClubRecord {
        let (club, actor) = try await membership.open(id, for: .editSettings)
        let fields = try draft.validatedChange(
            of: ValidClub(
                name: club.name, description: club.summary, coverUrl: club.coverURL, isPublic: club.isPublic,
                approvesJoins: club.approvesJoins))
        club.name = fields.name
        club.summary = fields.description
        club.coverURL = fields.coverUrl
        club.isPublic = fields.isPublic
        club.approvesJoins = fields.approvesJoins
        try await club.save(on: db)
        return try await dtos([(club, actor)])[0]
    }

    /// Deletes the club with everything in it (members, books, talk, feed); its code opens nothing.
    package func delete(_ id: UUID) async throws {
        let (club, _) = try await membership.open(id, for: .deleteClub)
        try await membership.write { db, changes in
            try await ShareCodeRegistry(db: db).release(club.joinCode)
            try await club.delete(on: db)
            // Open streams of the club wake, find it gone, and end.
            changes.clubChanged(id)
        }
    }

    /// Every book the club has read or is reading, newest first.
    package func books(_ id: UUID) async throws -> [ClubBookRecord] {
        _ = try await membership.open(id, for: .readInside)
        let books = try await ClubBook.query(on: db).filter(\.$club.$id == id).sort(\.$startedOn, .descending)
            .sort(\.$createdAt, .descending).all()
        let works = try await CatalogLoader(db: db).works(books.map(\.$work.id))
        return books.compactMap { book in
            works[book.$work.id].map { ClubBookRecord(work: $0, startedOn: book.startedOn, finishedOn: book.finishedOn) }
        }
    }

    /// Whether the reader keeps their progress on the club's book from the other members.
    package func hideProgress(in id: UUID, _ hides: Bool) async throws {
        _ = try await membership.open(id, for: .readInside)
        guard let member = try await ClubMembershipService.membership(try user.requireID(), in: id, on: db) else {
            throw ClubMembershipService.clubNotFound
        }
        member.hidesProgress = hides
        try await member.save(on: db)
    }

    /// The reader's clubs whose current book is this work (where a discussion note can be shared).
    package func clubsReading(_ workID: UUID) async throws -> [(id: UUID, name: String)] {
        let rows = try await db.sql.raw(
            """
            SELECT c.id AS id, c.name AS name FROM clubs c
            JOIN club_members m ON m.club_id = c.id AND m.user_id = \(bind: try user.requireID())
            JOIN club_books b ON b.club_id = c.id AND b.finished_on IS NULL AND b.work_id = \(bind: workID)
            ORDER BY c.name
            """
        ).all()
        return try rows.map { (try $0.decode(column: "id", as: UUID.self), try $0.decode(column: "name", as: String.self)) }
    }

    /// The club's current book, if it has one.
    package static func currentBook(of clubID: UUID, on db: any Database) async throws -> ClubBook? {
        try await ClubBook.query(on: db).filter(\.$club.$id == clubID).filter(\.$finishedOn == nil)
            .sort(\.$createdAt, .descending).first()
    }

    // MARK: DTOs

    /// Clubs as DTOs in a fixed number of queries (owners, current books, their works and covers).
    package func dtos(_ clubs: [(Club, ClubAccess.Actor)]) async throws -> [ClubRecord] {
        guard !clubs.isEmpty else { return [] }
        let clubIDs = try clubs.map { try $0.0.requireID() }
        let owners = try await User.query(on: db).filter(\.$id ~~ clubs.map { $0.0.$owner.id }).all()
        let ownerNames = Dictionary(uniqueKeysWithValues: try owners.map { (try $0.requireID(), $0.displayName) })
        let current = try await ClubBook.query(on: db).filter(\.$club.$id ~~ clubIDs).filter(\.$finishedOn == nil).all()
        let currentByClub = Dictionary(current.map { ($0.$club.id, $0) }, uniquingKeysWith: { first, _ in first })
        return try await records(
            try clubs.map { club, actor in
                let book = currentByClub[try club.requireID()]
                return Summary(
                    club: club, actor: actor, ownerName: ownerNames[club.$owner.id] ?? "",
                    book: book.map { ($0.$work.id, $0.startedOn) })
            })
    }

    /// A club with what its record shows besides itself: who is asking, its owner's name, its
    /// current book.
    private struct Summary {
        let club: Club
        let actor: ClubAccess.Actor
        let ownerName: String
        let book: (workID: UUID, startedOn: String)?
    }

    /// The records of clubs whose owners and current books are known: one more read for the
    /// books' works and covers, whatever the number of clubs.
    private func records(_ summaries: [Summary]) async throws -> [ClubRecord] {
        guard !summaries.isEmpty else { return [] }
        let books = try await ReaderClubs.books(summaries.compactMap { $0.book?.workID }, on: db)
        return try summaries.map { summary in
            let club = summary.club
            let id = try club.requireID()
            let book = summary.book.flatMap { book in
                books[book.workID].map {
                    ClubRecord.CurrentBook(work: $0.0, startedOn: book.startedOn, coverUrl: $0.1)
                }
            }
            let actor = summary.actor
            return ClubRecord(
                id: id, name: club.name, description: club.summary, coverUrl: club.coverURL, isPublic: club.isPublic,
                approvesJoins: club.approvesJoins,
                memberCount: club.memberCount, booksCompleted: club.booksCompleted,
                owner: PersonRef(id: club.$owner.id, displayName: summary.ownerName),
                currentBook: book, joinCode: actor.isMember ? club.joinCode : nil,
                role: actor.isMember ? actor.rawValue : nil, createdAt: club.createdAt)
        }
    }

    package init(membership: ClubMembershipService, today: LocalDate) {
        self.membership = membership
        self.today = today
    }
}
