import DogearCore
import DogearStore
import Foundation

/// `POST /api/v1/clubs`: a new club's fields.
struct CreateClubRequest: Decodable, Sendable {
    var name: String?
    var description: String?
    var coverUrl: String?
    var isPublic: Bool?
    var approvesJoins: Bool?

    var draft: ClubDraft {
        ClubDraft(name: name, description: description, coverUrl: coverUrl, isPublic: isPublic, approvesJoins: approvesJoins)
    }
}

/// `PATCH /api/v1/clubs/{id}`: only the fields given change; `null` clears a description or cover.
struct UpdateClubRequest: Decodable, Sendable {
    var name: Patch<String> = .absent
    var description: Patch<String> = .absent
    var coverUrl: Patch<String> = .absent
    var isPublic: Patch<Bool> = .absent
    var approvesJoins: Patch<Bool> = .absent

    /// Cleared fields travel as blank text, which the club rules read as "none".
    var draft: ClubDraft {
        ClubDraft(
            name: name.change.map { $0 ?? "" }, description: description.change.map { $0 ?? "" },
            coverUrl: coverUrl.change.map { $0 ?? "" }, isPublic: isPublic.change ?? nil,
            approvesJoins: approvesJoins.change ?? nil)
    }
}

/// `POST /api/v1/clubs/join`.
struct JoinClubRequest: Decodable, Sendable {
    var code: String?
}

/// `PATCH /api/v1/clubs/{id}/members/{userId}`: a role (owner or admin changing another member),
/// or `hidesProgress` (a member about themselves).
struct UpdateClubMemberRequest: Decodable, Sendable {
    var role: String?
    var hidesProgress: Bool?
}

/// `POST /api/v1/clubs/{id}/owner`.
struct TransferClubRequest: Decodable, Sendable {
    var userId: UUID?
}

/// `PUT /api/v1/clubs/{id}/current-book` and `POST /api/v1/clubs/{id}/proposals`: a book by work,
/// one of the reader's entries, or an ISBN.
struct ClubBookRequest: Decodable, Sendable {
    var workId: UUID?
    var entryId: UUID?
    var isbn: String?
    var startDate: String?

    var choice: WorkChoice { WorkChoice(workId: workId, entryId: entryId, isbn: isbn) }
}

/// `PUT /api/v1/clubs/{id}/schedule`.
struct ClubScheduleRequest: Decodable, Sendable {
    var milestones: [MilestoneDraft]?
}

/// `POST /api/v1/clubs/{id}/comments` and `PATCH /api/v1/comments/{id}`.
struct ClubCommentRequest: Decodable, Sendable {
    var body: String?
    var page: Int?
    var percent: Double?
    var parentId: UUID?
    var noteId: UUID?

    var draft: CommentDraft { CommentDraft(body: body, page: page, percent: percent) }
}
