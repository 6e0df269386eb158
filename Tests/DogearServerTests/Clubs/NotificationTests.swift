import DogearCore
import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices

/// The club from `ReadingClub` (Ann owner, Bob member at page 50 of "The Long Book") with Cat in it too.
struct NotifiedClub {
    let club: ReadingClub
    let cat: String
    var app: Application { club.app }

    static func start(_ app: Application) async throws -> NotifiedClub {
        let club = try await ReadingClub.start(app)
        let cat = try await app.signUp("cat@example.com", name: "Cat")
        let code = try #require(
            try await app.send(.GET, "/api/v1/clubs/\(club.club)", token: club.ann).decode(ClubDTO.self).joinCode)
        #expect(try await app.send(.POST, "/api/v1/clubs/join", token: cat, json: ["code": code]).status == .ok)
        try await club.bobAtPage(50)
        return NotifiedClub(club: club, cat: cat)
    }

    func inbox(_ token: String) async throws -> NotificationsPageDTO {
        try await app.send(.GET, "/api/v1/notifications", token: token).decode(NotificationsPageDTO.self)
    }

    func comment(_ token: String, _ body: [String: Any]) async throws -> ClubCommentDTO {
        let reply = try await app.send(.POST, "/api/v1/clubs/\(club.club)/comments", token: token, json: body)
        #expect(reply.status == .created, "\(reply.body)")
        return try reply.decode(ClubCommentDTO.self)
    }
}

@Suite("Notifications: replies, mentions, meetings and club news, spoiler-gated, each reader's own")
struct NotificationTests {
    @Test("a reply at page 200 tells Bob at page 50 that Ann replied, not what; once he passes it he reads it")
    func replyBehindTheGate() async throws {
        try await withDogear { app in
            let club = try await NotifiedClub.start(app)
            let bobs = try await club.comment(club.club.bob, ["body": "What is the house?"])
            let annsReply = try await club.comment(
                club.club.ann, ["body": "The statues move at the end!", "page": 200, "replyTo": bobs.id.uuidString])
            #expect(annsReply.parentId == bobs.id)
            #expect(annsReply.replyTo == bobs.id)

            let inbox = try await club.inbox(club.club.bob)
            let reply = try #require(inbox.items.first { $0.kind == "reply" })
            #expect(reply.actor?.displayName == "Ann")
            #expect(reply.summary == "Ann replied to you in Family")
            #expect(reply.text == nil)
            #expect(reply.hiddenUntil == "page 200")
            #expect(!inbox.items.contains { $0.text?.contains("statues") == true })
            #expect(!(try await app.send(.GET, "/api/v1/notifications", token: club.club.bob).body.contains("statues")))

            try await club.club.bobAtPage(210)
            let later = try await club.inbox(club.club.bob)
            #expect(later.items.first { $0.kind == "reply" }?.text == "The statues move at the end!")

            // A reply to the reply joins the same thread and tells Ann.
            let bobsAnswer = try await club.comment(club.club.bob, ["body": "No!", "replyTo": annsReply.id.uuidString])
            #expect(bobsAnswer.parentId == bobs.id)
            #expect(bobsAnswer.replyTo == annsReply.id)
            #expect(bobsAnswer.replyToAuthor?.displayName == "Ann")
            #expect(try await club.inbox(club.club.ann).items.first?.kind == "reply")
            // A comment of another club, or none, cannot be answered.
            let stray = try await app.send(
                .POST, "/api/v1/clubs/\(club.club.club)/comments", token: club.club.bob,
                json: ["body": "x", "replyTo": UUID().uuidString])
            #expect(stray.status == .notFound)
        }
    }

    @Test("@Cat is told, @Nobody and an address are nobody; the writer is never told of their own comment")
    func mentions() async throws {
        try await withDogear { app in
            let club = try await NotifiedClub.start(app)
            let before = try await club.inbox(club.cat).items.count
            _ = try await club.comment(club.club.ann, ["body": "@cat what did you think? (mail ann@example.com, @Nobody, @Ann)"])
            let cats = try await club.inbox(club.cat)
            #expect(cats.items.count == before + 1)
            #expect(cats.items.first?.kind == "mention")
            #expect(cats.items.first?.summary == "Ann mentioned you in Family")
            #expect(cats.items.first?.text?.hasPrefix("@cat what did you think?") == true)
            #expect(!(try await club.inbox(club.club.ann).items.contains { $0.kind == "mention" }))
            #expect(!(try await club.inbox(club.club.bob).items.contains { $0.kind == "mention" }))
        }
    }

