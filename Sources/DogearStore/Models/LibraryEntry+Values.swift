import DogearCore
import Foundation

extension LibraryEntry {
    /// A new entry as plain values: what an import plans for a row and writes with `BulkInsert`
    /// (`LibraryEntry.bulk`). Making the Fluent model for every row of a file (thirty property
    /// wrappers made, set, read back and released) was a tenth of the import's writer thread in
    /// `dogear bench import`'s profile. The model is made from its values only where a rule works on
    /// the model (`EntryMerge`, for a second row of the same book).
    package struct Values: Sendable, Equatable {
        package var id: UUID
        package var userID: UUID
        package var workID: UUID
        package var editionID: UUID?
        package var status: ReadingStatus = .wantToRead
        package var owned = true
        package var onWishlist = false
        package var favorite = false
        package var rating: Int?
        package var preciseRating: Double?
        package var dateAdded: Date
        package var dateStarted: String?
        package var dateFinished: String?
        package var currentPage: Int?
        package var currentMinutes: Int?
        package var progress: Double = 0
        package var dailyGoalPages: Int?
        package var totalMinutes = 0
        package var readCount = 0
        package var recommendedBy: String?
        package var wouldRecommend: Bool?
        package var isPublic = true
        package var countsTowardCulturalGoal = false
        package var culturalGoalCategory: String?

        /// A new entry with what the reader set, as `LibraryEntry(userID:workID:editionID:dateAdded:fields:)`.
        package init(id: UUID, userID: UUID, workID: UUID, editionID: UUID?, dateAdded: Date, fields: ValidEntry) {
            self.id = id
            self.userID = userID
            self.workID = workID
            self.editionID = editionID
            self.dateAdded = dateAdded
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

        /// The values of a model's columns (after a rule changed the model made from them).
        package init(_ entry: LibraryEntry) {
            id = entry.id!
            userID = entry.$user.id
            workID = entry.$work.id
            editionID = entry.$edition.id
            status = entry.status
            owned = entry.owned
            onWishlist = entry.onWishlist
            favorite = entry.favorite
            rating = entry.rating
            preciseRating = entry.preciseRating
            dateAdded = entry.dateAdded
            dateStarted = entry.dateStarted
            dateFinished = entry.dateFinished
            currentPage = entry.currentPage
            currentMinutes = entry.currentMinutes
            progress = entry.progress
            dailyGoalPages = entry.dailyGoalPages
            totalMinutes = entry.totalMinutes
            readCount = entry.readCount
            recommendedBy = entry.recommendedBy
            wouldRecommend = entry.wouldRecommend
            isPublic = entry.isPublic
            countsTowardCulturalGoal = entry.countsTowardCulturalGoal
            culturalGoalCategory = entry.culturalGoalCategory
        }

        /// The reading state the status and progress rules work on.
        package var readingState: ReadingState {
            get {
                ReadingState(
                    status: status, dateStarted: dateStarted.flatMap(LocalDate.init),
                    dateFinished: dateFinished.flatMap(LocalDate.init), currentPage: currentPage,
                    currentMinutes: currentMinutes, progress: progress, readCount: readCount)
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

    /// The model of these values, every column set.
    package convenience init(values: Values) {
        self.init(userID: values.userID, workID: values.workID, editionID: values.editionID, dateAdded: values.dateAdded)
        id = values.id
        status = values.status
        owned = values.owned
        onWishlist = values.onWishlist
        favorite = values.favorite
        rating = values.rating
        preciseRating = values.preciseRating
        dateStarted = values.dateStarted
        dateFinished = values.dateFinished
        currentPage = values.currentPage
        currentMinutes = values.currentMinutes
        progress = values.progress
        dailyGoalPages = values.dailyGoalPages
        totalMinutes = values.totalMinutes
        readCount = values.readCount
        recommendedBy = values.recommendedBy
        wouldRecommend = values.wouldRecommend
        isPublic = values.isPublic
        countsTowardCulturalGoal = values.countsTowardCulturalGoal
        culturalGoalCategory = values.culturalGoalCategory
    }

    /// New entries as an import writes them, all at once (`BulkInsert`).
    package struct BulkRow: Sendable {
        package let entry: Values
        package let now: Date

        package init(entry: Values, now: Date) {
            self.entry = entry
            self.now = now
        }
    }

    package static let bulk = BulkTable<BulkRow>(
        "library_entries",
        [
            .init("id", .uuid) { .uuid($0.entry.id) },
            .init("user_id", .uuid) { .uuid($0.entry.userID) },
            .init("work_id", .uuid) { .uuid($0.entry.workID) },
            .init("edition_id", .uuid) { .uuid($0.entry.editionID) },
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
