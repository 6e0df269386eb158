import DogearCore
import DogearStore
import Vapor

/// POST /api/v1/library: a book described in `book`, or an existing `workId` / `editionId`,
/// plus what the reader sets on their entry (the `EntryDraft` fields, at the top level).
struct CreateEntryRequest: Decodable, Sendable {
    var book: BookDraft?
    var workId: UUID?
    var editionId: UUID?
    /// Add straight from a lookup: the catalog, then Open Library, then Google Books.
    var isbn: String?
    var entryDraft: EntryDraft

    private enum CodingKeys: String, CodingKey {
        case book, workId, editionId, isbn
    }

    init(book: BookDraft?, entryDraft: EntryDraft) {
        self.book = book
        self.entryDraft = entryDraft
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        book = try container.decodeIfPresent(BookDraft.self, forKey: .book)
        workId = try container.decodeIfPresent(UUID.self, forKey: .workId)
        editionId = try container.decodeIfPresent(UUID.self, forKey: .editionId)
        isbn = try container.decodeIfPresent(String.self, forKey: .isbn)
        entryDraft = try EntryDraft(from: decoder)
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

    /// A patch that changes nothing, for pages to fill in a field or two.
    static var empty: UpdateEntryRequest {
        UpdateEntryRequest(
            editionId: .absent, status: .absent, owned: .absent, onWishlist: .absent, favorite: .absent,
            rating: .absent, preciseRating: .absent, tags: .absent, dateStarted: .absent, dateFinished: .absent,
            dailyGoalPages: .absent, recommendedBy: .absent, wouldRecommend: .absent, isPublic: .absent,
            countsTowardCulturalGoal: .absent, culturalGoalCategory: .absent)
    }
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
