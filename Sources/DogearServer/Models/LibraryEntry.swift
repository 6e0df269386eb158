import DogearCore
import Fluent
import Foundation

/// One work in one user's library. Unique per (user, work).
final class LibraryEntry: Model, @unchecked Sendable {
    static let schema = "library_entries"

    // MARK: managed
    @ID(key: .id) var id: UUID?
    @Timestamp(key: "created_at", on: .none) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) var updatedAt: Date?

    // MARK: data
    @Field(key: "status") var status: ReadingStatus
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
        self.status = .wantToRead
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

    /// A new entry with what the reader set (a form, the API or an import row). The reading state
    /// (status, dates, progress) is the caller's: adding by hand applies the status rules, an
    /// import records the file's history as it is.
    convenience init(userID: UUID, workID: UUID, editionID: UUID?, dateAdded: Date, fields: ValidEntry) {
        self.init(userID: userID, workID: workID, editionID: editionID, dateAdded: dateAdded)
        owned = fields.owned
        onWishlist = fields.onWishlist
        favorite = fields.favorite
        rating = fields.rating
        preciseRating = fields.preciseRating
        dailyGoalPages = fields.dailyGoalPages
        recommendedBy = fields.recommendedBy
        wouldRecommend = fields.wouldRecommend
        isPublic = fields.isPublic
        countsTowardCulturalGoal = fields.countsTowardCulturalGoal
        culturalGoalCategory = fields.culturalGoalCategory
    }
}

extension LibraryEntry {
    /// The fields the status and progress rules work on, as Core values.
    var readingState: ReadingState {
        get {
            ReadingState(
                status: status,
                dateStarted: dateStarted.flatMap(LocalDate.init),
                dateFinished: dateFinished.flatMap(LocalDate.init),
                currentPage: currentPage,
                currentMinutes: currentMinutes,
                progress: progress,
                readCount: readCount)
        }
        set {
            status = newValue.status
            dateStarted = newValue.dateStarted?.description
            dateFinished = newValue.dateFinished?.description
            currentPage = newValue.currentPage
            currentMinutes = newValue.currentMinutes
            progress = newValue.progress
            readCount = newValue.readCount
        }
    }
}

extension LibraryEntry {
    /// New entries as an import writes them, all at once (`BulkInsert`).
    struct BulkRow: Sendable {
        let entry: LibraryEntry
        let now: Date
    }

    static let bulk = BulkTable<BulkRow>(
        "library_entries",
        [
            .init("id", .uuid) { .uuid($0.entry.id) },
            .init("user_id", .uuid) { .uuid($0.entry.$user.id) },
            .init("work_id", .uuid) { .uuid($0.entry.$work.id) },
            .init("edition_id", .uuid) { .uuid($0.entry.$edition.id) },
            .init("status", .text) { .text($0.entry.status.rawValue) },
            .init("owned", .bool) { .bool($0.entry.owned) },
            .init("on_wishlist", .bool) { .bool($0.entry.onWishlist) },
            .init("favorite", .bool) { .bool($0.entry.favorite) },
            .init("rating", .int) { .int($0.entry.rating) },
            .init("precise_rating", .double) { .double($0.entry.preciseRating) },
            .init("date_added", .date) { .date($0.entry.dateAdded) },
            .init("date_started", .text) { .text($0.entry.dateStarted) },
            .init("date_finished", .text) { .text($0.entry.dateFinished) },
            .init("current_page", .int) { .int($0.entry.currentPage) },
            .init("current_minutes", .int) { .int($0.entry.currentMinutes) },
            .init("progress", .double) { .double($0.entry.progress) },
            .init("daily_goal_pages", .int) { .int($0.entry.dailyGoalPages) },
            .init("total_minutes", .int) { .int($0.entry.totalMinutes) },
            .init("read_count", .int) { .int($0.entry.readCount) },
            .init("recommended_by", .text) { .text($0.entry.recommendedBy) },
            .init("would_recommend", .bool) { .bool($0.entry.wouldRecommend) },
            .init("is_public", .bool) { .bool($0.entry.isPublic) },
            .init("counts_toward_cultural_goal", .bool) { .bool($0.entry.countsTowardCulturalGoal) },
            .init("cultural_goal_category", .text) { .text($0.entry.culturalGoalCategory) },
            .init("created_at", .date) { .date($0.now) },
            .init("updated_at", .date) { .date($0.now) },
        ])
}
