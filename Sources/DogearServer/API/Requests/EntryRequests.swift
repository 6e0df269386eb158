import DogearCore
import DogearServices
import DogearStore
import Vapor

/// POST /api/v1/library: a book described in `book`, or an existing `workId` / `editionId`,
/// plus what the reader sets on their entry (the `EntryDraft` fields, at the top level).
package struct CreateEntryRequest: Decodable, Sendable {
    package var book: BookDraft?
    package var workId: UUID?
    package var editionId: UUID?
    /// Add straight from a lookup: the catalog, then Open Library, then Google Books.
    package var isbn: String?
    package var entryDraft: EntryDraft

    private enum CodingKeys: String, CodingKey {
        case book, workId, editionId, isbn
    }

    package init(book: BookDraft?, entryDraft: EntryDraft) {
        self.book = book
        self.entryDraft = entryDraft
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        book = try container.decodeIfPresent(BookDraft.self, forKey: .book)
        workId = try container.decodeIfPresent(UUID.self, forKey: .workId)
        editionId = try container.decodeIfPresent(UUID.self, forKey: .editionId)
        isbn = try container.decodeIfPresent(String.self, forKey: .isbn)
        entryDraft = try EntryDraft(from: decoder)
    }
}

/// PATCH /api/v1/library/{id}: only the fields present change; `null` clears a field.
package struct UpdateEntryRequest: Decodable, Sendable {
    package var editionId: Patch<UUID>
    package var status: Patch<String>
    package var owned: Patch<Bool>
    package var onWishlist: Patch<Bool>
    package var favorite: Patch<Bool>
    package var rating: Patch<Int>
    package var preciseRating: Patch<Double>
    package var tags: Patch<[String]>
    package var dateStarted: Patch<String>
    package var dateFinished: Patch<String>
    package var dailyGoalPages: Patch<Int>
    package var recommendedBy: Patch<String>
    package var wouldRecommend: Patch<Bool>
    package var isPublic: Patch<Bool>
    package var countsTowardCulturalGoal: Patch<Bool>
    package var culturalGoalCategory: Patch<String>
    /// Corrections to the book's facts of this copy.
    package var copy: CopyRequest? = nil

    package struct CopyRequest: Decodable, Sendable {
        package var title: String?
        package var subtitle: String?
        package var authors: [String]?
        package var pageCount: Int?
        package var format: String?

        package var input: CopyCorrectionInput {
            CopyCorrectionInput(title: title, subtitle: subtitle, authors: authors, pageCount: pageCount, format: format)
        }
    }

    /// A patch that changes nothing, for pages to fill in a field or two.
    package static var empty: UpdateEntryRequest {
        UpdateEntryRequest(
            editionId: .absent, status: .absent, owned: .absent, onWishlist: .absent, favorite: .absent,
            rating: .absent, preciseRating: .absent, tags: .absent, dateStarted: .absent, dateFinished: .absent,
            dailyGoalPages: .absent, recommendedBy: .absent, wouldRecommend: .absent, isPublic: .absent,
            countsTowardCulturalGoal: .absent, culturalGoalCategory: .absent)
    }
}

package struct StatusChangeRequest: Content {
    package var status: String
    package var date: String?
}

package struct ProgressRequest: Content {
    package var page: Int?
    package var percent: Double?
    package var minutes: Int?

    package func input() throws -> ProgressInput {
        switch (page, percent, minutes) {
        case (let page?, nil, nil): return .page(page)
        case (nil, let percent?, nil): return .percent(percent)
        case (nil, nil, let minutes?): return .minutes(minutes)
        default: throw ValidationError(field: "page", "give exactly one of page, percent or minutes")
        }
    }
}

package struct SessionRequest: Content {
    package var date: String
    package var minutes: Int
    package var pagesRead: Int?
    package var startPage: Int?
    package var endPage: Int?
}

package struct NoteRequest: Content {
    package var content: String
    package var discussion: Bool?
}

package struct NoteUpdateRequest: Content {
    package var content: String?
    package var discussion: Bool?
}

package struct QuoteRequest: Content {
    package var text: String
    package var page: Int?
}
