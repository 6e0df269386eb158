import DogearCore
import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearViews

/// An iCalendar text read back line by line: folded lines joined (RFC 5545 §3.1), each event's
/// properties by name (parameters dropped). The full parse by a real iCalendar library runs in
/// `Tests/calendar/test_calendar_feed.py` (Python's icalendar), a CI step.
struct CalendarReadBack {
    var lines: [String]
    var events: [[String: String]]

    init(_ text: String) throws {
        guard text.hasSuffix("\r\n") else { throw TestFailure("an iCalendar text ends its lines with CRLF") }
        var lines: [String] = []
        for line in text.components(separatedBy: "\r\n") where !line.isEmpty {
            if line.hasPrefix(" "), !lines.isEmpty { lines[lines.count - 1] += line.dropFirst() } else { lines.append(line) }
        }
        self.lines = lines
        var events: [[String: String]] = []
        var current: [String: String]?
        for line in lines {
            if line == "BEGIN:VEVENT" {
                current = [:]
            } else if line == "END:VEVENT", let event = current {
                events.append(event)
                current = nil
            } else if current != nil, let colon = line.firstIndex(of: ":") {
                let name = line[..<colon].split(separator: ";")[0]
                current?[String(name)] = String(line[line.index(after: colon)...])
            }
        }
        self.events = events
    }

    func event(_ uidPrefix: String) -> [String: String]? { events.first { $0["UID"]?.hasPrefix(uidPrefix) == true } }
}

@Suite("The calendar feed: every meeting of the reader's clubs and their milestones, at a secret address")
struct ClubCalendarTests {
    @Test("meetings in UTC with their zone named, a cancelled one struck, milestones as all-day events; leaving drops them")
    func feed() async throws {
        try await withDogear { app in
            let club = try await MeetingClub.start(app)
            let (ann, bob) = (club.club.ann, club.club.bob)
            let start = MeetingClub.inDays(5, hour: 18)
            let meeting = try await club.meeting([
                "title": "Piranesi; part one, the Halls", "startsAt": MeetingClub.iso(start),
                "endsAt": MeetingClub.iso(start.addingTimeInterval(5400)), "place": "Café Lotte, upstairs",
                "timeZone": "Europe/Berlin",
            ])
            let dropped = try await club.meeting(["title": "Dropped", "startsAt": MeetingClub.iso(MeetingClub.inDays(3))])
            try await app.must(.DELETE, "/api/v1/meetings/\(dropped.id)", token: ann)
            _ = try await club.meeting([
                "title": "Undecided", "options": [MeetingClub.iso(start), MeetingClub.iso(MeetingClub.inDays(8))],
            ])
            let schedule = try await app.send(
                .PUT, "/api/v1/clubs/\(club.club.club)/schedule", token: ann,
                json: ["milestones": [["page": 120, "dueOn": "2026-12-04"], ["label": "chapters 1–5", "dueOn": "2026-12-11"]]]
            ).decode(ClubScheduleDTO.self)

            let made = try await app.send(.POST, "/api/v1/calendar", token: bob)
            #expect(made.status == .created)
            let url = try #require(made["url"] as? String)
            #expect(url.hasSuffix(".ics"))
            let path = try #require(URL(string: url)?.path)
            #expect(try await app.send(.GET, "/api/v1/calendar", token: bob)["url"] as? String == url)

            let reply = try await app.send(.GET, path)
            #expect(reply.status == .ok)
            #expect(reply.headers.contentType?.description.hasPrefix("text/calendar") == true)
            let calendar = try CalendarReadBack(reply.body)
            #expect(calendar.lines.first == "BEGIN:VCALENDAR")
            #expect(calendar.lines.contains("VERSION:2.0"))
            #expect(calendar.events.count == 4)  // two dated meetings, two milestones; the poll has no date yet

            let event = try #require(calendar.event("meeting-\(meeting.id.uuidString.lowercased())"))
            #expect(event["DTSTART"] == "20261203T180000Z")
            #expect(event["DTEND"] == "20261203T193000Z")
            #expect(event["SUMMARY"] == "Piranesi\\; part one\\, the Halls")
            #expect(event["LOCATION"] == "Café Lotte\\, upstairs")
            #expect(event["STATUS"] == "CONFIRMED")
            #expect(event["SEQUENCE"] == "0")
            #expect(event["DESCRIPTION"]?.hasPrefix("Family: Thursday 3 December 2026\\, 19:00 (Europe/Berlin)") == true)
            let struck = try #require(calendar.event("meeting-\(dropped.id.uuidString.lowercased())"))
            #expect(struck["STATUS"] == "CANCELLED")
            #expect(struck["SEQUENCE"] == "1")
            let milestone = try #require(calendar.event("milestone-\(schedule.milestones[0].id.uuidString.lowercased())"))
            #expect(milestone["SUMMARY"] == "Page 120 of The Long Book")
            #expect(milestone["DTSTART"] == "20261204")
            #expect(milestone["DTEND"] == "20261205")
            #expect(
                calendar.event("milestone-\(schedule.milestones[1].id.uuidString.lowercased())")?["SUMMARY"]
                    == "Chapters 1–5 of The Long Book")
            for line in reply.body.components(separatedBy: "\r\n") { #expect(line.utf8.count <= 75, "\(line)") }

            // A change bumps the sequence and the same UID carries it.
            try await app.must(.PATCH, "/api/v1/meetings/\(meeting.id)", token: ann, json: ["place": "The park"])
            let changed = try CalendarReadBack(try await app.send(.GET, path).body)
            #expect(changed.event("meeting-\(meeting.id.uuidString.lowercased())")?["SEQUENCE"] == "1")
            #expect(changed.event("meeting-\(meeting.id.uuidString.lowercased())")?["LOCATION"] == "The park")

            // Bob leaves the club: its events leave his calendar.
            try await app.must(.POST, "/api/v1/clubs/\(club.club.club)/leave", token: bob)
            let afterLeaving = try CalendarReadBack(try await app.send(.GET, path).body)
            #expect(afterLeaving.events.isEmpty)
        }
    }

