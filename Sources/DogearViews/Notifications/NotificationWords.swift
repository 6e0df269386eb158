import DogearCore
import Foundation

/// What a notification says and where it leads, for the API and the pages alike.
public enum NotificationWords {
    public static func summary(kind: NotificationKind, actor: String?, club: String?, title: String?) -> String {
        let who = actor.flatMap { $0.isEmpty ? nil : $0 } ?? "Someone"
        let inClub = club.map { " in \($0)" } ?? ""
        let named = title.map { " “\($0)”" } ?? ""
        switch kind {
        case .reply: return "\(who) replied to you\(inClub)"
        case .mention: return "\(who) mentioned you\(inClub)"
        case .meetingPlanned: return "\(who) planned a meeting\(named)\(inClub)"
        case .meetingChanged: return "\(who) changed the meeting\(named)\(inClub)"
        case .meetingCancelled: return "\(who) cancelled the meeting\(named)\(inClub)"
        case .meetingReminder: return "Reminder: the meeting\(named)\(inClub) is within a day"
        case .clubBook: return "\(club ?? "Your club") started a new book\(named)"
        case .memberJoined: return "\(who) joined\(inClub)"
        case .behindSchedule: return "You are behind\(inClub)’s schedule: \(title ?? "the next milestone") is coming up"
        }
    }

    public static func path(kind: NotificationKind, clubID: UUID?) -> String {
        guard let clubID else { return SiteURL.notifications.path }
        switch kind {
        case .reply, .mention: return SiteURL.club(clubID).with(fragment: "discussion")
        case .meetingPlanned, .meetingChanged, .meetingCancelled, .meetingReminder:
            return SiteURL.club(clubID).with(fragment: "meetings")
        case .memberJoined: return SiteURL.clubSettings(clubID).path
        case .clubBook, .behindSchedule: return SiteURL.club(clubID).path
        }
    }

    /// What a kind is called in the settings.
    public static func label(_ kind: NotificationKind) -> String {
        switch kind {
        case .reply: return "Replies to you"
        case .mention: return "Mentions of you"
        case .meetingPlanned: return "Meetings planned"
        case .meetingChanged: return "Meetings changed"
        case .meetingCancelled: return "Meetings cancelled"
        case .meetingReminder: return "Reminders a day before a meeting you are going to"
        case .clubBook: return "Your clubs' new books"
        case .memberJoined: return "New members in clubs you run"
        case .behindSchedule: return "A milestone coming up while you are behind"
        }
    }
}
