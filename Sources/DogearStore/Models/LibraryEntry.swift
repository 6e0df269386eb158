import DogearCore
import FluentKit
import Foundation

/// One work in one user's library. Unique per (user, work).
package final class LibraryEntry: Model, @unchecked Sendable {
    package static let schema = "library_entries"

    // MARK: managed
    @ID(key: .id) package var id: UUID?
    @Timestamp(key: "created_at", on: .none) package var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) package var updatedAt: Date?

    // MARK: data
    @Field(key: "status") package var status: ReadingStatus
    @Field(key: "owned") package var owned: Bool
    @Field(key: "on_wishlist") package var onWishlist: Bool
    @Field(key: "favorite") package var favorite: Bool
    @OptionalField(key: "rating") package var rating: Int?
    @OptionalField(key: "precise_rating") package var preciseRating: Double?
    @Field(key: "date_added") package var dateAdded: Date
    @OptionalField(key: "date_started") package var dateStarted: String?
    @OptionalField(key: "date_finished") package var dateFinished: String?
    @OptionalField(key: "current_page") package var currentPage: Int?
    @OptionalField(key: "current_minutes") package var currentMinutes: Int?
    @Field(key: "progress") package var progress: Double
    @OptionalField(key: "daily_goal_pages") package var dailyGoalPages: Int?
    @Field(key: "total_minutes") package var totalMinutes: Int
    @Field(key: "read_count") package var readCount: Int
    @OptionalField(key: "recommended_by") package var recommendedBy: String?
    @OptionalField(key: "would_recommend") package var wouldRecommend: Bool?
    @Field(key: "is_public") package var isPublic: Bool
    @Field(key: "counts_toward_cultural_goal") package var countsTowardCulturalGoal: Bool
    @OptionalField(key: "cultural_goal_category") package var culturalGoalCategory: String?
    /// When the reader last read it here (a page, a session, starting it); Home's order. Not set
    /// by imports or by edits that are not reading (a rating, a tag).
    @OptionalField(key: "last_read_at") package var lastReadAt: Date?

    // MARK: relationships
    @Parent(key: "user_id") package var user: User
    @Parent(key: "work_id") package var work: Work
    @OptionalParent(key: "edition_id") package var edition: Edition?

    /// The property wrappers, listed by hand: Fluent's default finds them by reflection each time a
    /// row is read or saved, the costliest step of a write (`ModelPropertiesTests` holds this list
    /// to the declarations above).
    package var properties: [any AnyProperty] { fields }

    /// The same list typed as what a row is read into and a save written from: Fluent's own
    /// `input(to:)` and `output(from:)` cast each listed property to that type on every read and
    /// save, and these are the models every request reads or writes.
    private var fields: [any AnyDatabaseProperty] {
        [
            _id, _createdAt, _updatedAt, _status, _owned, _onWishlist, _favorite, _rating, _preciseRating, _dateAdded,
            _dateStarted, _dateFinished, _currentPage, _currentMinutes, _progress, _dailyGoalPages, _totalMinutes, _readCount,
            _recommendedBy, _wouldRecommend, _isPublic, _countsTowardCulturalGoal, _culturalGoalCategory, _lastReadAt, _user,
            _work, _edition,
        ]
    }

    package func input(to input: any DatabaseInput) {
        for field in fields { field.input(to: input) }
    }

    package func output(from output: any DatabaseOutput) throws {
        for field in fields { try field.output(from: output) }
    }

    package init() {}

    package init(userID: UUID, workID: UUID, editionID: UUID?, dateAdded: Date) {
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
    package convenience init(userID: UUID, workID: UUID, editionID: UUID?, dateAdded: Date, fields: ValidEntry) {
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
    package var readingState: ReadingState {
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
        // Only the fields that differ are set: Fluent writes every field set, even to the value it
        // had, and an UPDATE naming `status` or a date makes SQLite compile the statistics triggers
        // into the statement (most of a page update's cost, measured on the writers' threads).
        set {
            if $status.value != newValue.status { status = newValue.status }
            Self.change($dateStarted, to: newValue.dateStarted?.description)
            Self.change($dateFinished, to: newValue.dateFinished?.description)
            Self.change($currentPage, to: newValue.currentPage)
            Self.change($currentMinutes, to: newValue.currentMinutes)
            if $progress.value != newValue.progress { progress = newValue.progress }
            if $readCount.value != newValue.readCount { readCount = newValue.readCount }
        }
    }
}

extension LibraryEntry {
    /// Sets an optional field unless it already holds `value` (a field never set is set).
    fileprivate static func change<Value: Codable & Sendable & Equatable>(
        _ field: OptionalFieldProperty<LibraryEntry, Value>, to value: Value?
    ) {
        if let current = field.value, current == value { return }
        field.value = .some(value)
    }
}
