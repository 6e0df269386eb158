import DogearServices
import DogearStore
import Foundation

// The API's shapes of the discover services' records.

extension DeckDTO {
    package init(_ record: DeckRecord) {
        self.init(
            cards: record.cards.map(DeckCardDTO.init), personal: record.personal, runDry: record.runDry, online: record.online,
            message: record.message)
    }
}

extension DeckCardDTO {
    package init(_ record: DeckCardRecord) {
        self.init(
            workId: record.workId, title: record.title, authors: record.authors, coverUrl: record.coverUrl, pages: record.pages,
            genre: record.genre, description: record.description, firstPublishedYear: record.firstPublishedYear,
            reasonKind: record.reasonKind, reason: record.reason)
    }
}

extension SwipeDTO {
    package init(_ record: SwipeRecord) {
        self.init(
            workId: record.workId, action: record.action, listId: record.listId, entryId: record.entryId,
            listItemId: record.listItemId)
    }
}

extension UndoDTO {
    package init(_ record: UndoRecord) {
        self.init(undone: SwipeDTO(record.undone), card: DeckCardDTO(record.card))
    }
}

extension DiscoverPreferencesDTO.Score {
    package init(_ record: DiscoverPreferencesRecord.Score) {
        self.init(key: record.key, label: record.label, score: record.score)
    }
}

extension DiscoverPreferencesDTO.Counts {
    package init(_ record: DiscoverPreferencesRecord.Counts) {
        self.init(total: record.total, positive: record.positive, negative: record.negative)
    }
}

extension DiscoverPreferencesDTO {
    package init(_ record: DiscoverPreferencesRecord) {
        self.init(
            genres: record.genres.map(DiscoverPreferencesDTO.Score.init),
            authors: record.authors.map(DiscoverPreferencesDTO.Score.init), counts: DiscoverPreferencesDTO.Counts(record.counts),
            averagePages: record.averagePages, preferredLength: record.preferredLength, personal: record.personal,
            learnedFromLibraryAt: record.learnedFromLibraryAt)
    }
}

extension LearnedDTO {
    package init(_ record: LearnedRecord) {
        self.init(learned: record.learned)
    }
}
