import DogearCore
import DogearServices
import DogearStore
import Vapor

extension SearchMatch: Content {}

package struct ReadThroughDTO: Content, Equatable {
    @Nullable package var startedOn: String?
    @Nullable package var finishedOn: String?
    package let outcome: String
}

/// Another edition of the book the reader has, with the rating and read date given to it.
package struct OtherEditionDTO: Content {
    package let edition: EditionDTO
    @Nullable package var rating: Int?
    @Nullable package var dateRead: String?
}

/// A library entry as the API shows it: the entry, its work and edition, tags, and what the
/// sessions add up to (pace, estimated finish).
package struct EntryDTO: Content {
    package let id: UUID
    package let work: WorkDTO
    @Nullable package var edition: EditionDTO?
    package let status: String
    package let owned: Bool
    package let onWishlist: Bool
    package let favorite: Bool
    @Nullable package var rating: Int?
    @Nullable package var preciseRating: Double?
    package let dateAdded: Date
    @Nullable package var dateStarted: String?
    @Nullable package var dateFinished: String?
    @Nullable package var currentPage: Int?
    @Nullable package var currentMinutes: Int?
    package let progress: Double
    package let readCount: Int
    package let totalMinutes: Int
    @Nullable package var dailyGoalPages: Int?
    @Nullable package var pagesPerDay: Double?
    @Nullable package var estimatedFinish: String?
    @Nullable package var recommendedBy: String?
    @Nullable package var wouldRecommend: Bool?
    package let isPublic: Bool
    package let countsTowardCulturalGoal: Bool
    @Nullable package var culturalGoalCategory: String?
    package let tags: [String]
    package let readThroughs: [ReadThroughDTO]
    /// The reader's other editions of the book (a hardcover and the Kindle edition), oldest first.
    package var otherEditions: [OtherEditionDTO] = []
    @Nullable package var createdAt: Date?
    @Nullable package var updatedAt: Date?
    /// With a search query: which fields matched and the passage ("matched in notes: '…'").
    @Nullable package var matches: [SearchMatch]? = nil
}
