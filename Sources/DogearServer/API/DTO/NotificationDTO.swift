import DogearCore
import DogearServices
import DogearViews
import Foundation
import Vapor

/// A notification as its reader sees it (`NotificationRecord`), with the page it leads to.
package struct NotificationDTO: Content {
    package struct Club: Content, Equatable {
        package let id: UUID
        package let name: String
    }

    package let id: UUID
    package let kind: String
    @Nullable package var club: Club?
    @Nullable package var actor: PersonRef?
    @Nullable package var subjectId: UUID?
    @Nullable package var title: String?
    /// A comment's opening words; null when hidden by the spoiler gate (see `hiddenUntil`).
    @Nullable package var text: String?
    @Nullable package var hiddenUntil: String?
    /// The sentence a list shows: "Bob replied to you in Family".
    package let summary: String
    /// The page it leads to (a path on this server).
    package let path: String
    package let createdAt: Date
    @Nullable package var readAt: Date?

    package init(_ record: NotificationRecord) {
        id = record.id
        kind = record.kind.rawValue
        club = record.club.map { Club(id: $0.id, name: $0.name) }
        actor = record.actor
        subjectId = record.subjectID
        title = record.title
        text = record.text
        hiddenUntil = record.hiddenUntil
        summary = NotificationWords.summary(
            kind: record.kind, actor: record.actor?.displayName, club: record.club?.name, title: record.title)
        path = NotificationWords.path(kind: record.kind, clubID: record.club?.id)
        createdAt = record.createdAt
        readAt = record.readAt
    }
}

package struct NotificationsPageDTO: Content {
    package let items: [NotificationDTO]
    package let unreadCount: Int
    @Nullable package var nextCursor: String?
}

package struct UnreadCountDTO: Content {
    package let unreadCount: Int
}

/// `POST /api/v1/notifications/read`.
package struct MarkNotificationsReadRequest: Decodable, Sendable {
    package var ids: [UUID]?
    package var all: Bool?
}