    @Test("club news: a member joined (to those who run it), a new book, meetings planned and cancelled; never to whoever did it")
    func clubNews() async throws {
        try await withDogear { app in
            let club = try await NotifiedClub.start(app)
            let annKinds = try await club.inbox(club.club.ann).items.map(\.kind)
            #expect(annKinds.filter { $0 == "memberJoined" }.count == 2)  // Bob, then Cat
            #expect(!annKinds.contains("clubBook"))
            #expect(try await club.inbox(club.club.bob).items.map(\.kind).contains("clubBook"))
            #expect(!(try await club.inbox(club.cat).items.map(\.kind).contains("memberJoined")))

            let start = Date(timeIntervalSinceNow: 5 * 86_400).formatted(.iso8601)
            let meeting = try await app.send(
                .POST, "/api/v1/clubs/\(club.club.club)/meetings", token: club.club.ann,
                json: ["title": "Part one", "startsAt": start]
            ).decode(MeetingDTO.self)
            try await app.must(.DELETE, "/api/v1/meetings/\(meeting.id)", token: club.club.ann)
            let cats = try await club.inbox(club.cat).items
            #expect(cats.prefix(2).map(\.kind) == ["meetingCancelled", "meetingPlanned"])
            #expect(cats.first?.summary == "Ann cancelled the meeting “Part one” in Family")
            #expect(cats.first?.path == "/clubs/\(club.club.club)#meetings")
            #expect(!(try await club.inbox(club.club.ann).items.map(\.kind).contains("meetingPlanned")))
        }
    }

    @Test("unread count; marked read by id (another reader's ids change nothing) or all at once; a read-only token only reads")
    func markRead() async throws {
        try await withDogear { app in
            let club = try await NotifiedClub.start(app)
            _ = try await club.comment(club.club.bob, ["body": "@Ann @Cat hello"])
            let anns = try await club.inbox(club.club.ann)
            let cats = try await club.inbox(club.cat)
            // Bob and Cat joining, and Bob's mention.
            #expect(anns.items.map(\.kind) == ["mention", "memberJoined", "memberJoined"])
            #expect(anns.unreadCount == 3)
            let first = anns.items[0].id
            let marked = try await app.send(
                .POST, "/api/v1/notifications/read", token: club.club.ann,
                json: ["ids": [first.uuidString, cats.items[0].id.uuidString]])
            #expect(try marked.decode(UnreadCountDTO.self).unreadCount == anns.unreadCount - 1)
            #expect(try await club.inbox(club.cat).unreadCount == cats.unreadCount)
            #expect(try await club.inbox(club.club.ann).items.first { $0.id == first }?.readAt != nil)

            let readOnly = try #require(
                try await app.must(.POST, "/api/v1/tokens", token: club.club.ann, json: ["name": "r", "scopes": ["read"]])[
                    "token"]
                    as? String)
            #expect(try await app.send(.GET, "/api/v1/notifications", token: readOnly).status == .ok)
            #expect(
                try await app.send(.POST, "/api/v1/notifications/read", token: readOnly, json: ["all": true]).status == .forbidden
            )
            #expect(
                try await app.send(.PUT, "/api/v1/notifications/settings", token: readOnly, json: ["reply": ["push": false]])
                    .status == .forbidden)
            #expect(try await app.send(.POST, "/api/v1/notifications/read", token: club.club.ann, json: [:]).errorField == "ids")
            let all = try await app.send(.POST, "/api/v1/notifications/read", token: club.club.ann, json: ["all": true])
            #expect(try all.decode(UnreadCountDTO.self).unreadCount == 0)
            #expect(try await app.send(.GET, "/api/v1/notifications").status == .unauthorized)
        }
    }

    @Test("settings per kind: defaults (no mail, push on), a change keeps the other channel, mistakes name their field")
    func settings() async throws {
        try await withDogear { app in
            let ann = try await app.signUp("ann@example.com", name: "Ann")
            let defaults = try await app.send(.GET, "/api/v1/notifications/settings", token: ann)
                .decode([String: NotificationChannels].self)
            #expect(Set(defaults.keys) == Set(NotificationKind.allCases.map(\.rawValue)))
            #expect(defaults.values.allSatisfy { $0 == NotificationChannels(email: .off, push: true) })
            let changed = try await app.send(
                .PUT, "/api/v1/notifications/settings", token: ann,
                json: ["reply": ["email": "daily"], "mention": ["push": false]]
            ).decode([String: NotificationChannels].self)
            #expect(changed["reply"] == NotificationChannels(email: .daily, push: true))
            #expect(changed["mention"] == NotificationChannels(email: .off, push: false))
            let again = try await app.send(.GET, "/api/v1/notifications/settings", token: ann).decode(
                [String: NotificationChannels].self)
            #expect(again == changed)
            let badKind = try await app.send(.PUT, "/api/v1/notifications/settings", token: ann, json: ["gossip": ["push": true]])
            #expect(badKind.status == .unprocessableEntity)
            #expect(badKind.errorField == "gossip")
            let badEmail = try await app.send(
                .PUT, "/api/v1/notifications/settings", token: ann, json: ["reply": ["email": "hourly"]])
            #expect(badEmail.errorField == "reply.email")
            // Another reader's settings are their own.
            let bob = try await app.signUp("bob@example.com", name: "Bob")
            #expect(
                try await app.send(.GET, "/api/v1/notifications/settings", token: bob).decode(
                    [String: NotificationChannels].self)[
                        "reply"] == .defaults)
        }
    }
}

