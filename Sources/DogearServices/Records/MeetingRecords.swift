import DogearCore
import Foundation

/// A club meeting as one member sees it: its times, its state, a poll's times with who chose them,
/// and the answers (counts, the reader's own, and who answered what). Only current members'
/// votes and answers count.
package struct MeetingRecord: Sendable, Equatable {
    package struct Option: Sendable, Equatable {
        package var id: UUID
        package var startsAt: Date
        package var voters: [PersonRef]
        package var chosenByMe: Bool
    }

    package struct Answer: Sendable, Equatable {
        package var person: PersonRef
        package var answer: MeetingAnswer
    }

    package var id: UUID
    package var clubID: UUID
    package var title: String
    package var state: MeetingRules.State
    package var startsAt: Date?
    package var endsAt: Date?
    package var place: String?
    package var link: String?
    package var timeZone: String
    package var milestoneID: UUID?
    package var sequence: Int
    package var createdBy: PersonRef?
    package var createdAt: Date
    package var updatedAt: Date
    package var cancelledAt: Date?
    /// A poll's times, earliest first (a decided poll keeps them, for the record).
    package var options: [Option]
    /// Who answered what, by name.
    package var answers: [Answer]
    package var myAnswer: MeetingAnswer?
    /// The reader runs the club: may change, cancel and decide.
    package var mayManage: Bool

    package func count(_ answer: MeetingAnswer) -> Int { answers.filter { $0.answer == answer }.count }
}

/// A club named in a notification.
package struct ClubRef: Sendable, Equatable {
    package var id: UUID
    package var name: String
}

/// A notification as its reader sees it: a comment's words only past the spoiler gate.
package struct NotificationRecord: Sendable, Equatable {
    package var id: UUID
    package var kind: NotificationKind
    package var club: ClubRef?
    package var actor: PersonRef?
    /// The comment, meeting or milestone it is about.
    package var subjectID: UUID?
    package var title: String?
    /// A comment's opening words; nil when none, or when hidden by the spoiler gate.
    package var text: String?
    /// "page 200" when the comment's words are hidden until the reader gets there.
    package var hiddenUntil: String?
    package var createdAt: Date
    package var readAt: Date?
}

package struct NotificationsPage: Sendable, Equatable {
    package var items: [NotificationRecord]
    package var unreadCount: Int
    package var nextCursor: String?
}
