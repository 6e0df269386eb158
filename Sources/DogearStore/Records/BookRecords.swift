import DogearCore
import Foundation

// Works, editions and library entries as the store reads them in one statement each. The API's
// DTOs and the pages' models are built from these, so the JSON can change without the queries.

/// An author as a book names them.
package struct AuthorRef: Codable, Sendable, Equatable {
    package let id: UUID
    package let name: String

    package init(id: UUID, name: String) {
        self.id = id
        self.name = name
    }
}

package struct WorkRecord: Sendable, Equatable {
    package let id: UUID
    package let title: String
    package var subtitle: String? = nil
    package let authors: [AuthorRef]
    package var description: String? = nil
    package var firstPublishedYear: Int? = nil
    package var originalLanguage: String? = nil
    package let genres: [String]
    package var series: String? = nil
    package var seriesNumber: Double? = nil
    package let culturalThemes: [String]
    package let contentWarnings: [String]
    package let awards: [String]
    package var readingDifficulty: String? = nil
    package var estimatedMinutes: Int? = nil
    package var originCountry: String? = nil
    package var translator: String? = nil
    package var translatorNationality: String? = nil
    package let source: String
    package let verified: Bool
    package let qualityScore: Int
    package let reviewStatus: String
    package let readersCount: Int
    package var averageRating: Double? = nil
    package let ratingsCount: Int
    package let externalIds: [String: [String]]

    package init(
        id: UUID, title: String, subtitle: String? = nil, authors: [AuthorRef], description: String? = nil,
        firstPublishedYear: Int? = nil, originalLanguage: String? = nil, genres: [String], series: String? = nil,
        seriesNumber: Double? = nil, culturalThemes: [String], contentWarnings: [String], awards: [String],
        readingDifficulty: String? = nil, estimatedMinutes: Int? = nil, originCountry: String? = nil, translator: String? = nil,
        translatorNationality: String? = nil, source: String, verified: Bool, qualityScore: Int, reviewStatus: String,
        readersCount: Int, averageRating: Double? = nil, ratingsCount: Int, externalIds: [String: [String]]
    ) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.authors = authors
        self.description = description
        self.firstPublishedYear = firstPublishedYear
        self.originalLanguage = originalLanguage
        self.genres = genres
        self.series = series
        self.seriesNumber = seriesNumber
        self.culturalThemes = culturalThemes
        self.contentWarnings = contentWarnings
        self.awards = awards
        self.readingDifficulty = readingDifficulty
        self.estimatedMinutes = estimatedMinutes
        self.originCountry = originCountry
        self.translator = translator
        self.translatorNationality = translatorNationality
        self.source = source
        self.verified = verified
        self.qualityScore = qualityScore
        self.reviewStatus = reviewStatus
        self.readersCount = readersCount
        self.averageRating = averageRating
        self.ratingsCount = ratingsCount
        self.externalIds = externalIds
    }
}

package struct EditionRecord: Sendable, Equatable {
    package let id: UUID
    package var isbn13: String? = nil
    package var isbn10: String? = nil
    package var isbn: String? = nil
    package var pageCount: Int? = nil
    package var format: String? = nil
    package var publisher: String? = nil
    package var publishedDate: String? = nil
    package var editionTitle: String? = nil
    package var language: String? = nil
    package var coverUrl: String? = nil
    package var previewUrl: String? = nil
    package var infoUrl: String? = nil
    package let externalIds: [String: [String]]

    package init(
        id: UUID, isbn13: String? = nil, isbn10: String? = nil, isbn: String? = nil, pageCount: Int? = nil, format: String? = nil,
        publisher: String? = nil, publishedDate: String? = nil, editionTitle: String? = nil, language: String? = nil,
        coverUrl: String? = nil, previewUrl: String? = nil, infoUrl: String? = nil, externalIds: [String: [String]]
    ) {
        self.id = id
        self.isbn13 = isbn13
        self.isbn10 = isbn10
        self.isbn = isbn
        self.pageCount = pageCount
        self.format = format
        self.publisher = publisher
        self.publishedDate = publishedDate
        self.editionTitle = editionTitle
        self.language = language
        self.coverUrl = coverUrl
        self.previewUrl = previewUrl
        self.infoUrl = infoUrl
        self.externalIds = externalIds
    }
}

