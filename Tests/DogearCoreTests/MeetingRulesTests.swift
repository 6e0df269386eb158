import Foundation
import Testing

@testable import DogearCore

@Suite("Who may do what with a club's meetings, and in which state")
struct MeetingRulesTests {
    typealias Action = MeetingRules.Action
    typealias State = MeetingRules.State

    /// The rule written out per actor and state, independently of the implementation's order.
    static func expected(_ actor: ClubAccess.Actor, _ action: Action, _ state: State?) -> MeetingRules.Decision {
        guard [.owner, .admin, .member].contains(actor) else { return .notFound }
        let runs = actor == .owner || actor == .admin
        switch (action, state) {
        case (.read, _): return .allow
        case (.create, _): return runs ? .allow : .forbidden
        case (.change, _) where !runs, (.cancel, _) where !runs, (.decide, _) where !runs: return .forbidden
        case (.change, .cancelled): return .refused(.cancelled)
        case (.change, _): return .allow
        case (.cancel, .over): return .refused(.over)
        case (.cancel, _): return .allow
        case (.decide, .poll), (.vote, .poll): return .allow
        case (.decide, .cancelled), (.vote, .cancelled): return .refused(.cancelled)
        case (.decide, _), (.vote, _): return .refused(.decided)
        case (.answer, .scheduled): return .allow
        case (.answer, .poll): return .refused(.undecided)
        case (.answer, .over): return .refused(.over)
        case (.answer, _): return .refused(.cancelled)
        }
    }

    @Test("every actor, action and state gets exactly its cell")
    func matrix() {
        var cells = 0
        for actor in ClubAccess.Actor.allCases {
            for action in Action.allCases {
                for state in [nil] + State.allCases.map(Optional.some) {
                    #expect(
                        MeetingRules.decide(action, by: actor, state: state) == Self.expected(actor, action, state),
                        "\(actor) \(action) \(String(describing: state))")
                    cells += 1
                }
            }
        }
        #expect(cells == 5 * 7 * 5)
    }

    @Test(
        "to a reader outside the club (a public club's visitor too) every meeting is not found",
        arguments: [ClubAccess.Actor.otherReader, .anonymous])
    func outsiders(actor: ClubAccess.Actor) {
        for action in Action.allCases {
            for state in State.allCases {
                #expect(MeetingRules.decide(action, by: actor, state: state) == .notFound)
            }
        }
    }

    @Test(
        "a member votes and answers; only the owner and admins plan, change, cancel and decide",
        arguments: [
            (ClubAccess.Actor.member, Action.vote, State?.some(.poll), MeetingRules.Decision.allow),
            (.member, .answer, .scheduled, .allow),
            (.member, .create, nil, .forbidden),
            (.member, .decide, .poll, .forbidden),
            (.member, .cancel, .scheduled, .forbidden),
            (.member, .change, .scheduled, .forbidden),
            (.admin, .decide, .poll, .allow),
            (.admin, .cancel, .scheduled, .allow),
            (.owner, .create, nil, .allow),
            (.owner, .answer, .poll, .refused(.undecided)),
            (.owner, .vote, .scheduled, .refused(.decided)),
            (.owner, .decide, .scheduled, .refused(.decided)),
            (.member, .answer, .over, .refused(.over)),
            (.member, .answer, .cancelled, .refused(.cancelled)),
            (.owner, .cancel, .cancelled, .allow),
            (.owner, .cancel, .over, .refused(.over)),
            (.admin, .change, .cancelled, .refused(.cancelled)),
        ])
    func cases(actor: ClubAccess.Actor, action: Action, state: State?, decision: MeetingRules.Decision) {
        #expect(MeetingRules.decide(action, by: actor, state: state) == decision)
    }

    @Test("a meeting is a poll until decided, scheduled until it ends, then over; cancelled wins")
    func states() {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let end = start.addingTimeInterval(7200)
        #expect(MeetingRules.state(startsAt: nil, endsAt: nil, cancelled: false, now: start) == .poll)
        #expect(
            MeetingRules.state(startsAt: start, endsAt: end, cancelled: false, now: start.addingTimeInterval(-1)) == .scheduled)
        #expect(
            MeetingRules.state(startsAt: start, endsAt: end, cancelled: false, now: start.addingTimeInterval(60)) == .scheduled)
        #expect(MeetingRules.state(startsAt: start, endsAt: end, cancelled: false, now: end) == .over)
        #expect(MeetingRules.state(startsAt: start, endsAt: nil, cancelled: false, now: start) == .over)
        #expect(
            MeetingRules.state(startsAt: start, endsAt: nil, cancelled: true, now: start.addingTimeInterval(-60)) == .cancelled)
    }

    @Test("answers are yes, no or maybe in any case; anything else names the field")
    func answers() throws {
        #expect(try MeetingAnswer.parse("Maybe") == .maybe)
        #expect(throws: ValidationError(field: "answer", "answer yes, no or maybe")) { try MeetingAnswer.parse("perhaps") }
        #expect(throws: ValidationError(field: "answer", "answer yes, no or maybe")) { try MeetingAnswer.parse(nil) }
    }
}

