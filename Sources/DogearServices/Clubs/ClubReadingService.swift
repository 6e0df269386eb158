import DogearCore
import DogearStore
import FluentKit
import Foundation
import SQLKit

/// The club's book: setting the current one (the last one becomes history), members' progress read
/// from their own library entries, and the schedule with where the club should be today.
package struct ClubReadingService {
    package let membership: ClubMembershipService
    package let today: LocalDate

    package var db: any Database { membership.db }
    package var user: User { membership.user }

    package static let noCurrentBook = DomainError(.unprocessable, code: .noCurrentBook, "the club has no current book yet")

    /// Makes `choice` the club's current book from `startDate` (today if not given). The previous
    /// book ends today and counts as completed. Naming the current book again changes nothing.
    package func setCurrentBook(of clubID: UUID, to choice: WorkChoice, startDate: String?, lookups: BookLookupService)
        async throws
    {
        let (club, _) = try await membership.open(clubID, for: .setCurrentBook)
        let started = try EntryDraft.date(startDate, field: "startDate") ?? today
        let workID = try await choice.resolve(for: user, on: db, lookups: lookups)
        let actorID = try user.requireID()
        try await membership.write { [today] _, changes in
            _ = try await Self.makeCurrent(workID, of: club, startedOn: started, today: today, by: actorID, with: changes)
        }
    }

    /// Ends the current book (if another) and starts `workID`, reporting it to the feed; false when
    /// it already is the current book. Runs inside the caller's transaction.
    package static func makeCurrent(
        _ workID: UUID, of club: Club, startedOn: LocalDate, today: LocalDate, by actorID: UUID, with changes: WriteChanges
    ) async throws -> Bool {
        let db = changes.db
        let clubID = try club.requireID()
        if let current = try await ClubService.currentBook(of: clubID, on: db) {
            if current.$work.id == workID { return false }
            current.finishedOn = max(today, LocalDate(current.startedOn) ?? today).description
            try await current.save(on: db)
            club.booksCompleted += 1
            try await club.save(on: db)
        }
        try await ClubBook(clubID: clubID, workID: workID, startedOn: startedOn.description).create(on: db)
        changes.clubActivity(ClubActivity(clubID: clubID, actorID: actorID, kind: .clubStartedBook, workID: workID))
        let title = try await Work.find(workID, on: db)?.title
        let readers = NotificationRules.clubRecipients(
            actor: actorID, members: try await NotificationLog.members(of: clubID, on: db).map(\.id))
        try await NotificationLog.add(
            readers.map {
                NewNotification(userID: $0, kind: .clubBook, clubID: clubID, actorID: actorID, subjectID: workID, title: title)
            }, at: changes.now, on: db)
        return true
    }

    /// Every member with their role and, when the club has a current book, their progress on it:
    /// owner first, then admins, then members, each in the order they joined.
    package func members(of clubID: UUID) async throws -> [ClubMemberRecord] {
        _ = try await membership.open(clubID, for: .readInside)
        let current = try await ClubService.currentBook(of: clubID, on: db)
        let workID = current?.$work.id ?? UUID.timeOrdered()
        let clubPages = try await current.asyncMap { try await CatalogLoader(db: db).bookFacts([$0.$work.id]) }?.values.first?
            .pageCount
        let expected = try await current.asyncMap { try await expectedFraction(of: $0, pageCount: clubPages) } ?? nil
        let viewerID = try user.requireID()
        let joinedAt = db.sql.databaseDialect.seconds("m.created_at")
        let rows = try await LeanRows(db: db).all(
            """
            SELECT m.user_id AS user_id, u.display_name AS display_name, m.role AS role, \(unsafeRaw: joinedAt) AS joined_at,
                   m.hides_progress AS hides_progress, e.status AS status, e.current_page AS current_page,
                   e.current_minutes AS current_minutes, e.progress AS progress, e.is_public AS is_public,
                   ed.page_count AS page_count
            FROM club_members m JOIN users u ON u.id = m.user_id
            LEFT JOIN library_entries e ON e.user_id = m.user_id AND e.work_id = \(bind: workID)
            LEFT JOIN editions ed ON ed.id = e.edition_id
            WHERE m.club_id = \(bind: clubID)
            ORDER BY CASE m.role WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 ELSE 2 END, m.created_at, m.id
            """
        )
        return try rows.map { row in
            let userID = try row.requireUUID("user_id")
            let hides = try row.bool("hides_progress") ?? false
            var progress: ClubMemberRecord.Progress?
            if current != nil {
                // A private entry and a hidden progress look the same to the others; the member sees their own.
                let isPublic = try row.bool("is_public") ?? true
                let hidden = userID != viewerID && (hides || !isPublic)
                let status = try row.string("status").flatMap(ReadingStatus.init(rawValue:))
                let value = ClubProgress.of(
                    status: status, currentPage: try row.int("current_page"), progress: try row.double("progress") ?? 0,
                    listening: try row.int("current_minutes") != nil, pageCount: try row.int("page_count") ?? clubPages,
                    hidden: hidden)
                progress = Self.dto(value, expected: expected)
            }
            return ClubMemberRecord(
                user: PersonRef(id: userID, displayName: try row.requireString("display_name")),
                role: try row.requireString("role"),
                joinedAt: try row.date("joined_at") ?? Date(timeIntervalSince1970: 0), hidesProgress: hides, progress: progress)
        }
    }

    package static func dto(_ progress: ClubProgress, expected: Double?) -> ClubMemberRecord.Progress {
        let standing = both(progress.fraction, expected).map { ClubSchedule.standing(of: $0, against: $1).rawValue }
        switch progress {
        case .notStarted: return .init(state: "notStarted", standing: standing)
        case .finished: return .init(state: "finished", percent: 100, standing: standing)
        case .abandoned: return .init(state: "abandoned")
        case .hidden: return .init(state: "hidden")
        case .reading(let page, let pageCount, let percent):
            return .init(state: "reading", page: page, pageCount: pageCount, percent: percent, standing: standing)
        }
    }

    // MARK: schedule

    package func schedule(of clubID: UUID) async throws -> ClubScheduleRecord {
        _ = try await membership.open(clubID, for: .readInside)
        guard let current = try await ClubService.currentBook(of: clubID, on: db) else {
            return ClubScheduleRecord(startedOn: nil, milestones: [], expectedPercent: nil, expectedPage: nil)
        }
        return try await scheduleDTO(current)
    }

    /// Replaces the current book's milestones.
    package func setSchedule(of clubID: UUID, _ drafts: [MilestoneDraft]) async throws -> ClubScheduleRecord {
        _ = try await membership.open(clubID, for: .setSchedule)
        let milestones = try ClubSchedule.validated(drafts)
        guard let current = try await ClubService.currentBook(of: clubID, on: db) else { throw Self.noCurrentBook }
        let bookID = try current.requireID()
        // Rows are kept by position, changed in place: a milestone keeps its id (a meeting about it,
        // its calendar event) while the schedule is edited, and counts its changes for calendars.
        try await db.writeTransaction { db in
            let rows = try await ClubMilestone.query(on: db).filter(\.$clubBook.$id == bookID).sort(\.$position).all()
            for row in rows.dropFirst(milestones.count) { try await row.delete(on: db) }
            for (index, milestone) in milestones.enumerated() {
                let row = index < rows.count ? rows[index] : ClubMilestone(clubBookID: bookID, position: index, dueOn: "")
                let page: Int?
                let percent: Double?
                switch milestone.place {
                case .page(let value)?: (page, percent) = (value, nil)
                case .percent(let value)?: (page, percent) = (nil, value)
                case nil: (page, percent) = (nil, nil)
                }
                let due = milestone.dueOn.description
                if row.id != nil, row.label == milestone.label, row.page == page, row.percent == percent, row.dueOn == due {
                    continue
                }
                if row.id != nil { row.sequence += 1 }
                (row.position, row.label, row.page, row.percent, row.dueOn) = (index, milestone.label, page, percent, due)
                try await row.save(on: db)
            }
        }
        return try await scheduleDTO(current)
    }

    private func scheduleDTO(_ book: ClubBook) async throws -> ClubScheduleRecord {
        let milestones = try await milestones(of: book)
        let pageCount = try await CatalogLoader(db: db).bookFacts([book.$work.id]).values.first?.pageCount
        let expected = expectedFraction(book, milestones, pageCount: pageCount)
        return ClubScheduleRecord(
            startedOn: book.startedOn,
            milestones: try milestones.map {
                ClubScheduleRecord.Milestone(
                    id: try $0.requireID(), label: $0.label, page: $0.page, percent: $0.percent, dueOn: $0.dueOn)
            },
            expectedPercent: expected.map { Int(($0 * 100).rounded()) },
            expectedPage: both(expected, pageCount).map { Int(($0 * Double($1)).rounded()) })
    }

    private func milestones(of book: ClubBook) async throws -> [ClubMilestone] {
        try await ClubMilestone.query(on: db).filter(\.$clubBook.$id == book.requireID()).sort(\.$position).all()
    }

    private func expectedFraction(of book: ClubBook, pageCount: Int?) async throws -> Double? {
        expectedFraction(book, try await milestones(of: book), pageCount: pageCount)
    }

    private func expectedFraction(_ book: ClubBook, _ milestones: [ClubMilestone], pageCount: Int?) -> Double? {
        guard let started = LocalDate(book.startedOn) else { return nil }
        let valid = milestones.compactMap { row in
            LocalDate(row.dueOn).map { due in
                ValidMilestone(
                    label: row.label, place: row.page.map { .page($0) } ?? row.percent.map { .percent($0) }, dueOn: due)
            }
        }
        return ClubSchedule.expected(on: today, startedOn: started, milestones: valid, pageCount: pageCount)
    }

    package init(membership: ClubMembershipService, today: LocalDate) {
        self.membership = membership
        self.today = today
    }
}

/// Both values, or nil when either is missing.
package func both<A, B>(_ first: A?, _ second: B?) -> (A, B)? {
    guard let first, let second else { return nil }
    return (first, second)
}