@Suite("Notifications on the pages: the bell on every page, the list, mark all read, the settings form")
struct NotificationPageTests {
    @Test("the bell counts, the list says who did what and leads there, marking all read clears the bell; settings save")
    func pages() async throws {
        try await withDogear { app in
            let ann = WebClient(app)
            try await ann.signUp("ann@example.com", name: "Ann")
            let bob = try await app.signUp("bob@example.com", name: "Bob")
            let annToken = try await app.signIn("ann@example.com")
            let club = try await app.send(.POST, "/api/v1/clubs", token: annToken, json: ["name": "Family"]).decode(ClubDTO.self)
            #expect(try await app.send(.POST, "/api/v1/clubs/join", token: bob, json: ["code": club.joinCode!]).status == .ok)

            let home = try await ann.get("/")
            #expect(home.body.contains("data-bell-count=\"/notifications/unread\">1</span>"))
            let unread = try await ann.get("/notifications/unread")
            #expect(unread.body == "{\"unreadCount\":1}")
            let list = try await ann.get("/notifications")
            #expect(list.body.contains("Bob joined in Family"))
            #expect(list.body.contains("href=\"/clubs/\(club.id)/settings\""))
            #expect(list.body.contains("1 unread."))
            #expect(try await ann.post("/notifications/read", [("all", "true")]).location == "/notifications")
            let cleared = try await ann.get("/notifications")
            #expect(cleared.body.contains("Nothing unread."))
            #expect(cleared.body.contains("data-bell-count=\"/notifications/unread\"></span>"))

            let settings = try await ann.get("/notifications/settings")
            #expect(settings.body.contains("Replies to you"))
            let saved = try await ann.post(
                "/notifications/settings", [("email[reply]", "weekly"), ("push[reply]", "true"), ("email[mention]", "off")])
            #expect(saved.location == "/notifications/settings?saved=1")
            let stored = try await app.send(.GET, "/api/v1/notifications/settings", token: annToken)
                .decode([String: NotificationChannels].self)
            #expect(stored["reply"] == NotificationChannels(email: .weekly, push: true))
            #expect(stored["mention"] == NotificationChannels(email: .off, push: false))  // its box left unticked
        }
    }
}

