import Foundation
import Testing
import Vapor

@testable import DogearServer

/// Meetings through the club page's forms, as two readers without a script would use them.
@Suite("Club meetings on the club page")
struct ClubMeetingPageTests {
    /// The action of the first form whose path ends with `suffix`.
    func action(in html: String, endingWith suffix: String) throws -> String {
        let pattern = try Regex("action=\"(/clubs/[^\"]+/\(suffix))\"")
        let match = try #require(html.firstMatch(of: pattern))
        return String(try #require(match.output[1].substring))
    }

    @Test("plan a date poll, vote by ticking, decide, answer Coming, cancel; a refused plan keeps what was typed")
    func flow() async throws {
        try await withDogear { app in
            app.clock = .fixed(MeetingClub.now)
            let ann = WebClient(app)
            try await ann.signUp("ann@example.com", name: "Ann")
            let bob = WebClient(app)
            try await bob.signUp("bob@example.com", name: "Bob")
            let clubPath = try #require(try await ann.post("/clubs/new", [("name", "Family")]).location)
            let settings = try await ann.get("\(clubPath)/settings")
            let start = try #require(settings.body.range(of: "class=\"share-code\">")).upperBound
            try await bob.get("/clubs")
            _ = try await bob.post("/clubs/join", [("code", String(settings.body[start...].prefix(6)))])

            let page = try await ann.get(clubPath)
            #expect(page.body.contains("No meetings yet: plan one below."))
            #expect(page.body.contains("Times are in your time zone, UTC."))
            let refused = try await ann.post(
                "\(clubPath)/meetings", [("title", "December"), ("startsAt", "next thursday"), ("place", "Café Lotte")])
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.body.contains("value=\"Café Lotte\""))
            #expect(refused.body.contains("value=\"next thursday\""))
            #expect(refused.body.contains("give a date and time, such as 2026-12-03 19:00"))
            let noTimes = try await ann.post("\(clubPath)/meetings", [("title", "December")])
            #expect(noTimes.status == .unprocessableEntity)
            #expect(noTimes.body.contains("meeting-starts-error"))

            let planned = try await ann.post(
                "\(clubPath)/meetings",
                [("title", "December"), ("option1", "2026-12-03T19:00"), ("option2", "2026-12-04T19:00"), ("option3", "")])
            #expect(planned.status == .seeOther)
            #expect(planned.location == "\(clubPath)#meetings")

            // Bob ticks Friday.
            let bobPage = try await bob.get(clubPath)
            #expect(bobPage.body.contains("Date poll: choose the times that suit you"))
            #expect(!bobPage.body.contains("Decide the date"))
            #expect(!bobPage.body.contains("Plan a meeting"))
            let votes = try action(in: bobPage.body, endingWith: "votes")
            let fridayRange = try #require(bobPage.body.range(of: "Friday 4 December 2026, 19:00"))
            let before = bobPage.body[..<fridayRange.lowerBound]
            let valueRange = try #require(before.range(of: "value=\"", options: .backwards))
            let friday = String(before[valueRange.upperBound...].prefix(36))
            #expect(try await bob.post(votes, [("options[]", friday)]).status == .seeOther)
            #expect(try await bob.get(clubPath).body.contains("(1 vote: Bob)"))

            // Ann decides on Friday; Bob answers that he comes.
            let annPage = try await ann.get(clubPath)
            let decide = try action(in: annPage.body, endingWith: "decide")
            #expect(try await ann.post(decide, [("optionId", friday)]).status == .seeOther)
            let decided = try await bob.get(clubPath)
            #expect(decided.body.contains("Friday 4 December 2026, 19:00"))
            #expect(decided.body.contains("Are you coming?"))
            let answer = try action(in: decided.body, endingWith: "answer")
            #expect(try await bob.post(answer, [("answer", "yes")]).status == .seeOther)
            let answered = try await bob.get(clubPath)
            #expect(answered.body.contains("Coming ✓"))
            #expect(answered.body.contains("1 coming · 0 maybe · 0 not coming"))
            #expect(answered.body.contains("Bob: coming"))

            // A plain meeting with a date, then cancelled.
            let dated = try await ann.post(
                "\(clubPath)/meetings",
                [("title", "Extra"), ("startsAt", "2026-12-10T18:30"), ("endsAt", "2026-12-10T20:00"), ("place", "Library")])
            #expect(dated.status == .seeOther)
            let withExtra = try await ann.get(clubPath)
            #expect(withExtra.body.contains("Thursday 10 December 2026, 18:30–20:00"))
            let cancels = try Regex("action=\"(/clubs/[^\"]+/cancel)\"")
            let cancelPaths = withExtra.body.matches(of: cancels).compactMap { $0.output[1].substring.map(String.init) }
            #expect(cancelPaths.count == 2)
            #expect(try await ann.post(cancelPaths[1], []).status == .seeOther)
            let after = try await bob.get(clubPath)
            #expect(after.body.contains("Cancelled"))
            // Bob cannot cancel (the form is not there, and posting anyway is refused).
            #expect(try await bob.post(cancelPaths[0], []).status == .forbidden)
        }
    }
}
