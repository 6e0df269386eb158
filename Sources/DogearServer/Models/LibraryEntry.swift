import DogearCore
import Fluent
import Foundation

/// One work in one user's library (SPEC §2). Unique per (user, work).
final class LibraryEntry: Model, @unchecked Sendable {
    static let schema = "library_entries"

    // MARK: managed
    @ID(key: .id) var id: UUID?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    // MARK: data
    @Field(key: "status") var status: String
    @Field(key: "owned") var owned: Bool
    @Field(key: "on_wishlist") var onWishlist: Bool
    @Field(key: "favorite") var favorite: Bool
    @OptionalField(key: "rating") var rating: Int?
    @OptionalField(key: "precise_rating") var preciseRating: Double?
    @Field(key: "date_added") var dateAdded: Date
    @OptionalField(key: "date_started") var dateStarted: String?
    @OptionalField(key: "date_finished") var dateFinished: String?
    @OptionalField(key: "current_page") var currentPage: Int?
    @OptionalField(key: "current_minutes") var currentMinutes: Int?
    @Field(key: "progress") var progress: Double
    @OptionalField(key: "daily_goal_pages") var dailyGoalPages: Int?
    @Field(key: "total_minutes") var totalMinutes: Int
    @Field(key: "read_count") var readCount: Int
    @OptionalField(key: "recommended_by") var recommendedBy: String?
    @OptionalField(key: "would_recommend") var wouldRecommend: Bool?
    @Field(key: "is_public") var isPublic: Bool
    @Field(key: "counts_toward_cultural_goal") var countsTowardCulturalGoal: Bool
    @OptionalField(key: "cultural_goal_category") var culturalGoalCategory: String?

    // MARK: relationships
    @Parent(key: "user_id") var user: User
    @Parent(key: "work_id") var work: Work
    @OptionalParent(key: "edition_id") var edition: Edition?

    init() {}

    init(userID: UUID, workID: UUID, editionID: UUID?, dateAdded: Date) {
        self.$user.id = userID
        self.$work.id = workID
        self.$edition.id = editionID
        self.status = ReadingStatus.wantToRead.rawValue
        self.owned = true
        self.onWishlist = false
        self.favorite = false
        self.dateAdded = dateAdded
        self.progress = 0
        self.totalMinutes = 0
        self.readCount = 0
        self.isPublic = true
        self.countsTowardCulturalGoal = false
    }
}

extension LibraryEntry {
    /// The fields the status and progress rules work on, as Core values.
    var readingState: ReadingState {
        get {
            ReadingState(
                status: ReadingStatus(rawValue: status) ?? .wantToRead,
                dateStarted: dateStarted.flatMap(LocalDate.init),
                dateFinished: dateFinished.flatMap(LocalDate.init),
                currentPage: currentPage,
                currentMinutes: currentMinutes,
                progress: progress,
                readCount: readCount)
        }
        set {
            status = newValue.status.rawValue
            dateStarted = newValue.dateStarted?.description
            dateFinished = newValue.dateFinished?.description
            currentPage = newValue.currentPage
            currentMinutes = newValue.currentMinutes
            progress = newValue.progress
            readCount = newValue.readCount
        }
    }
}