@Suite("The notification sweep: reminders a day before, warnings two days before a milestone while behind, each once")
struct NotificationSweepTests {
    @Test("yes and maybe are reminded once within the day before (again if the meeting moves); no and cancelled are not")
    func reminders() async throws {
        try await withDogear { app in
            let club = try await MeetingClub.start(app)
            let (ann, bob) = (club.club.ann, club.club.bob)
            let cat = club.cat
            let code = try #require(
                try await app.send(.GET, "/api/v1/clubs/\(club.club.club)", token: ann).decode(ClubDTO.self).joinCode)
            try await app.must(.POST, "/api/v1/clubs/join", token: cat, json: ["code": code])
            let start = MeetingClub.inDays(3, hour: 19)
            let meeting = try await club.meeting(["title": "Part one", "startsAt": MeetingClub.iso(start)])
            let dropped = try await club.meeting(["title": "Dropped", "startsAt": MeetingClub.iso(start)])
            try await app.must(.PUT, "/api/v1/meetings/\(meeting.id)/rsvp", token: bob, json: ["answer": "yes"])
            try await app.must(.PUT, "/api/v1/meetings/\(meeting.id)/rsvp", token: ann, json: ["answer": "no"])
            try await app.must(.PUT, "/api/v1/meetings/\(meeting.id)/rsvp", token: cat, json: ["answer": "maybe"])
            try await app.must(.PUT, "/api/v1/meetings/\(dropped.id)/rsvp", token: bob, json: ["answer": "yes"])
            try await app.must(.DELETE, "/api/v1/meetings/\(dropped.id)", token: ann)

            func reminders(_ token: String) async throws -> [NotificationDTO] {
                try await app.send(.GET, "/api/v1/notifications", token: token).decode(NotificationsPageDTO.self).items
                    .filter { $0.kind == "meetingReminder" }
            }
            // Two days before: too early.
            #expect(try await NotificationSweep(db: app.db, now: start.addingTimeInterval(-2 * 86_400)).run() == 0)
            // Twenty hours before: Bob (yes) and Cat (maybe), once however often it runs.
            #expect(try await NotificationSweep(db: app.db, now: start.addingTimeInterval(-20 * 3600)).run() == 2)
            #expect(try await NotificationSweep(db: app.db, now: start.addingTimeInterval(-19 * 3600)).run() == 0)
            #expect(try await reminders(bob).map(\.subjectId) == [meeting.id])
            #expect(try await reminders(bob).first?.summary == "Reminder: the meeting “Part one” in Family is within a day")
            #expect(try await reminders(cat).count == 1)
            #expect(try await reminders(ann).isEmpty)

            // Moved a day later: reminded again the day before its new time.
            app.clock = .fixed(start.addingTimeInterval(-19 * 3600))
            try await app.must(
                .PATCH, "/api/v1/meetings/\(meeting.id)", token: ann,
                json: ["startsAt": MeetingClub.iso(start.addingTimeInterval(86_400))])
            #expect(try await NotificationSweep(db: app.db, now: start.addingTimeInterval(-19 * 3600)).run() == 0)
            #expect(try await NotificationSweep(db: app.db, now: start.addingTimeInterval(3600)).run() == 2)
            #expect(try await reminders(bob).count == 2)
        }
    }

    @Test("a member behind a milestone two days away is warned once; one ahead of it, or finished, is not")
    func behind() async throws {
        try await withDogear { app in
            let club = try await ReadingClub.start(app)
            try await club.bobAtPage(50)
            // Ann is ahead: page 150 of 400.
            let annEntry = try #require(
                try await app.send(.GET, "/api/v1/library", token: club.ann).decode(DogearServer.Page<EntryDTO>.self).items.first)
            try await app.must(.POST, "/api/v1/library/\(annEntry.id)/progress", token: club.ann, json: ["page": 150])
            let schedule = try await app.send(
                .PUT, "/api/v1/clubs/\(club.club)/schedule", token: club.ann,
                json: ["milestones": [["page": 120, "label": "Part one", "dueOn": "2026-03-16"]]]
            ).decode(ClubScheduleDTO.self)
            let day: (String) -> Date = { text in
                Date(timeIntervalSince1970: Double(LocalDate(text)!.dayNumber) * 86_400 + 12 * 3600)
            }
            #expect(try await NotificationSweep(db: app.db, now: day("2026-03-13")).run() == 0)
            #expect(try await NotificationSweep(db: app.db, now: day("2026-03-14")).run() == 1)
            #expect(try await NotificationSweep(db: app.db, now: day("2026-03-15")).run() == 0)
            let bobs = try await app.send(.GET, "/api/v1/notifications", token: club.bob).decode(NotificationsPageDTO.self).items
            let warning = try #require(bobs.first { $0.kind == "behindSchedule" })
            #expect(warning.subjectId == schedule.milestones[0].id)
            #expect(warning.title == "Part one, page 120 of The Long Book by 2026-03-16")
            let annKinds = try await app.send(.GET, "/api/v1/notifications", token: club.ann).decode(NotificationsPageDTO.self)
                .items.map(\.kind)
            #expect(!annKinds.contains("behindSchedule"))
        }
    }
}