package struct ReadThroughRecord: Sendable, Equatable {
    package var startedOn: String?
    package var finishedOn: String?
    package let outcome: String

    package init(startedOn: String? = nil, finishedOn: String? = nil, outcome: String) {
        self.startedOn = startedOn
        self.finishedOn = finishedOn
        self.outcome = outcome
    }
}

package struct OtherEditionRecord: Sendable, Equatable {
    package let edition: EditionRecord
    package var rating: Int?
    package var dateRead: String?

    package init(edition: EditionRecord, rating: Int? = nil, dateRead: String? = nil) {
        self.edition = edition
        self.rating = rating
        self.dateRead = dateRead
    }
}

package struct EntryRecord: Sendable, Equatable {
    package let id: UUID
    package let work: WorkRecord
    package var edition: EditionRecord?
    package let status: String
    package let owned: Bool
    package let onWishlist: Bool
    package let favorite: Bool
    package var rating: Int?
    package var preciseRating: Double?
    package let dateAdded: Date
    package var dateStarted: String?
    package var dateFinished: String?
    package var currentPage: Int?
    package var currentMinutes: Int?
    package let progress: Double
    package let readCount: Int
    package let totalMinutes: Int
    package var dailyGoalPages: Int?
    package var pagesPerDay: Double?
    package var estimatedFinish: String?
    package var recommendedBy: String?
    package var wouldRecommend: Bool?
    package let isPublic: Bool
    package let countsTowardCulturalGoal: Bool
    package var culturalGoalCategory: String?
    package let tags: [String]
    package let readThroughs: [ReadThroughRecord]
    package var otherEditions: [OtherEditionRecord] = []
    package var createdAt: Date?
    package var updatedAt: Date?
    package var matches: [SearchMatch]? = nil

    package init(
        id: UUID, work: WorkRecord, edition: EditionRecord? = nil, status: String, owned: Bool, onWishlist: Bool, favorite: Bool,
        rating: Int? = nil, preciseRating: Double? = nil, dateAdded: Date, dateStarted: String? = nil,
        dateFinished: String? = nil, currentPage: Int? = nil, currentMinutes: Int? = nil, progress: Double, readCount: Int,
        totalMinutes: Int, dailyGoalPages: Int? = nil, pagesPerDay: Double? = nil, estimatedFinish: String? = nil,
        recommendedBy: String? = nil, wouldRecommend: Bool? = nil, isPublic: Bool, countsTowardCulturalGoal: Bool,
        culturalGoalCategory: String? = nil, tags: [String], readThroughs: [ReadThroughRecord],
        otherEditions: [OtherEditionRecord] = [], createdAt: Date? = nil, updatedAt: Date? = nil, matches: [SearchMatch]? = nil
    ) {
        self.id = id
        self.work = work
        self.edition = edition
        self.status = status
        self.owned = owned
        self.onWishlist = onWishlist
        self.favorite = favorite
        self.rating = rating
        self.preciseRating = preciseRating
        self.dateAdded = dateAdded
        self.dateStarted = dateStarted
        self.dateFinished = dateFinished
        self.currentPage = currentPage
        self.currentMinutes = currentMinutes
        self.progress = progress
        self.readCount = readCount
        self.totalMinutes = totalMinutes
        self.dailyGoalPages = dailyGoalPages
        self.pagesPerDay = pagesPerDay
        self.estimatedFinish = estimatedFinish
        self.recommendedBy = recommendedBy
        self.wouldRecommend = wouldRecommend
        self.isPublic = isPublic
        self.countsTowardCulturalGoal = countsTowardCulturalGoal
        self.culturalGoalCategory = culturalGoalCategory
        self.tags = tags
        self.readThroughs = readThroughs
        self.otherEditions = otherEditions
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.matches = matches
    }
}

package struct CatalogBook: Sendable, Equatable {
    package let work: WorkRecord
    package var edition: EditionRecord?

    package init(work: WorkRecord, edition: EditionRecord? = nil) {
        self.work = work
        self.edition = edition
    }
}
