import DogearCore
import DogearStore
import FluentKit
import Foundation
import SQLKit

/// A club's meetings: planned (with a date, or as a date poll), changed, cancelled, decided, voted
/// on and answered. Who may do what, and in which state, is Core's `MeetingRules`; a meeting of a
/// club the reader is not in is "not found", like one that does not exist.
package struct ClubMeetingService {
    package let membership: ClubMembershipService
    package let now: @Sendable () -> Date

    package var db: any Database { membership.db }
    package var user: User { membership.user }

    package static let meetingNotFound = DomainError.notFound(.meetingNotFound, "no such meeting")
    package static let changedMeanwhile = DomainError(
        .conflict, code: .conflict, "the meeting was changed, decided or cancelled meanwhile: read it again, then change it")
    /// Past meetings a club's list shows, the latest first.
    package static let pastShown = 20

    // MARK: reading

    /// Upcoming meetings (open polls and planned ones, a cancelled dated one too while its time is
    /// ahead, so members see it struck) soonest first, then the latest past ones. A cancelled poll
    /// had no date: it is gone from the list.
    package func meetings(in clubID: UUID) async throws -> [MeetingRecord] {
        let actor = try await actor(in: clubID, for: .read)
        let now = now()
        // A meeting lasts at most a day, so any meeting still ahead started less than a day ago.
        let recent = now.addingTimeInterval(-Limits.meetingMaxSeconds)
        let ahead = try await ClubMeeting.query(on: db).filter(\.$club.$id == clubID)
            .group(.or) { open in
                open.group(.and) { $0.filter(\.$startsAt == nil).filter(\.$cancelledAt == nil) }.filter(\.$startsAt > recent)
            }
            .sort(\.$createdAt).limit(Limits.upcomingMeetingsPerClub * 2).all()
        let records = try await self.records(ahead, actor: actor)
        let upcoming = records.filter { !Self.isPast($0, now: now) }
            .sorted { (Self.when($0), $0.id.uuidString) < (Self.when($1), $1.id.uuidString) }
        let before = try await ClubMeeting.query(on: db).filter(\.$club.$id == clubID).filter(\.$startsAt <= now)
            .sort(\.$startsAt, .descending).limit(Self.pastShown + upcoming.count).all()
        let upcomingIDs = Set(upcoming.map(\.id))
        let past = try await self.records(before.filter { !upcomingIDs.contains($0.id ?? UUID()) }, actor: actor)
            .filter { Self.isPast($0, now: now) }.prefix(Self.pastShown)
        return upcoming + past
    }

    package func meeting(_ id: UUID) async throws -> MeetingRecord {
        let (meeting, actor) = try await open(id, for: .read)
        return try await records([meeting], actor: actor)[0]
    }

    // MARK: planning

    package func create(in clubID: UUID, _ draft: MeetingDraft, milestoneID: UUID?) async throws -> MeetingRecord {
        let actor = try await actor(in: clubID, for: .create)
        let valid = try draft.validatedForCreate(defaultTimeZone: user.timeZone)
        try await requireMilestone(milestoneID, in: clubID)
        let now = now()
        let recent = now.addingTimeInterval(-Limits.meetingMaxSeconds)
        // Cancelled dated meetings still ahead count too: they stay on the list (struck) until their
        // time, so a loop of planning and cancelling cannot grow it without end.
        let planned = try await ClubMeeting.query(on: db).filter(\.$club.$id == clubID)
            .group(.or) { open in
                open.group(.and) { $0.filter(\.$startsAt == nil).filter(\.$cancelledAt == nil) }.filter(\.$startsAt > recent)
            }.count()
        guard planned < Limits.upcomingMeetingsPerClub else {
            throw DomainError(
                .unprocessable, code: .tooManyMeetings,
                "a club plans at most \(Limits.upcomingMeetingsPerClub) meetings ahead; cancel or hold some first")
        }
        let userID = try user.requireID()
        let tell = try await news(.meetingPlanned, in: clubID)
        let meeting = try await membership.write { db, changes in
            let meeting = ClubMeeting(clubID: clubID, createdBy: userID, title: valid.title, timeZone: valid.timeZone)
            meeting.id = UUID.timeOrdered()
            Self.apply(valid, to: meeting)
            meeting.$milestone.id = milestoneID
            try await meeting.create(on: db)
            for option in valid.options {
                let row = MeetingOption(meetingID: try meeting.requireID(), startsAt: option)
                row.id = UUID.timeOrdered()
                try await row.create(on: db)
            }
            try await tell(meeting, db)
            changes.clubChanged(clubID)
            return meeting
        }
        return try await records([meeting], actor: actor)[0]
    }

    /// `clear`: the optional fields set to null (`endsAt`, `place`, `link`, `milestoneId`).
    package func update(_ id: UUID, _ draft: MeetingDraft, milestoneID: UUID??, clear: Set<String>) async throws
        -> MeetingRecord
    {
        let (meeting, actor) = try await open(id, for: .change)
        let current = Self.valid(meeting)
        let changed = try draft.validatedChange(of: current, clear: clear)
        let clubID = meeting.$club.id
        if case .some(.some(let milestone)) = milestoneID { try await requireMilestone(milestone, in: clubID) }
        let newMilestone = milestoneID ?? meeting.$milestone.id
        guard changed != current || newMilestone != meeting.$milestone.id else {
            return try await records([meeting], actor: actor)[0]
        }
        let tell = try await news(.meetingChanged, in: clubID)
        let (read, now) = (meeting.sequence, now())
        let saved = try await membership.write { db, changes in
            // Written only over the meeting as it was read (its sequence): a change, a decision or
            // a cancellation made meanwhile is never overwritten; the later writer is told to look again.
            let updated = try await db.sql.raw(
                """
                UPDATE club_meetings SET title = \(bind: changed.title), starts_at = \(bind: changed.startsAt),
                  ends_at = \(bind: changed.endsAt), place = \(bind: changed.place), link = \(bind: changed.link),
                  time_zone = \(bind: changed.timeZone), milestone_id = \(bind: newMilestone), sequence = sequence + 1,
                  updated_at = \(bind: now)
                WHERE id = \(bind: id) AND sequence = \(bind: read) AND cancelled_at IS NULL RETURNING id
                """
            ).all()
            guard !updated.isEmpty, let saved = try await ClubMeeting.find(id, on: db) else { throw Self.changedMeanwhile }
            try await tell(saved, db)
            changes.clubChanged(clubID)
            return saved
        }
        return try await records([saved], actor: actor)[0]
    }

    /// Cancels a meeting: it stays, marked cancelled, so calendars show it so. Again: nothing more.
    package func cancel(_ id: UUID) async throws {
        let (meeting, _) = try await open(id, for: .cancel)
        guard meeting.cancelledAt == nil else { return }
        let now = now()
        let tell = try await news(.meetingCancelled, in: meeting.$club.id)
        try await membership.write { db, changes in
            // Cancelled once, counted once, whoever else cancels or changes it at the same moment.
            let updated = try await db.sql.raw(
                """
                UPDATE club_meetings SET cancelled_at = \(bind: now), sequence = sequence + 1, updated_at = \(bind: now)
                WHERE id = \(bind: id) AND cancelled_at IS NULL RETURNING id
                """
            ).all()
            guard !updated.isEmpty else { return }
            try await tell(meeting, db)
            changes.clubChanged(meeting.$club.id)
        }
    }

    /// Closes a date poll on one of its times.
    package func decide(_ id: UUID, optionID: UUID?) async throws -> MeetingRecord {
        let (meeting, actor) = try await open(id, for: .decide)
        guard let optionID else { throw ValidationError(field: "optionId", "choose one of the poll's times") }
        guard
            let option = try await MeetingOption.query(on: db).filter(\.$id == optionID).filter(\.$meeting.$id == id).first()
        else { throw ValidationError(field: "optionId", "that is not one of this poll's times") }
        let tell = try await news(.meetingChanged, in: meeting.$club.id)
        let now = now()
        let saved = try await membership.write { db, changes in
            // Only a poll still open is decided: two owners deciding at once, the second finds it done.
            let updated = try await db.sql.raw(
                """
                UPDATE club_meetings SET starts_at = \(bind: option.startsAt), sequence = sequence + 1, updated_at = \(bind: now)
                WHERE id = \(bind: id) AND starts_at IS NULL AND cancelled_at IS NULL RETURNING id
                """
            ).all()
            guard !updated.isEmpty else {
                throw DomainError(.unprocessable, code: .meetingClosed, MeetingRules.Refusal.decided.message)
            }
            changes.clubChanged(meeting.$club.id)
            try await tell(meeting, db)
            return try await ClubMeeting.find(id, on: db)
        }
        guard let saved else { throw Self.meetingNotFound }
        return try await records([saved], actor: actor)[0]
    }

    // MARK: answering

    /// The reader's choice of a poll's times (all of them at once; empty withdraws every vote).
    package func vote(_ id: UUID, optionIDs: [UUID]?) async throws -> MeetingRecord {
        let (meeting, actor) = try await open(id, for: .vote)
        guard let optionIDs else { throw ValidationError(field: "options", "give the ids of the times that suit you") }
        let known = Set(try await MeetingOption.query(on: db).filter(\.$meeting.$id == id).all().compactMap(\.id))
        for (index, option) in optionIDs.enumerated() where !known.contains(option) {
            throw ValidationError(field: "options[\(index)]", "that is not one of this poll's times")
        }
        let userID = try user.requireID()
        let chosen = Array(Set(optionIDs))
        try await membership.write { db, changes in
            let sql = db.sql
            try await sql.raw("DELETE FROM meeting_votes WHERE meeting_id = \(bind: id) AND user_id = \(bind: userID)").run()
            for option in chosen {
                try await sql.raw(
                    """
                    INSERT INTO meeting_votes (option_id, meeting_id, user_id) VALUES (\(bind: option), \(bind: id), \(bind: userID))
                    ON CONFLICT (option_id, user_id) DO NOTHING
                    """
                ).run()
            }
            changes.clubChanged(meeting.$club.id)
        }
        return try await records([meeting], actor: actor)[0]
    }

    /// The reader's RSVP: yes, no or maybe (answering again replaces it).
    package func answer(_ id: UUID, _ text: String?) async throws -> MeetingRecord {
        let (meeting, actor) = try await open(id, for: .answer)
        let answer = try MeetingAnswer.parse(text)
        let userID = try user.requireID()
        let now = now()
        try await membership.write { db, changes in
            try await db.sql.raw(
                """
                INSERT INTO meeting_rsvps (meeting_id, user_id, answer, answered_at)
                VALUES (\(bind: id), \(bind: userID), \(bind: answer.rawValue), \(bind: now))
                ON CONFLICT (meeting_id, user_id) DO UPDATE SET answer = excluded.answer, answered_at = excluded.answered_at
                """
            ).run()
            changes.clubChanged(meeting.$club.id)
        }
        return try await records([meeting], actor: actor)[0]
    }

    // MARK: helpers

    /// Tells every member but the reader of a meeting planned, changed or cancelled, written by the
    /// caller inside its write (the members are read before it).
    private func news(_ kind: NotificationKind, in clubID: UUID) async throws
        -> @Sendable (ClubMeeting, any Database) async throws -> Void
    {
        let actor = try user.requireID()
        let readers = NotificationRules.clubRecipients(
            actor: actor, members: try await NotificationLog.members(of: clubID, on: db).map(\.id))
        let now = now()
        return { meeting, db in
            let (id, title) = (meeting.id, meeting.title)
            try await NotificationLog.add(
                readers.map {
                    NewNotification(userID: $0, kind: kind, clubID: clubID, actorID: actor, subjectID: id, title: title)
                }, at: now, on: db)
        }
    }

    /// The meeting and the reader's role in its club, once `MeetingRules` allows `action` in the
    /// meeting's state; not found for anyone outside the club.
    private func open(_ id: UUID, for action: MeetingRules.Action) async throws -> (ClubMeeting, ClubAccess.Actor) {
        guard let meeting = try await ClubMeeting.find(id, on: db) else { throw Self.meetingNotFound }
        guard let member = try await ClubMembershipService.membership(try user.requireID(), in: meeting.$club.id, on: db)
        else { throw Self.meetingNotFound }
        let actor = ClubMembershipService.actor(member.role)
        try Self.require(MeetingRules.decide(action, by: actor, state: Self.state(meeting, now: now())))
        return (meeting, actor)
    }

    /// The reader's role in a club, once `MeetingRules` allows `action` there: a club's meetings
    /// are inside it, so a public club's visitor finds none (not found), like any outsider.
    private func actor(in clubID: UUID, for action: MeetingRules.Action) async throws -> ClubAccess.Actor {
        let actor = try await membership.actor(in: try await membership.find(clubID))
        try Self.require(MeetingRules.decide(action, by: actor, state: nil))
        return actor
    }

    private func requireMilestone(_ milestoneID: UUID?, in clubID: UUID) async throws {
        guard let milestoneID else { return }
        let found = try await db.sql.raw(
            """
            SELECT m.id FROM club_milestones m JOIN club_books b ON b.id = m.club_book_id
            WHERE m.id = \(bind: milestoneID) AND b.club_id = \(bind: clubID)
            """
        ).first()
        guard found != nil else {
            throw ValidationError(field: "milestoneId", "that is not a milestone of this club's schedule")
        }
    }

    static func require(_ decision: MeetingRules.Decision) throws {
        switch decision {
        case .allow: return
        case .notFound: throw meetingNotFound
        case .forbidden:
            throw DomainError(.forbidden, code: .forbidden, "only the club's owner or admins can plan and change meetings")
        case .refused(.cancelled):
            throw DomainError(.unprocessable, code: .meetingCancelled, MeetingRules.Refusal.cancelled.message)
        case .refused(let refusal): throw DomainError(.unprocessable, code: .meetingClosed, refusal.message)
        }
    }

    static func state(_ meeting: ClubMeeting, now: Date) -> MeetingRules.State {
        MeetingRules.state(
            startsAt: meeting.startsAt, endsAt: meeting.endsAt, cancelled: meeting.cancelledAt != nil, now: now)
    }

    static func valid(_ meeting: ClubMeeting) -> ValidMeeting {
        ValidMeeting(
            title: meeting.title, startsAt: meeting.startsAt, endsAt: meeting.endsAt, place: meeting.place,
            link: meeting.link, timeZone: meeting.timeZone)
    }

    static func apply(_ valid: ValidMeeting, to meeting: ClubMeeting) {
        meeting.title = valid.title
        meeting.startsAt = valid.startsAt
        meeting.endsAt = valid.endsAt
        meeting.place = valid.place
        meeting.link = valid.link
        meeting.timeZone = valid.timeZone
    }

    static func isPast(_ record: MeetingRecord, now: Date) -> Bool {
        guard let start = record.startsAt else { return false }
        return now >= (record.endsAt ?? start)
    }

    /// When a meeting sorts among the upcoming: its start, or a poll's earliest time.
    static func when(_ record: MeetingRecord) -> Date {
        record.startsAt ?? record.options.first?.startsAt ?? .distantFuture
    }

    /// The meetings as the reader sees them: their options, votes and answers read in three
    /// statements, counting current members only.
    private func records(_ meetings: [ClubMeeting], actor: ClubAccess.Actor) async throws -> [MeetingRecord] {
        guard !meetings.isEmpty else { return [] }
        let ids = try meetings.map { try $0.requireID() }
        let userID = try user.requireID()
        let sql = db.sql
        let options = try await MeetingOption.query(on: db).filter(\.$meeting.$id ~~ ids).sort(\.$startsAt).all()
        let votes = try await sql.raw(
            """
            SELECT v.option_id, u.id AS user_id, u.display_name FROM meeting_votes v
            JOIN club_meetings m ON m.id = v.meeting_id
            JOIN club_members cm ON cm.club_id = m.club_id AND cm.user_id = v.user_id
            JOIN users u ON u.id = v.user_id
            WHERE v.meeting_id IN (\(binds: ids)) ORDER BY u.display_name, u.id
            """
        ).all()
        let answers = try await sql.raw(
            """
            SELECT r.meeting_id, r.answer, u.id AS user_id, u.display_name FROM meeting_rsvps r
            JOIN club_meetings m ON m.id = r.meeting_id
            JOIN club_members cm ON cm.club_id = m.club_id AND cm.user_id = r.user_id
            JOIN users u ON u.id = r.user_id
            WHERE r.meeting_id IN (\(binds: ids)) ORDER BY u.display_name, u.id
            """
        ).all()
        let creators = try await ClubFeedService.people(meetings.compactMap { $0.$createdBy.id }, on: db)
        var votersByOption: [UUID: [PersonRef]] = [:]
        for row in votes {
            let person = PersonRef(
                id: try row.decode(column: "user_id", as: UUID.self),
                displayName: try row.decode(column: "display_name", as: String.self))
            votersByOption[try row.decode(column: "option_id", as: UUID.self), default: []].append(person)
        }
        var answersByMeeting: [UUID: [MeetingRecord.Answer]] = [:]
        for row in answers {
            guard let answer = MeetingAnswer(rawValue: try row.decode(column: "answer", as: String.self)) else { continue }
            let person = PersonRef(
                id: try row.decode(column: "user_id", as: UUID.self),
                displayName: try row.decode(column: "display_name", as: String.self))
            answersByMeeting[try row.decode(column: "meeting_id", as: UUID.self), default: []].append(
                MeetingRecord.Answer(person: person, answer: answer))
        }
        let now = now()
        return try meetings.map { meeting in
            let id = try meeting.requireID()
            let mine = answersByMeeting[id]?.first { $0.person.id == userID }?.answer
            return MeetingRecord(
                id: id, clubID: meeting.$club.id, title: meeting.title, state: Self.state(meeting, now: now),
                startsAt: meeting.startsAt, endsAt: meeting.endsAt, place: meeting.place, link: meeting.link,
                timeZone: meeting.timeZone, milestoneID: meeting.$milestone.id, sequence: meeting.sequence,
                createdBy: meeting.$createdBy.id.flatMap { creators[$0] },
                createdAt: meeting.createdAt ?? .distantPast, updatedAt: meeting.updatedAt ?? .distantPast,
                cancelledAt: meeting.cancelledAt,
                options: try options.filter { $0.$meeting.id == id }.map { option in
                    let optionID = try option.requireID()
                    let voters = votersByOption[optionID] ?? []
                    return MeetingRecord.Option(
                        id: optionID, startsAt: option.startsAt, voters: voters,
                        chosenByMe: voters.contains { $0.id == userID })
                },
                answers: answersByMeeting[id] ?? [], myAnswer: mine, mayManage: actor.runsTheClub)
        }
    }

    package init(membership: ClubMembershipService, now: @escaping @Sendable () -> Date) {
        self.membership = membership
        self.now = now
    }
}
