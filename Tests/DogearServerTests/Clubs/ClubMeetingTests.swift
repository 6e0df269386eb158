import DogearCore
import Foundation
import Testing
import Vapor

@testable import DogearServer

/// Ann (owner) and Bob (member) in a club reading "The Long Book"; Cat reads elsewhere.
struct MeetingClub {
    let club: ReadingClub
    let cat: String
    var app: Application { club.app }

    static let now = Date(timeIntervalSince1970: 1_795_824_000)  // 2026-11-28 00:00 UTC, a Saturday
    static func iso(_ date: Date) -> String { date.formatted(.iso8601) }
    static func inDays(_ days: Double, hour: Double = 0) -> Date { now.addingTimeInterval(days * 86_400 + hour * 3600) }

    static func start(_ app: Application, isPublic: Bool = false) async throws -> MeetingClub {
        app.clock = .fixed(now)
        let club = try await ReadingClub.start(app, isPublic: isPublic)
        return MeetingClub(club: club, cat: try await app.signUp("cat@example.com", name: "Cat"))
    }

    func plan(_ body: [String: Any], as token: String? = nil) async throws -> Reply {
        try await app.send(.POST, "/api/v1/clubs/\(club.club)/meetings", token: token ?? club.ann, json: body)
    }

    func meeting(_ body: [String: Any]) async throws -> MeetingDTO {
        let reply = try await plan(body)
        #expect(reply.status == .created, "\(reply.body)")
        return try reply.decode(MeetingDTO.self)
    }

    func meetings(_ token: String) async throws -> [MeetingDTO] {
        try await app.send(.GET, "/api/v1/clubs/\(club.club)/meetings", token: token).decode([MeetingDTO].self)
    }
}

@Suite("Club meetings: planned, polled, answered, changed and cancelled, by the club's own members only")
struct ClubMeetingTests {
    @Test("the owner plans a meeting; members see it and answer; the counts, their own answer and who said what")
    func planAndAnswer() async throws {
        try await withDogear { app in
            let club = try await MeetingClub.start(app)
            let start = MeetingClub.inDays(5, hour: 18)
            let meeting = try await club.meeting([
                "title": " Piranesi, part one ", "startsAt": MeetingClub.iso(start),
                "endsAt": MeetingClub.iso(start.addingTimeInterval(5400)), "place": "Café Lotte",
                "link": "https://meet.example/abc", "timeZone": "Europe/Berlin",
            ])
            #expect(meeting.title == "Piranesi, part one")
            #expect(meeting.status == "scheduled")
            #expect(meeting.startsAt == start)
            #expect(meeting.timeZone == "Europe/Berlin")
            #expect(meeting.sequence == 0)
            #expect(meeting.canManage)
            #expect(meeting.createdBy?.displayName == "Ann")

            let seenByBob = try await club.meetings(club.club.bob)
            #expect(seenByBob.map(\.id) == [meeting.id])
            #expect(seenByBob[0].canManage == false)

            let bobSaid = try await app.send(
                .PUT, "/api/v1/meetings/\(meeting.id)/rsvp", token: club.club.bob, json: ["answer": "yes"]
            )
            .decode(MeetingDTO.self)
            #expect(bobSaid.rsvp.mine == "yes")
            let annSaid = try await app.send(
                .PUT, "/api/v1/meetings/\(meeting.id)/rsvp", token: club.club.ann, json: ["answer": "Maybe"]
            )
            .decode(MeetingDTO.self)
            #expect((annSaid.rsvp.yes, annSaid.rsvp.maybe, annSaid.rsvp.no) == (1, 1, 0))
            #expect(annSaid.rsvp.mine == "maybe")
            let said = annSaid.rsvp.answers.map { "\($0.user.displayName): \($0.answer)" }
            #expect(said == ["Ann: maybe", "Bob: yes"])
            // Answering again replaces the answer.
            let changed = try await app.send(
                .PUT, "/api/v1/meetings/\(meeting.id)/rsvp", token: club.club.bob, json: ["answer": "no"]
            )
            .decode(MeetingDTO.self)
            #expect((changed.rsvp.yes, changed.rsvp.maybe, changed.rsvp.no) == (0, 1, 1))

            let bad = try await app.send(
                .PUT, "/api/v1/meetings/\(meeting.id)/rsvp", token: club.club.bob, json: ["answer": "perhaps"])
            #expect(bad.status == .unprocessableEntity)
            #expect(bad.errorField == "answer")
        }
    }

