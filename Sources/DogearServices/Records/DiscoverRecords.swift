import DogearCore
import DogearStore
import Foundation

// What the discover services answer with. The API's DTOs are built from these (API/DTO/DiscoverDTO+Records.swift)
// and the pages read them directly, so the JSON can change without the services or the pages.

package struct DeckRecord: Sendable, Equatable {
    package var cards: [DeckCardRecord]
    package var personal: Bool
    package var runDry: Bool
    package var online: Bool
    package var message: String?

    package init(cards: [DeckCardRecord], personal: Bool, runDry: Bool, online: Bool, message: String? = nil) {
        self.cards = cards
        self.personal = personal
        self.runDry = runDry
        self.online = online
        self.message = message
    }
}

package struct DeckCardRecord: Sendable, Equatable {
    package var workId: UUID
    package var title: String
    package var authors: [AuthorRef]
    package var coverUrl: String?
    package var pages: Int?
    package var genre: String?
    package var description: String?
    package var firstPublishedYear: Int?
    package var reasonKind: String
    package var reason: String

    package init(
        workId: UUID, title: String, authors: [AuthorRef], coverUrl: String? = nil, pages: Int? = nil, genre: String? = nil,
        description: String? = nil, firstPublishedYear: Int? = nil, reasonKind: String, reason: String
    ) {
        self.workId = workId
        self.title = title
        self.authors = authors
        self.coverUrl = coverUrl
        self.pages = pages
        self.genre = genre
        self.description = description
        self.firstPublishedYear = firstPublishedYear
        self.reasonKind = reasonKind
        self.reason = reason
    }
}

package struct SwipeRecord: Sendable, Equatable {
    package var workId: UUID
    package var action: String
    package var listId: String?
    package var entryId: UUID?
    package var listItemId: UUID?

    package init(workId: UUID, action: String, listId: String? = nil, entryId: UUID? = nil, listItemId: UUID? = nil) {
        self.workId = workId
        self.action = action
        self.listId = listId
        self.entryId = entryId
        self.listItemId = listItemId
    }
}

package struct UndoRecord: Sendable, Equatable {
    package var undone: SwipeRecord
    package var card: DeckCardRecord

    package init(undone: SwipeRecord, card: DeckCardRecord) {
        self.undone = undone
        self.card = card
    }
}

package struct DiscoverPreferencesRecord: Sendable, Equatable {
    package struct Score: Sendable, Equatable {
        package var key: String
        package var label: String
        package var score: Int

        package init(key: String, label: String, score: Int) {
            self.key = key
            self.label = label
            self.score = score
        }
    }

    package struct Counts: Sendable, Equatable {
        package var total: Int
        package var positive: Int
        package var negative: Int

        package init(total: Int, positive: Int, negative: Int) {
            self.total = total
            self.positive = positive
            self.negative = negative
        }
    }

    package var genres: [Score]
    package var authors: [Score]
    package var counts: Counts
    package var averagePages: Int?
    package var preferredLength: String?
    package var personal: Bool
    package var learnedFromLibraryAt: Date?

    package init(
        genres: [Score], authors: [Score], counts: Counts, averagePages: Int? = nil, preferredLength: String? = nil,
        personal: Bool, learnedFromLibraryAt: Date? = nil
    ) {
        self.genres = genres
        self.authors = authors
        self.counts = counts
        self.averagePages = averagePages
        self.preferredLength = preferredLength
        self.personal = personal
        self.learnedFromLibraryAt = learnedFromLibraryAt
    }
}

package struct LearnedRecord: Sendable, Equatable {
    package var learned: Int

    package init(learned: Int) {
        self.learned = learned
    }
}
