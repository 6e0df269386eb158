import Foundation

/// What a person sets on a library entry when adding a book, before validation.
public struct EntryDraft: Codable, Sendable, Equatable {
    public var status: String?
    public var owned: Bool?
    public var onWishlist: Bool?
    public var favorite: Bool?
    public var rating: Int?
    public var preciseRating: Double?
    public var tags: [String]?
    public var dateStarted: String?
    public var dateFinished: String?
    public var dailyGoalPages: Int?
    public var recommendedBy: String?
    public var wouldRecommend: Bool?
    public var isPublic: Bool?
    public var countsTowardCulturalGoal: Bool?
    public var culturalGoalCategory: String?

    public init() {}

    public func validated() throws -> ValidEntry {
        let parsed = try status.map { try ReadingStatus.parse($0, field: "status") }
        let wishlist = onWishlist ?? parsed?.onWishlist ?? false
        return ValidEntry(
            status: parsed?.status ?? .wantToRead,
            // A wishlist book is one the reader wants to acquire, so not owned unless they say so.
            owned: owned ?? !wishlist,
            onWishlist: wishlist,
            favorite: favorite ?? false,
            rating: try Rating.validateStars(rating),
            preciseRating: try Rating.validatePrecise(preciseRating),
            tags: try TagName.list(tags ?? []),
            dateStarted: try EntryDraft.date(dateStarted, field: "dateStarted"),
            dateFinished: try EntryDraft.date(dateFinished, field: "dateFinished"),
            dailyGoalPages: try dailyGoalPages.map {
                try Validate.number($0, field: "dailyGoalPages", in: Limits.dailyGoalPages)
            },
            recommendedBy: try Validate.optionalText(
                recommendedBy, field: "recommendedBy", maxLength: Limits.recommendedByMaxLength),
            wouldRecommend: wouldRecommend,
            isPublic: isPublic ?? true,
            countsTowardCulturalGoal: countsTowardCulturalGoal ?? false,
            culturalGoalCategory: try Validate.optionalText(
                culturalGoalCategory, field: "culturalGoalCategory", maxLength: Limits.shortTextMaxLength))
    }

    /// A calendar date in `yyyy-MM-dd`; blank means none.
    public static func date(_ raw: String?, field: String) throws -> LocalDate? {
        guard let raw = raw?.trimmingCharacters(in: .whitespaces), !raw.isEmpty else { return nil }
        guard let date = LocalDate(raw) else {
            throw ValidationError(field: field, "must be a date in the form yyyy-MM-dd (got '\(raw)')")
        }
        return date
    }
}

public struct ValidEntry: Sendable, Equatable {
    public var status: ReadingStatus
    public var owned: Bool
    public var onWishlist: Bool
    public var favorite: Bool
    public var rating: Int?
    public var preciseRating: Double?
    public var tags: [TagName]
    public var dateStarted: LocalDate?
    public var dateFinished: LocalDate?
    public var dailyGoalPages: Int?
    public var recommendedBy: String?
    public var wouldRecommend: Bool?
    public var isPublic: Bool
    public var countsTowardCulturalGoal: Bool
    public var culturalGoalCategory: String?
}