    @Test("the address is the reader's session's to make again or revoke; an app's token cannot see it; a guess is 404")
    func address() async throws {
        try await withDogear { app in
            let ann = try await app.signUp("ann@example.com", name: "Ann")
            #expect(try await app.send(.GET, "/api/v1/calendar", token: ann)["url"] is NSNull)
            let first = try #require(try await app.send(.POST, "/api/v1/calendar", token: ann)["url"] as? String)
            let second = try #require(try await app.send(.POST, "/api/v1/calendar", token: ann)["url"] as? String)
            #expect(first != second)
            #expect(try await app.send(.GET, URL(string: first)!.path).status == .notFound)
            #expect(try await app.send(.GET, URL(string: second)!.path).status == .ok)
            let token = try #require(
                try await app.must(.POST, "/api/v1/tokens", token: ann, json: ["name": "app", "scopes": ["read", "write"]])[
                    "token"]
                    as? String)
            #expect(try await app.send(.GET, "/api/v1/calendar", token: token).status == .forbidden)
            #expect(try await app.send(.POST, "/api/v1/calendar", token: token).status == .forbidden)
            #expect(try await app.send(.GET, "/cal/\(String(repeating: "a", count: 43)).ics").status == .notFound)
            #expect(try await app.send(.GET, "/cal/nothing").status == .notFound)
            #expect(try await app.send(.DELETE, "/api/v1/calendar", token: ann).status == .noContent)
            #expect(try await app.send(.GET, URL(string: second)!.path).status == .notFound)
        }
    }

    @Test("the feeds page makes, shows (with a webcal: link), makes again and revokes the calendar address, without a script")
    func page() async throws {
        try await withDogear { app in
            let web = WebClient(app)
            try await web.signUp()
            let empty = try await web.get("/profile/feeds")
            #expect(empty.body.contains("Make the calendar address"))
            #expect(!empty.body.contains("/cal/"))
            #expect(try await web.post("/profile/feeds/calendar", []).location == "/profile/feeds")
            let shown = try await web.get("/profile/feeds").body
            let match = try #require(shown.firstMatch(of: try Regex("http://[^<\"]*(/cal/[A-Za-z0-9_-]+\\.ics)")))
            let path = String(try #require(match.output[1].substring))
            #expect(shown.contains("href=\"webcal://"))
            #expect(try await app.send(.GET, path).status == .ok)
            try await web.post("/profile/feeds/calendar", [])
            #expect(try await app.send(.GET, path).status == .notFound)
            #expect(try await web.post("/profile/feeds/calendar/revoke", []).location == "/profile/feeds")
            #expect(!(try await web.get("/profile/feeds").body.contains("/cal/")))
        }
    }

    @Test("text is escaped and long lines fold at 75 octets without splitting a character")
    func writing() {
        let text = ClubCalendar.text("a;b,c\\d\ne\u{07}")
        #expect(text == "a\\;b\\,c\\\\d\\ne")
        let long = "SUMMARY:" + String(repeating: "é", count: 60)
        let folded = ClubCalendar.fold(long)
        let parts = folded.components(separatedBy: "\r\n")
        #expect(parts.count == 2)
        #expect(parts.allSatisfy { $0.utf8.count <= 75 })
        #expect(parts[0] + parts[1].dropFirst() == long)
        #expect(ClubCalendar.milestoneSummary(label: nil, page: nil, percent: 45, bookTitle: "Dune") == "45% of Dune")
    }
}
