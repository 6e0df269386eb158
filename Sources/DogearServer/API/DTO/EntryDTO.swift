import DogearCore
import DogearStore
import Vapor

extension SearchMatch: Content {}

struct ReadThroughDTO: Content, Equatable {
    @Nullable var startedOn: String?
    @Nullable var finishedOn: String?
    let outcome: String
}

/// Another edition of the book the reader has, with the rating and read date given to it.
struct OtherEditionDTO: Content {
    let edition: EditionDTO
    @Nullable var rating: Int?
    @Nullable var dateRead: String?
}

/// A library entry as the API shows it: the entry, its work and edition, tags, and what the
/// sessions add up to (pace, estimated finish).
struct EntryDTO: Content {
    let id: UUID
    let work: WorkDTO
    @Nullable var edition: EditionDTO?
    let status: String
    let owned: Bool
    let onWishlist: Bool
    let favorite: Bool
    @Nullable var rating: Int?
    @Nullable var preciseRating: Double?
    let dateAdded: Date
    @Nullable var dateStarted: String?
    @Nullable var dateFinished: String?
    @Nullable var currentPage: Int?
    @Nullable var currentMinutes: Int?
    let progress: Double
    let readCount: Int
    let totalMinutes: Int
    @Nullable var dailyGoalPages: Int?
    @Nullable var pagesPerDay: Double?
    @Nullable var estimatedFinish: String?
    @Nullable var recommendedBy: String?
    @Nullable var wouldRecommend: Bool?
    let isPublic: Bool
    let countsTowardCulturalGoal: Bool
    @Nullable var culturalGoalCategory: String?
    let tags: [String]
    let readThroughs: [ReadThroughDTO]
    /// The reader's other editions of the book (a hardcover and the Kindle edition), oldest first.
    var otherEditions: [OtherEditionDTO] = []
    @Nullable var createdAt: Date?
    @Nullable var updatedAt: Date?
    /// With a search query: which fields matched and the passage ("matched in notes: '…'").
    @Nullable var matches: [SearchMatch]? = nil
}
