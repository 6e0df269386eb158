import DogearCore
import Foundation

/// What a write's derived rows need of a reader's entry: whose it is, which book, its reading
/// state, rating and visibility (`WriteChanges`, the club feed, discovery). A value taken when the
/// change is declared, so a write that never loads the Fluent model (a page read) declares the
/// same news as one that does.
package struct EntryFacts: Sendable, Equatable {
    package var id: UUID
    package var userID: UUID
    package var workID: UUID
    package var editionID: UUID?
    package var state: ReadingState
    package var rating: Int?
    package var preciseRating: Double?
    package var isPublic: Bool

    package init(
        id: UUID, userID: UUID, workID: UUID, editionID: UUID?, state: ReadingState, rating: Int?,
        preciseRating: Double?, isPublic: Bool
    ) {
        self.id = id
        self.userID = userID
        self.workID = workID
        self.editionID = editionID
        self.state = state
        self.rating = rating
        self.preciseRating = preciseRating
        self.isPublic = isPublic
    }
}

extension LibraryEntry {
    /// The entry's facts as they stand (a saved entry: it has its id).
    package func facts() throws -> EntryFacts {
        EntryFacts(
            id: try requireID(), userID: $user.id, workID: $work.id, editionID: $edition.id, state: readingState,
            rating: rating, preciseRating: preciseRating, isPublic: isPublic)
    }
}
