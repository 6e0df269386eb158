import Foundation

/// What a reader is told of, and how. Each kind goes to the reader's inbox (`/notifications` and
/// the bell); the reader chooses per kind whether it also goes out by email (in a daily or weekly
/// digest) and by push.
public enum NotificationKind: String, Sendable, CaseIterable, Codable {
    /// A comment answering yours.
    case reply
    /// A comment naming you as `@display name`.
    case mention
    case meetingPlanned, meetingChanged, meetingCancelled
    /// 24 hours before a meeting you said yes or maybe to.
    case meetingReminder
    /// Your club started a new book.
    case clubBook
    /// Someone joined a club you run.
    case memberJoined
    /// A milestone of your club's schedule is two days away and you are behind it.
    case behindSchedule
}

public enum DigestFrequency: String, Sendable, CaseIterable, Codable {
    case off, daily, weekly

    /// How long a period of this digest lasts, in seconds (nil when off).
    public var period: TimeInterval? {
        switch self {
        case .off: return nil
        case .daily: return 86_400
        case .weekly: return 7 * 86_400
        }
    }
}

/// A kind's channels for one reader.
public struct NotificationChannels: Sendable, Equatable, Codable {
    public var email: DigestFrequency
    public var push: Bool

    public init(email: DigestFrequency, push: Bool) {
        self.email = email
        self.push = push
    }

    /// Until the reader chooses: no mail (a self-hosted server should not start mailing people
    /// unasked), push on (it needs the reader to allow it in their browser first anyway).
    public static let defaults = NotificationChannels(email: .off, push: true)
}

public enum NotificationRules {
    /// Who a new comment tells, and of what: the author of the comment it answers (a reply), then
    /// each member it mentions (a mention), never its writer, and each reader once (a reply that
    /// also mentions its addressee is one reply). Only members hear of it.
    public static func commentRecipients(
        writer: UUID, repliedTo: UUID?, mentioned: [UUID], members: Set<UUID>
    ) -> [(reader: UUID, kind: NotificationKind)] {
        var told: [(UUID, NotificationKind)] = []
        var seen: Set<UUID> = [writer]
        if let repliedTo, members.contains(repliedTo), seen.insert(repliedTo).inserted { told.append((repliedTo, .reply)) }
        for reader in mentioned.prefix(mentionsPerComment) where members.contains(reader) && seen.insert(reader).inserted {
            told.append((reader, .mention))
        }
        return told
    }

    /// How many members one comment can mention: naming the whole club in every comment is not a
    /// way to flood 500 inboxes.
    public static let mentionsPerComment = 20

    /// A meeting made, changed or cancelled, a new book: every member but whoever did it.
    public static func clubRecipients(actor: UUID, members: [UUID]) -> [UUID] {
        var seen: Set<UUID> = [actor]
        return members.filter { seen.insert($0).inserted }
    }

    /// How long before a meeting its reminder goes out.
    public static let reminderLead: TimeInterval = 24 * 3600

    /// Whether a member who answered `answer` is reminded of a meeting starting at `startsAt`, at
    /// `now`: yes or maybe, within the day before it starts (a sweep that ran late still reminds
    /// before the start, never after).
    public static func remind(answer: MeetingAnswer?, startsAt: Date, now: Date) -> Bool {
        guard answer == .yes || answer == .maybe else { return false }
        return now < startsAt && startsAt.timeIntervalSince(now) <= reminderLead
    }

    /// How many days before a milestone a member who is behind it hears so.
    public static let behindLeadDays = 2

    /// Whether a member at `reached` (0…1, nil when not started) is told a milestone due on `due`,
    /// asking for `needed` (0…1), is coming while they are behind: within two days of it, not after,
    /// and not once they finished the book. (It is told to them alone, so hiding their progress
    /// from the club does not stop it.)
    public static func warnBehind(reached: Double?, needed: Double, due: LocalDate, today: LocalDate, finished: Bool)
        -> Bool
    {
        guard !finished else { return false }
        let days = due.dayNumber - today.dayNumber
        guard (0...behindLeadDays).contains(days) else { return false }
        return (reached ?? 0) + 0.01 < needed
    }
}

/// Who may read and change a reader's notifications, their settings and their push
/// subscriptions: only that reader (there is no id of another reader's in any of these routes, and
/// an id of another's notification changes nothing), a read-only app token reading only.
public enum NotificationAccess {
    public enum Caller: Equatable, Sendable {
        case session
        case appToken(Set<TokenScope>)
        case anonymous
    }

    public enum Action: String, Sendable, CaseIterable {
        case list, markRead, readSettings, changeSettings, subscribePush, unsubscribePush
    }

    public enum Decision: Equatable, Sendable { case allow, unauthorized, insufficientScope }

    public static func decide(_ caller: Caller, _ action: Action) -> Decision {
        switch caller {
        case .anonymous: return .unauthorized
        case .session: return .allow
        case .appToken(let scopes):
            let reads = action == .list || action == .readSettings
            return TokenScope.decide(scopes: scopes, isRead: reads, managesAccount: false) == .allow ? .allow : .insufficientScope
        }
    }
}

/// `@display name` in a comment, resolved among the club's members only: the longest member's
/// name that follows an `@` (any case) and ends at a word's end. A name two members share is
/// nobody's (it cannot say which).
public enum Mentions {
    public static func find(in text: String, among members: [(id: UUID, name: String)]) -> [UUID] {
        var byName: [String: [UUID]] = [:]
        for member in members {
            let name = member.name.trimmingCharacters(in: .whitespaces).lowercased()
            if !name.isEmpty { byName[name, default: []].append(member.id) }
        }
        let names = byName.keys.sorted { $0.count > $1.count }
        let lower = text.lowercased()
        var found: [UUID] = []
        var index = lower.startIndex
        while let at = lower[index...].firstIndex(of: "@") {
            let start = lower.index(after: at)
            index = start
            // An address ("ann@example.com") is not a mention: the @ must start a word.
            if at > lower.startIndex, lower[lower.index(before: at)].isLetter || lower[lower.index(before: at)].isNumber {
                continue
            }
            for name in names where lower[start...].hasPrefix(name) {
                let end = lower.index(start, offsetBy: name.count)
                if end < lower.endIndex, lower[end].isLetter || lower[end].isNumber { continue }
                if let ids = byName[name], ids.count == 1, !found.contains(ids[0]) { found.append(ids[0]) }
                index = end
                break
            }
        }
        return found
    }
}