@Suite("A meeting as it is planned")
struct MeetingDraftTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    func field(_ draft: MeetingDraft) -> String? {
        do {
            _ = try draft.validatedForCreate(defaultTimeZone: "Europe/Berlin")
            return nil
        } catch let error as ValidationError {
            return error.field
        } catch {
            return "?"
        }
    }

    @Test("a meeting with a date: title trimmed, the planner's zone when none is named, the link checked")
    func dated() throws {
        let valid = try MeetingDraft(
            title: "  Piranesi, part one ", startsAt: start, endsAt: start.addingTimeInterval(5400), place: "Café Lotte",
            link: "https://meet.example/abc"
        ).validatedForCreate(defaultTimeZone: "Europe/Berlin")
        #expect(valid.title == "Piranesi, part one")
        #expect(valid.timeZone == "Europe/Berlin")
        #expect(valid.options.isEmpty)
        let named = try MeetingDraft(title: "x", startsAt: start, timeZone: "America/Chicago").validatedForCreate(
            defaultTimeZone: "UTC")
        #expect(named.timeZone == "America/Chicago")
    }

    @Test("a date poll: its times sorted, two to ten of them, each once, and no end until decided")
    func poll() throws {
        let times = [start.addingTimeInterval(86_400), start]
        let valid = try MeetingDraft(title: "Next one", options: times).validatedForCreate(defaultTimeZone: "UTC")
        #expect(valid.options == [start, start.addingTimeInterval(86_400)])
        #expect(valid.startsAt == nil)
        #expect(field(MeetingDraft(title: "x", options: [start])) == "options")
        #expect(
            field(MeetingDraft(title: "x", options: (0..<11).map { start.addingTimeInterval(Double($0) * 3600) })) == "options")
        #expect(field(MeetingDraft(title: "x", options: [start, start.addingTimeInterval(20)])) == "options")
        #expect(field(MeetingDraft(title: "x", endsAt: start, options: times)) == "endsAt")
        #expect(field(MeetingDraft(title: "x", startsAt: start, options: times)) == "options")
    }

    @Test(
        "each mistake names its field",
        arguments: [
            (MeetingDraft(startsAt: Date(timeIntervalSince1970: 1_800_000_000)), "title"),
            (MeetingDraft(title: "x"), "startsAt"),
            (
                MeetingDraft(
                    title: "x", startsAt: Date(timeIntervalSince1970: 1_800_000_000),
                    endsAt: Date(timeIntervalSince1970: 1_800_000_000)), "endsAt"
            ),
            (
                MeetingDraft(
                    title: "x", startsAt: Date(timeIntervalSince1970: 1_800_000_000),
                    endsAt: Date(timeIntervalSince1970: 1_800_000_000 + 90_000)), "endsAt"
            ),
            (MeetingDraft(title: "x", startsAt: Date(timeIntervalSince1970: 0)), "startsAt"),
            (MeetingDraft(title: "x", startsAt: Date(timeIntervalSince1970: 1_800_000_000), link: "javascript:alert(1)"), "link"),
            (
                MeetingDraft(
                    title: "x", startsAt: Date(timeIntervalSince1970: 1_800_000_000),
                    link: "https://m.example/x\"><form action=//evil>"),
                "link"
            ),
            (
                MeetingDraft(
                    title: "x", startsAt: Date(timeIntervalSince1970: 1_800_000_000),
                    link: "https://m.example/\r\nEND:VEVENT\r\nBEGIN:VEVENT"), "link"
            ),
            (
                MeetingDraft(title: "x", startsAt: Date(timeIntervalSince1970: 1_800_000_000), timeZone: "Mars/Olympus"),
                "timeZone"
            ),
            (
                MeetingDraft(
                    title: "x", startsAt: Date(timeIntervalSince1970: 1_800_000_000),
                    place: String(repeating: "p", count: Limits.shortTextMaxLength + 1)), "place"
            ),
        ])
    func mistakes(draft: MeetingDraft, field expected: String) {
        #expect(field(draft) == expected)
    }

    @Test("a change keeps what it does not name, clears what it is told to, and never dates a poll")
    func change() throws {
        let current = try MeetingDraft(
            title: "One", startsAt: start, endsAt: start.addingTimeInterval(3600), place: "Library"
        ).validatedForCreate(defaultTimeZone: "UTC")
        let moved = try MeetingDraft(startsAt: start.addingTimeInterval(600)).validatedChange(of: current, clear: ["place"])
        #expect(moved.title == "One")
        #expect(moved.startsAt == start.addingTimeInterval(600))
        #expect(moved.endsAt == start.addingTimeInterval(3600))
        #expect(moved.place == nil)
        #expect(throws: ValidationError(field: "endsAt", "a meeting ends after it starts")) {
            try MeetingDraft(startsAt: start.addingTimeInterval(7200)).validatedChange(of: current)
        }
        let poll = try MeetingDraft(title: "P", options: [start, start.addingTimeInterval(3600)]).validatedForCreate(
            defaultTimeZone: "UTC")
        #expect(throws: ValidationError(field: "startsAt", "decide the poll to set its date")) {
            try MeetingDraft(startsAt: start).validatedChange(of: poll)
        }
    }
}
