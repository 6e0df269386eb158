import DogearCore
import DogearServices
import DogearStore
import Foundation

/// `POST /api/v1/clubs`: a new club's fields.
package struct CreateClubRequest: Decodable, Sendable {
    package var name: String?
    package var description: String?
    package var coverUrl: String?
    package var isPublic: Bool?
    package var approvesJoins: Bool?

    package var draft: ClubDraft {
        ClubDraft(name: name, description: description, coverUrl: coverUrl, isPublic: isPublic, approvesJoins: approvesJoins)
    }
}

/// `PATCH /api/v1/clubs/{id}`: only the fields given change; `null` clears a description or cover.
package struct UpdateClubRequest: Decodable, Sendable {
    package var name: Patch<String> = .absent
    package var description: Patch<String> = .absent
    package var coverUrl: Patch<String> = .absent
    package var isPublic: Patch<Bool> = .absent
    package var approvesJoins: Patch<Bool> = .absent

    package var draft: ClubDraft {
        ClubDraft(
            ProfileDraft(name: name, description: description, pictureUrl: coverUrl, isPublic: isPublic),
            approvesJoins: approvesJoins.change ?? nil)
    }
}

/// `POST /api/v1/clubs/join`.
package struct JoinClubRequest: Decodable, Sendable {
    package var code: String?
}

/// `PATCH /api/v1/clubs/{id}/members/{userId}`: a role (owner or admin changing another member),
/// or `hidesProgress` (a member about themselves).
package struct UpdateClubMemberRequest: Decodable, Sendable {
    package var role: String?
    package var hidesProgress: Bool?
}

/// `POST /api/v1/clubs/{id}/owner`.
package struct TransferClubRequest: Decodable, Sendable {
    package var userId: UUID?
}

/// `PUT /api/v1/clubs/{id}/current-book` and `POST /api/v1/clubs/{id}/proposals`: a book by work,
/// one of the reader's entries, or an ISBN.
package struct ClubBookRequest: Decodable, Sendable {
    package var workId: UUID?
    package var entryId: UUID?
    package var isbn: String?
    package var startDate: String?

    package var choice: WorkChoice { WorkChoice(workId: workId, entryId: entryId, isbn: isbn) }
}

/// `PUT /api/v1/clubs/{id}/schedule`.
package struct ClubScheduleRequest: Decodable, Sendable {
    package var milestones: [MilestoneDraft]?
}

/// `POST /api/v1/clubs/{id}/comments` and `PATCH /api/v1/comments/{id}`.
package struct ClubCommentRequest: Decodable, Sendable {
    package var body: String?
    package var page: Int?
    package var percent: Double?
    package var parentId: UUID?
    /// Any comment of the club's: the reply joins that comment's thread.
    package var replyTo: UUID?
    package var noteId: UUID?

    package var draft: CommentDraft { CommentDraft(body: body, page: page, percent: percent) }
}
