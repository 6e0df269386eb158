import DogearCore
import DogearStore
import FluentKit
import Foundation
import SQLKit

/// What the clock tells: a reminder a day before a meeting to each member who said yes or maybe,
/// and a warning to each member behind a milestone two days before it is due. Run every few
/// minutes by the server (`BackgroundLoop.notifications`); each notification has a key of its own
/// (`once_key`), so a run that finds it again, or two processes running at once, write it once. A
/// meeting moved to another time is reminded of again; a milestone changed warns again.
package struct NotificationSweep {
    package let db: any Database
    package let now: Date

    /// How many notifications it wrote.
    @discardableResult
    package func run() async throws -> Int {
        let due = try await reminders() + (try await warnings())
        // What an earlier run wrote is passed over here, without taking the writer's turn.
        let done = try await NotificationLog.written(due.compactMap { row in row.onceKey.map { (row.userID, $0) } }, on: db)
        let rows = due.filter { row in row.onceKey.map { !done.contains("\(row.userID)|\($0)") } ?? true }
        guard !rows.isEmpty else { return 0 }
        let now = now
        return try await db.writeTransaction { db in try await NotificationLog.add(rows, at: now, on: db) }
    }

    private func reminders() async throws -> [NewNotification] {
        let until = now.addingTimeInterval(NotificationRules.reminderLead)
        let rows = try await db.sql.raw(
            """
            SELECT m.id, m.club_id, m.title, m.starts_at, r.user_id, r.answer FROM club_meetings m
            JOIN meeting_rsvps r ON r.meeting_id = m.id
            JOIN club_members cm ON cm.club_id = m.club_id AND cm.user_id = r.user_id
            WHERE m.cancelled_at IS NULL AND m.starts_at > \(bind: now) AND m.starts_at <= \(bind: until)
            """
        ).all()
        return try rows.compactMap { row in
            let startsAt = try row.decode(column: "starts_at", as: Date.self)
            let answer = MeetingAnswer(rawValue: try row.decode(column: "answer", as: String.self))
            guard NotificationRules.remind(answer: answer, startsAt: startsAt, now: now) else { return nil }
            let id = try row.decode(column: "id", as: UUID.self)
            return NewNotification(
                userID: try row.decode(column: "user_id", as: UUID.self), kind: .meetingReminder,
                clubID: try row.decode(column: "club_id", as: UUID.self), subjectID: id,
                title: try row.decode(column: "title", as: String.self),
                onceKey: "reminder:\(id.uuidString):\(Int(startsAt.timeIntervalSince1970))")
        }
    }

    /// Members behind a milestone of their club's current book due today or in the next two days
    /// (by the server's UTC day).
    private func warnings() async throws -> [NewNotification] {
        let today = LocalDate(now, in: TimeZone(identifier: "UTC")!)
        let last = today.adding(days: NotificationRules.behindLeadDays)
        let rows = try await db.sql.raw(
            """
            SELECT ms.id, ms.label, ms.page, ms.percent, ms.due_on, ms.sequence, b.club_id, b.work_id, w.title,
              cm.user_id, e.status, e.current_page, e.progress
            FROM club_milestones ms JOIN club_books b ON b.id = ms.club_book_id AND b.finished_on IS NULL
            JOIN works w ON w.id = b.work_id JOIN club_members cm ON cm.club_id = b.club_id
            LEFT JOIN library_entries e ON e.user_id = cm.user_id AND e.work_id = b.work_id
            WHERE ms.due_on >= \(bind: today.description) AND ms.due_on <= \(bind: last.description)
            """
        ).all()
        var pageCounts: [UUID: Int?] = [:]
        var told: [NewNotification] = []
        for row in rows {
            let workID = try row.decode(column: "work_id", as: UUID.self)
            if pageCounts[workID] == nil { pageCounts[workID] = try await ClubFeedService.lastPage(of: workID, on: db) }
            let pageCount = pageCounts[workID] ?? nil
            let place: SpoilerGate.Place? =
                try row.decode(column: "page", as: Int?.self).map { .page($0) }
                ?? row.decode(column: "percent", as: Double?.self).map { .percent($0) }
            guard let place, let needed = ClubSchedule.fraction(place, pageCount),
                let due = LocalDate(try row.decode(column: "due_on", as: String.self))
            else { continue }
            let status = try row.decode(column: "status", as: String?.self).flatMap(ReadingStatus.init(rawValue:))
            let reached = try row.decode(column: "progress", as: Double?.self).map {
                ClubProgress.fraction(
                    progress: $0, currentPage: try row.decode(column: "current_page", as: Int?.self), pageCount: pageCount)
            }
            guard
                NotificationRules.warnBehind(reached: reached, needed: needed, due: due, today: today, finished: status == .read)
            else { continue }
            let id = try row.decode(column: "id", as: UUID.self)
            let label = try row.decode(column: "label", as: String?.self)
            told.append(
                NewNotification(
                    userID: try row.decode(column: "user_id", as: UUID.self), kind: .behindSchedule,
                    clubID: try row.decode(column: "club_id", as: UUID.self), subjectID: id, workID: workID,
                    title:
                        "\(label.map { "\($0), " } ?? "")\(ClubFeedService.describe(place)) of \(try row.decode(column: "title", as: String.self)) by \(due.description)",
                    onceKey: "behind:\(id.uuidString):\(try row.decode(column: "sequence", as: Int.self))"))
        }
        return told
    }

    package init(db: any Database, now: Date) {
        self.db = db
        self.now = now
    }
}
