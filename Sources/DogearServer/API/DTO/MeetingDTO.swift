import DogearCore
import DogearServices
import Foundation
import Vapor

/// A club meeting as a member sees it (`MeetingRecord`): every field always present.
package struct MeetingDTO: Content {
    package struct Option: Content, Equatable {
        package let id: UUID
        package let startsAt: Date
        package let votes: Int
        package let voters: [PersonRef]
        package let chosenByMe: Bool
    }

    package struct Answer: Content, Equatable {
        package let user: PersonRef
        package let answer: String
    }

    package struct RSVP: Content, Equatable {
        package let yes: Int
        package let no: Int
        package let maybe: Int
        @Nullable package var mine: String?
        package let answers: [Answer]
    }

    package let id: UUID
    package let clubId: UUID
    package let title: String
    /// poll, scheduled, over, cancelled.
    package let status: String
    @Nullable package var startsAt: Date?
    @Nullable package var endsAt: Date?
    @Nullable package var place: String?
    @Nullable package var link: String?
    package let timeZone: String
    @Nullable package var milestoneId: UUID?
    package let sequence: Int
    @Nullable package var createdBy: PersonRef?
    package let createdAt: Date
    package let updatedAt: Date
    @Nullable package var cancelledAt: Date?
    package let options: [Option]
    package let rsvp: RSVP
    /// The reader runs the club: may change, cancel and decide.
    package let canManage: Bool

    package init(_ record: MeetingRecord) {
        id = record.id
        clubId = record.clubID
        title = record.title
        status = record.state.rawValue
        startsAt = record.startsAt
        endsAt = record.endsAt
        place = record.place
        link = record.link
        timeZone = record.timeZone
        milestoneId = record.milestoneID
        sequence = record.sequence
        createdBy = record.createdBy
        createdAt = record.createdAt
        updatedAt = record.updatedAt
        cancelledAt = record.cancelledAt
        options = record.options.map {
            Option(id: $0.id, startsAt: $0.startsAt, votes: $0.voters.count, voters: $0.voters, chosenByMe: $0.chosenByMe)
        }
        rsvp = RSVP(
            yes: record.count(.yes), no: record.count(.no), maybe: record.count(.maybe), mine: record.myAnswer?.rawValue,
            answers: record.answers.map { Answer(user: $0.person, answer: $0.answer.rawValue) })
        canManage = record.mayManage
    }
}
