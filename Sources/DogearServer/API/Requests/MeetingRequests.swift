import DogearCore
import DogearServices
import Foundation

/// `POST /api/v1/clubs/{id}/meetings`: a meeting with its start, or a date poll with `options`.
package struct CreateMeetingRequest: Decodable, Sendable {
    package var title: String?
    package var startsAt: Date?
    package var endsAt: Date?
    package var place: String?
    package var link: String?
    package var timeZone: String?
    package var milestoneId: UUID?
    package var options: [Date]?

    package var draft: MeetingDraft {
        MeetingDraft(
            title: title, startsAt: startsAt, endsAt: endsAt, place: place, link: link, timeZone: timeZone, options: options)
    }
}

/// `PATCH /api/v1/meetings/{id}`: only the fields given change; `null` clears an end, a place, a
/// link or a milestone.
package struct UpdateMeetingRequest: Decodable, Sendable {
    package var title: Patch<String> = .absent
    package var startsAt: Patch<Date> = .absent
    package var endsAt: Patch<Date> = .absent
    package var place: Patch<String> = .absent
    package var link: Patch<String> = .absent
    package var timeZone: Patch<String> = .absent
    package var milestoneId: Patch<UUID> = .absent

    package var draft: MeetingDraft {
        MeetingDraft(
            title: title.change ?? nil, startsAt: startsAt.change ?? nil, endsAt: endsAt.change ?? nil,
            place: place.change ?? nil, link: link.change ?? nil, timeZone: timeZone.change ?? nil)
    }

    /// The fields set to null. A title, a start or a zone cannot be cleared: null there is refused.
    package func cleared() throws -> Set<String> {
        for (field, isNull) in [("title", title.isNull), ("startsAt", startsAt.isNull), ("timeZone", timeZone.isNull)]
        where isNull {
            throw ValidationError(field: field, "cannot be cleared")
        }
        var clear = Set<String>()
        if endsAt.isNull { clear.insert("endsAt") }
        if place.isNull { clear.insert("place") }
        if link.isNull { clear.insert("link") }
        return clear
    }
}

/// `PUT /api/v1/meetings/{id}/votes`: the poll's times that suit the reader (all at once).
package struct MeetingVotesRequest: Decodable, Sendable {
    package var options: [UUID]?
}

/// `POST /api/v1/meetings/{id}/decide`.
package struct DecideMeetingRequest: Decodable, Sendable {
    package var optionId: UUID?
}

/// `PUT /api/v1/meetings/{id}/rsvp`.
package struct MeetingAnswerRequest: Decodable, Sendable {
    package var answer: String?
}

extension Patch {
    fileprivate var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}
