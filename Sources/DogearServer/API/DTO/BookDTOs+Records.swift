import DogearCore
import DogearServices
import DogearStore

// The API's shapes of the store's book records.
extension WorkDTO {
    package init(_ record: WorkRecord) {
        self.init(
            id: record.id, title: record.title, subtitle: record.subtitle, authors: record.authors,
            description: record.description, firstPublishedYear: record.firstPublishedYear,
            originalLanguage: record.originalLanguage, genres: record.genres, series: record.series,
            seriesNumber: record.seriesNumber, culturalThemes: record.culturalThemes, contentWarnings: record.contentWarnings,
            awards: record.awards, readingDifficulty: record.readingDifficulty, estimatedMinutes: record.estimatedMinutes,
            originCountry: record.originCountry, translator: record.translator,
            translatorNationality: record.translatorNationality, source: record.source, verified: record.verified,
            qualityScore: record.qualityScore, reviewStatus: record.reviewStatus, readersCount: record.readersCount,
            averageRating: record.averageRating, ratingsCount: record.ratingsCount, externalIds: record.externalIds)
    }
}

extension EditionDTO {
    package init(_ record: EditionRecord) {
        self.init(
            id: record.id, isbn13: record.isbn13, isbn10: record.isbn10, isbn: record.isbn, pageCount: record.pageCount,
            format: record.format, publisher: record.publisher, publishedDate: record.publishedDate,
            editionTitle: record.editionTitle, language: record.language, coverUrl: record.coverUrl,
            previewUrl: record.previewUrl, infoUrl: record.infoUrl, externalIds: record.externalIds)
    }
}

extension ReadThroughDTO {
    package init(_ record: ReadThroughRecord) {
        self.init(startedOn: record.startedOn, finishedOn: record.finishedOn, outcome: record.outcome)
    }
}

extension OtherEditionDTO {
    package init(_ record: OtherEditionRecord) {
        self.init(edition: EditionDTO(record.edition), rating: record.rating, dateRead: record.dateRead)
    }
}

extension EntryDTO {
    package init(_ record: EntryRecord) {
        self.init(
            id: record.id, work: WorkDTO(record.work), edition: record.edition.map(EditionDTO.init), status: record.status,
            owned: record.owned, onWishlist: record.onWishlist, favorite: record.favorite, rating: record.rating,
            preciseRating: record.preciseRating, dateAdded: record.dateAdded, dateStarted: record.dateStarted,
            dateFinished: record.dateFinished, currentPage: record.currentPage, currentMinutes: record.currentMinutes,
            progress: record.progress, readCount: record.readCount, totalMinutes: record.totalMinutes,
            dailyGoalPages: record.dailyGoalPages, pagesPerDay: record.pagesPerDay, estimatedFinish: record.estimatedFinish,
            recommendedBy: record.recommendedBy, wouldRecommend: record.wouldRecommend, isPublic: record.isPublic,
            countsTowardCulturalGoal: record.countsTowardCulturalGoal, culturalGoalCategory: record.culturalGoalCategory,
            tags: record.tags, readThroughs: record.readThroughs.map(ReadThroughDTO.init),
            otherEditions: record.otherEditions.map(OtherEditionDTO.init), createdAt: record.createdAt,
            updatedAt: record.updatedAt, matches: record.matches)
    }
}

extension CatalogBookDTO {
    package init(_ record: CatalogBook) {
        self.init(work: WorkDTO(record.work), edition: record.edition.map(EditionDTO.init))
    }
}
