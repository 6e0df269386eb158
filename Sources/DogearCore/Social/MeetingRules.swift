import Foundation

/// A club's meetings: who may see, plan, change, cancel, decide, vote on and answer them, and in
/// which state. Meetings are inside the club, so to anyone who is not a member (a public club's
/// visitors too) a meeting is "not found", exactly like one that does not exist. Owner and admins
/// plan, change, cancel and decide; every member votes on a date poll and answers yes, no or maybe.
///
/// A meeting is a date poll until a date is decided, then scheduled until it ends (its end, or its
/// start when it has none), then over; cancelling keeps it (calendars are told it is cancelled).
public enum MeetingRules {
    public enum State: String, Sendable, CaseIterable {
        case poll, scheduled, over, cancelled
    }

    public enum Action: String, Sendable, CaseIterable {
        case read, create, change, cancel, decide, vote, answer
    }

    public enum Decision: Equatable, Sendable {
        case allow
        case notFound
        case forbidden
        case refused(Refusal)
    }

    public enum Refusal: String, Sendable, Equatable, CaseIterable {
        case cancelled, decided, undecided, over

        public var message: String {
            switch self {
            case .cancelled: return "this meeting was cancelled"
            case .decided: return "the date is decided: the poll is closed"
            case .undecided: return "the date is not decided yet: vote for the times that suit you"
            case .over: return "this meeting is over"
            }
        }
    }

    /// `state` is nil for `create` (there is no meeting yet).
    public static func decide(_ action: Action, by actor: ClubAccess.Actor, state: State?) -> Decision {
        guard actor.isMember else { return .notFound }
        let runs = actor.runsTheClub
        switch action {
        case .read:
            return .allow
        case .create:
            return runs ? .allow : .forbidden
        case .change:
            guard runs else { return .forbidden }
            return state == .cancelled ? .refused(.cancelled) : .allow
        case .cancel:
            // Cancelling a cancelled meeting changes nothing and is allowed (a retry); an over
            // meeting stays as it happened.
            guard runs else { return .forbidden }
            return state == .over ? .refused(.over) : .allow
        case .decide:
            guard runs else { return .forbidden }
            switch state {
            case .poll: return .allow
            case .cancelled: return .refused(.cancelled)
            default: return .refused(.decided)
            }
        case .vote:
            switch state {
            case .poll: return .allow
            case .cancelled: return .refused(.cancelled)
            default: return .refused(.decided)
            }
        case .answer:
            switch state {
            case .scheduled: return .allow
            case .poll: return .refused(.undecided)
            case .over: return .refused(.over)
            case .cancelled, nil: return .refused(.cancelled)
            }
        }
    }

    /// The state at `now`: cancelled, a poll (no start yet), over once it has ended (its end, or
    /// its start when it has no end), else scheduled.
    public static func state(startsAt: Date?, endsAt: Date?, cancelled: Bool, now: Date) -> State {
        if cancelled { return .cancelled }
        guard let startsAt else { return .poll }
        return now >= (endsAt ?? startsAt) ? .over : .scheduled
    }
}

/// An RSVP: whether a member comes.
public enum MeetingAnswer: String, Sendable, CaseIterable, Codable {
    case yes, no, maybe

    public static func parse(_ text: String?) throws -> MeetingAnswer {
        guard let text, let answer = MeetingAnswer(rawValue: text.lowercased()) else {
            throw ValidationError(field: "answer", "answer yes, no or maybe")
        }
        return answer
    }
}

extension Limits {
    /// Times a date poll offers.
    public static let meetingOptions = 2...10
    /// Meetings a club has planned and not yet held (polls and scheduled ones): what a loop of
    /// "create" can cost a club.
    public static let upcomingMeetingsPerClub = 50
    /// How long a meeting may last.
    public static let meetingMaxSeconds: TimeInterval = 24 * 3600
    /// Times before 2000 or after 2100 are typing mistakes (and calendars choke on them).
    public static let meetingYears = 2000...2100
}