    @Test("to a reader outside the club, a public club's visitor too, every meeting route is 404; a member cannot plan or change")
    func access() async throws {
        try await withDogear { app in
            let club = try await MeetingClub.start(app, isPublic: true)
            let meeting = try await club.meeting(["title": "Chat", "startsAt": MeetingClub.iso(MeetingClub.inDays(3))])
            let id = meeting.id
            let outsider: [(HTTPMethod, String, [String: Any]?)] = [
                (.GET, "/api/v1/clubs/\(club.club.club)/meetings", nil),
                (
                    .POST, "/api/v1/clubs/\(club.club.club)/meetings",
                    ["title": "Mine", "startsAt": MeetingClub.iso(MeetingClub.inDays(2))]
                ),
                (.GET, "/api/v1/meetings/\(id)", nil),
                (.PATCH, "/api/v1/meetings/\(id)", ["title": "Taken over"]),
                (.DELETE, "/api/v1/meetings/\(id)", nil),
                (.PUT, "/api/v1/meetings/\(id)/rsvp", ["answer": "yes"]),
                (.PUT, "/api/v1/meetings/\(id)/votes", ["options": []]),
                (.POST, "/api/v1/meetings/\(id)/decide", ["optionId": UUID().uuidString]),
                (.GET, "/api/v1/meetings/\(UUID())", nil),
                (.GET, "/api/v1/meetings/not-an-id", nil),
            ]
            for (method, path, body) in outsider {
                let reply = try await app.send(method, path, token: club.cat, json: body)
                #expect(reply.status == .notFound, "\(method) \(path): \(reply.status)")
            }
            // A member answers, but does not plan, change, cancel or decide.
            let bob = club.club.bob
            #expect(
                try await club.plan(["title": "Mine", "startsAt": MeetingClub.iso(MeetingClub.inDays(2))], as: bob).status
                    == .forbidden)
            #expect(try await app.send(.PATCH, "/api/v1/meetings/\(id)", token: bob, json: ["title": "x"]).status == .forbidden)
            #expect(try await app.send(.DELETE, "/api/v1/meetings/\(id)", token: bob).status == .forbidden)
            // A read-only token of the owner reads the meetings and changes nothing.
            let readOnly = try #require(
                try await app.must(.POST, "/api/v1/tokens", token: club.club.ann, json: ["name": "r", "scopes": ["read"]])[
                    "token"]
                    as? String)
            #expect(try await app.send(.GET, "/api/v1/meetings/\(id)", token: readOnly).status == .ok)
            #expect(try await app.send(.DELETE, "/api/v1/meetings/\(id)", token: readOnly).status == .forbidden)
            #expect(
                try await app.send(.PUT, "/api/v1/meetings/\(id)/rsvp", token: readOnly, json: ["answer": "yes"]).status
                    == .forbidden)
            let unchanged = try await app.send(.GET, "/api/v1/meetings/\(id)", token: club.club.ann).decode(MeetingDTO.self)
            #expect(unchanged.status == "scheduled")
            #expect(unchanged.rsvp.answers.isEmpty)
        }
    }

    @Test("a date poll: members vote for the times that suit them, the owner decides, and then it is a meeting to answer")
    func datePoll() async throws {
        try await withDogear { app in
            let club = try await MeetingClub.start(app)
            let (thursday, friday) = (MeetingClub.inDays(5, hour: 18), MeetingClub.inDays(6, hour: 18))
            let poll = try await club.meeting([
                "title": "December meeting", "options": [MeetingClub.iso(friday), MeetingClub.iso(thursday)],
            ])
            #expect(poll.status == "poll")
            #expect(poll.startsAt == nil)
            #expect(poll.options.map(\.startsAt) == [thursday, friday])
            let (thursdayID, fridayID) = (poll.options[0].id, poll.options[1].id)

            let bob = club.club.bob
            let voted = try await app.send(
                .PUT, "/api/v1/meetings/\(poll.id)/votes", token: bob,
                json: ["options": [thursdayID.uuidString, fridayID.uuidString]]
            ).decode(MeetingDTO.self)
            #expect(voted.options.map(\.votes) == [1, 1])
            #expect(voted.options.map(\.chosenByMe) == [true, true])
            let annVoted = try await app.send(
                .PUT, "/api/v1/meetings/\(poll.id)/votes", token: club.club.ann, json: ["options": [fridayID.uuidString]]
            ).decode(MeetingDTO.self)
            #expect(annVoted.options.map(\.votes) == [1, 2])
            #expect(annVoted.options[1].voters.map(\.displayName) == ["Ann", "Bob"])
            #expect(annVoted.options.map(\.chosenByMe) == [false, true])
            // Voting again replaces the reader's votes: Bob now only Thursday.
            let revoted = try await app.send(
                .PUT, "/api/v1/meetings/\(poll.id)/votes", token: bob, json: ["options": [thursdayID.uuidString]]
            ).decode(MeetingDTO.self)
            #expect(revoted.options.map(\.votes) == [1, 1])

            let stranger = try await app.send(
                .PUT, "/api/v1/meetings/\(poll.id)/votes", token: bob, json: ["options": [UUID().uuidString]])
            #expect(stranger.status == .unprocessableEntity)
            #expect(stranger.errorField == "options[0]")
            let early = try await app.send(.PUT, "/api/v1/meetings/\(poll.id)/rsvp", token: bob, json: ["answer": "yes"])
            #expect(early.status == .unprocessableEntity)
            #expect(early.errorCode == "meetingClosed")
            #expect(
                try await app.send(
                    .POST, "/api/v1/meetings/\(poll.id)/decide", token: bob, json: ["optionId": fridayID.uuidString]
                )
                .status == .forbidden)

            let decided = try await app.send(
                .POST, "/api/v1/meetings/\(poll.id)/decide", token: club.club.ann, json: ["optionId": fridayID.uuidString]
            ).decode(MeetingDTO.self)
            #expect(decided.status == "scheduled")
            #expect(decided.startsAt == friday)
            #expect(decided.sequence == 1)
            #expect(decided.options.map(\.votes) == [1, 1])  // kept, for the record

            let late = try await app.send(.PUT, "/api/v1/meetings/\(poll.id)/votes", token: bob, json: ["options": []])
            #expect(late.status == .unprocessableEntity)
            #expect(late.errorCode == "meetingClosed")
            let again = try await app.send(
                .POST, "/api/v1/meetings/\(poll.id)/decide", token: club.club.ann, json: ["optionId": thursdayID.uuidString])
            #expect(again.status == .unprocessableEntity)
            #expect(
                try await app.send(.PUT, "/api/v1/meetings/\(poll.id)/rsvp", token: bob, json: ["answer": "yes"]).status == .ok)
        }
    }

    @Test("a change counts in the sequence; a cancelled meeting stays, cancelled, and takes no more answers or changes")
    func changeAndCancel() async throws {
        try await withDogear { app in
            let club = try await MeetingClub.start(app)
            let start = MeetingClub.inDays(2, hour: 19)
            let meeting = try await club.meeting([
                "title": "Chat", "startsAt": MeetingClub.iso(start), "place": "Library", "link": "https://meet.example/x",
            ])
            let ann = club.club.ann
            let moved = try await app.send(
                .PATCH, "/api/v1/meetings/\(meeting.id)", token: ann,
                json: ["startsAt": MeetingClub.iso(start.addingTimeInterval(3600)), "place": NSNull(), "title": "Chat, later"]
            ).decode(MeetingDTO.self)
            #expect(moved.sequence == 1)
            #expect(moved.startsAt == start.addingTimeInterval(3600))
            #expect(moved.place == nil)
            #expect(moved.link == "https://meet.example/x")
            #expect(moved.title == "Chat, later")
            // The same values again change nothing, so calendars are not told of a change.
            let same = try await app.send(.PATCH, "/api/v1/meetings/\(meeting.id)", token: ann, json: ["title": "Chat, later"])
                .decode(MeetingDTO.self)
            #expect(same.sequence == 1)
            let badEnd = try await app.send(
                .PATCH, "/api/v1/meetings/\(meeting.id)", token: ann, json: ["endsAt": MeetingClub.iso(start)])
            #expect(badEnd.status == .unprocessableEntity)
            #expect(badEnd.errorField == "endsAt")
            let noTitle = try await app.send(.PATCH, "/api/v1/meetings/\(meeting.id)", token: ann, json: ["title": NSNull()])
            #expect(noTitle.errorField == "title")

            #expect(try await app.send(.DELETE, "/api/v1/meetings/\(meeting.id)", token: ann).status == .noContent)
            let cancelled = try await app.send(.GET, "/api/v1/meetings/\(meeting.id)", token: club.club.bob).decode(
                MeetingDTO.self)
            #expect(cancelled.status == "cancelled")
            #expect(cancelled.sequence == 2)
            #expect(cancelled.cancelledAt == MeetingClub.now)
            #expect(try await club.meetings(club.club.bob).map(\.status) == ["cancelled"])
            let answer = try await app.send(
                .PUT, "/api/v1/meetings/\(meeting.id)/rsvp", token: club.club.bob, json: ["answer": "yes"])
            #expect(answer.errorCode == "meetingCancelled")
            #expect(
                try await app.send(.PATCH, "/api/v1/meetings/\(meeting.id)", token: ann, json: ["title": "x"]).errorCode
                    == "meetingCancelled")
            #expect(try await app.send(.DELETE, "/api/v1/meetings/\(meeting.id)", token: ann).status == .noContent)
            #expect(try await app.send(.GET, "/api/v1/meetings/\(meeting.id)", token: ann).decode(MeetingDTO.self).sequence == 2)
        }
    }

    @Test(
        "upcoming first, soonest first (a poll by its earliest time), then past ones, latest first; an over meeting takes no answers"
    )
    func order() async throws {
        try await withDogear { app in
            let club = try await MeetingClub.start(app)
            let later = try await club.meeting(["title": "Later", "startsAt": MeetingClub.iso(MeetingClub.inDays(9))])
            let poll = try await club.meeting([
                "title": "Poll", "options": [MeetingClub.iso(MeetingClub.inDays(4)), MeetingClub.iso(MeetingClub.inDays(12))],
            ])
            let soon = try await club.meeting([
                "title": "Soon", "startsAt": MeetingClub.iso(MeetingClub.inDays(1)),
                "endsAt": MeetingClub.iso(MeetingClub.inDays(1, hour: 2)),
            ])
            let first = try await club.meeting(["title": "First", "startsAt": MeetingClub.iso(MeetingClub.inDays(0.5))])
            #expect(try await club.meetings(club.club.bob).map(\.title) == ["First", "Soon", "Poll", "Later"])

            // A day and an hour on: First and Soon are over, the latest of them first.
            app.clock = .fixed(MeetingClub.inDays(1, hour: 3))
            let listed = try await club.meetings(club.club.bob)
            #expect(listed.map(\.title) == ["Poll", "Later", "Soon", "First"])
            #expect(listed.map(\.status) == ["poll", "scheduled", "over", "over"])
            #expect(listed.map(\.id) == [poll.id, later.id, soon.id, first.id])
            let over = try await app.send(.PUT, "/api/v1/meetings/\(soon.id)/rsvp", token: club.club.bob, json: ["answer": "yes"])
            #expect(over.errorCode == "meetingClosed")
            #expect(try await app.send(.DELETE, "/api/v1/meetings/\(soon.id)", token: club.club.ann).errorCode == "meetingClosed")
        }
    }

    @Test("each planning mistake names its field; a milestone must be the club's; at most 50 meetings ahead")
    func mistakesAndLimits() async throws {
        try await withDogear { app in
            let club = try await MeetingClub.start(app)
            let start = MeetingClub.iso(MeetingClub.inDays(3))
            let cases: [([String: Any], String)] = [
                (["startsAt": start], "title"),
                (["title": "x"], "startsAt"),
                (["title": "x", "startsAt": start, "options": [start, MeetingClub.iso(MeetingClub.inDays(4))]], "options"),
                (["title": "x", "options": [start]], "options"),
                (["title": "x", "startsAt": start, "link": "javascript:alert(1)"], "link"),
                (["title": "x", "startsAt": start, "timeZone": "Mars/Olympus"], "timeZone"),
                (["title": "x", "startsAt": start, "milestoneId": UUID().uuidString], "milestoneId"),
            ]
            for (body, field) in cases {
                let reply = try await club.plan(body)
                #expect(reply.status == .unprocessableEntity, "\(body)")
                #expect(reply.errorField == field, "\(body): \(reply.body)")
            }
            #expect(try await club.plan(["title": "x", "startsAt": "next thursday"]).status == .badRequest)
            #expect(try await club.meetings(club.club.ann).isEmpty)

            // The schedule's milestones can be tied to a meeting, and keep their ids when the schedule is sent again.
            let schedule = try await app.send(
                .PUT, "/api/v1/clubs/\(club.club.club)/schedule", token: club.club.ann,
                json: ["milestones": [["page": 120, "dueOn": "2026-12-04"], ["label": "the end", "dueOn": "2026-12-18"]]]
            ).decode(ClubScheduleDTO.self)
            let again = try await app.send(
                .PUT, "/api/v1/clubs/\(club.club.club)/schedule", token: club.club.ann,
                json: ["milestones": [["page": 150, "dueOn": "2026-12-04"], ["label": "the end", "dueOn": "2026-12-18"]]]
            ).decode(ClubScheduleDTO.self)
            #expect(again.milestones.map(\.id) == schedule.milestones.map(\.id))
            #expect(again.milestones.map(\.page) == [150, nil])
            let tied = try await club.meeting([
                "title": "x", "startsAt": start, "milestoneId": schedule.milestones[0].id.uuidString,
            ])
            #expect(tied.milestoneId == schedule.milestones[0].id)

            for index in 1..<Limits.upcomingMeetingsPerClub {
                let reply = try await club.plan(["title": "Meeting \(index)", "startsAt": start])
                #expect(reply.status == .created)
            }
            let tooMany = try await club.plan(["title": "One more", "startsAt": start])
            #expect(tooMany.status == .unprocessableEntity)
            #expect(tooMany.errorCode == "tooManyMeetings")
        }
    }
}