@Suite("Club life and account deletion; comments edited or deleted after they notified")
struct ClubLifeDeletionTests {
    @Test("a member who voted, answered, mentioned and was mentioned, with a calendar and settings: deleted, no row names her")
    func memberDeleted() async throws {
        try await withDogear { app in
            app.clock = .fixed(MeetingClub.now)
            let bob = try await app.signUp("bob@example.com", name: "Bob")
            let ann = try await app.signUp("ann@example.com", name: "Ann")
            let annID = try #require(try await app.send(.GET, "/api/v1/me", token: ann)["id"] as? String).uuid
            let club = try await app.send(.POST, "/api/v1/clubs", token: bob, json: ["name": "Bob's"]).decode(ClubDTO.self)
            try await app.must(.POST, "/api/v1/clubs/join", token: ann, json: ["code": club.joinCode!])
            let poll = try await app.send(
                .POST, "/api/v1/clubs/\(club.id)/meetings", token: bob,
                json: [
                    "title": "When?",
                    "options": [MeetingClub.iso(MeetingClub.inDays(3)), MeetingClub.iso(MeetingClub.inDays(4))],
                ]
            ).decode(MeetingDTO.self)
            let dated = try await app.send(
                .POST, "/api/v1/clubs/\(club.id)/meetings", token: bob,
                json: ["title": "Then", "startsAt": MeetingClub.iso(MeetingClub.inDays(5))]
            ).decode(MeetingDTO.self)
            try await app.must(
                .PUT, "/api/v1/meetings/\(poll.id)/votes", token: ann, json: ["options": [poll.options[0].id.uuidString]])
            try await app.must(.PUT, "/api/v1/meetings/\(dated.id)/rsvp", token: ann, json: ["answer": "yes"])
            try await app.must(.POST, "/api/v1/calendar", token: ann)
            try await app.must(.PUT, "/api/v1/notifications/settings", token: ann, json: ["reply": ["email": "daily"]])
            try await app.must(.POST, "/api/v1/clubs/\(club.id)/comments", token: ann, json: ["body": "@Bob hello"])
            try await app.must(.POST, "/api/v1/clubs/\(club.id)/comments", token: bob, json: ["body": "@Ann hi"])
            let before = try await rowsNaming(annID, email: "ann@example.com", in: app)
            for table in ["meeting_votes", "meeting_rsvps", "calendar_feeds", "notification_settings", "notifications"] {
                #expect(before[table, default: 0] > 0, "before deleting, \(table) names Ann")
            }
            let deleted = try await app.send(.DELETE, "/api/v1/me", token: ann, json: ["currentPassword": "long enough"])
            #expect(deleted.status == .noContent, "\(deleted.body)")
            #expect(try await rowsNaming(annID, email: "ann@example.com", in: app) == [:])
            // Bob's inbox no longer holds her words or her join.
            let bobs = try await app.send(.GET, "/api/v1/notifications", token: bob).decode(NotificationsPageDTO.self).items
            #expect(!bobs.contains { $0.kind == "mention" || $0.kind == "memberJoined" })
            #expect(try await app.send(.GET, "/api/v1/meetings/\(dated.id)", token: bob).decode(MeetingDTO.self).rsvp.yes == 0)
        }
    }

    @Test("a comment edited to a later page hides its words again in the inbox; a deleted one leaves the inbox")
    func editedAndDeleted() async throws {
        try await withDogear { app in
            let club = try await NotifiedClub.start(app)
            let comment = try await club.comment(club.club.ann, ["body": "@Bob the statues"])
            #expect(try await club.inbox(club.club.bob).items.first?.text == "@Bob the statues")
            let edited = try await app.send(
                .PATCH, "/api/v1/comments/\(comment.id)", token: club.club.ann,
                json: ["body": "@Bob the statues move", "page": 300])
            #expect(edited.status == .ok, "\(edited.body)")
            let hidden = try #require(try await club.inbox(club.club.bob).items.first)
            #expect(hidden.kind == "mention")
            #expect(hidden.text == nil)
            #expect(hidden.hiddenUntil == "page 300")
            try await app.must(.DELETE, "/api/v1/comments/\(comment.id)", token: club.club.ann)
            #expect(!(try await club.inbox(club.club.bob).items.contains { $0.subjectId == comment.id }))
        }
    }
}

@Suite("Digest periods")
struct DigestPeriodTests {
    @Test("a daily digest's period starts at midnight UTC, a weekly one's on Monday")
    func periods() {
        let saturday = Date(timeIntervalSince1970: 1_795_824_000 + 15 * 3600)  // 2026-11-28 15:00 UTC
        #expect(NotificationDigest.periodStart(.daily, at: saturday) == Date(timeIntervalSince1970: 1_795_824_000))
        let monday = Date(timeIntervalSince1970: 1_795_824_000 - 5 * 86_400)  // 2026-11-23
        #expect(NotificationDigest.periodStart(.weekly, at: saturday) == monday)
        #expect(NotificationDigest.periodStart(.weekly, at: monday) == monday)
        #expect(
            NotificationDigest.periodStart(.weekly, at: monday.addingTimeInterval(-1)) == monday.addingTimeInterval(-7 * 86_400))
    }
}
