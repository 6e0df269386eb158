import DogearCore
import Vapor

/// POST /api/v1/library: a book described in `book`, or an existing `workId` / `editionId`,
/// plus what the reader sets on their entry.
struct CreateEntryRequest: Content {
    var book: BookDraft?
    var workId: UUID?
    var editionId: UUID?
    var status: String?
    var owned: Bool?
    var onWishlist: Bool?
    var favorite: Bool?
    var rating: Int?
    var preciseRating: Double?
    var tags: [String]?
    var dateStarted: String?
    var dateFinished: String?
    var dailyGoalPages: Int?
    var recommendedBy: String?
    var wouldRecommend: Bool?
    var isPublic: Bool?
    var countsTowardCulturalGoal: Bool?
    var culturalGoalCategory: String?

    var entryDraft: EntryDraft {
        var draft = EntryDraft()
        draft.status = status
        draft.owned = owned
        draft.onWishlist = onWishlist
        draft.favorite = favorite
        draft.rating = rating
        draft.preciseRating = preciseRating
        draft.tags = tags
        draft.dateStarted = dateStarted
        draft.dateFinished = dateFinished
        draft.dailyGoalPages = dailyGoalPages
        draft.recommendedBy = recommendedBy
        draft.wouldRecommend = wouldRecommend
        draft.isPublic = isPublic
        draft.countsTowardCulturalGoal = countsTowardCulturalGoal
        draft.culturalGoalCategory = culturalGoalCategory
        return draft
    }
}

/// PATCH /api/v1/library/{id}: only the fields present change; `null` clears a field.
struct UpdateEntryRequest: Decodable, Sendable {
    var editionId: Patch<UUID>
    var status: Patch<String>
    var owned: Patch<Bool>
    var onWishlist: Patch<Bool>
    var favorite: Patch<Bool>
    var rating: Patch<Int>
    var preciseRating: Patch<Double>
    var tags: Patch<[String]>
    var dateStarted: Patch<String>
    var dateFinished: Patch<String>
    var dailyGoalPages: Patch<Int>
    var recommendedBy: Patch<String>
    var wouldRecommend: Patch<Bool>
    var isPublic: Patch<Bool>
    var countsTowardCulturalGoal: Patch<Bool>
    var culturalGoalCategory: Patch<String>
}

struct StatusChangeRequest: Content {
    var status: String
    var date: String?
}

struct ProgressRequest: Content {
    var page: Int?
    var percent: Double?
    var minutes: Int?

    func input() throws -> ProgressInput {
        switch (page, percent, minutes) {
        case (let page?, nil, nil): return .page(page)
        case (nil, let percent?, nil): return .percent(percent)
        case (nil, nil, let minutes?): return .minutes(minutes)
        default: throw ValidationError(field: "page", "give exactly one of page, percent or minutes")
        }
    }
}

struct SessionRequest: Content {
    var date: String
    var minutes: Int
    var pagesRead: Int?
    var startPage: Int?
    var endPage: Int?
}

struct NoteRequest: Content {
    var content: String
    var discussion: Bool?
}

struct NoteUpdateRequest: Content {
    var content: String?
    var discussion: Bool?
}

struct QuoteRequest: Content {
    var text: String
    var page: Int?
}
