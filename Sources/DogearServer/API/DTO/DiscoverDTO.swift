import DogearServices
import DogearStore
import Vapor

/// `GET /api/v1/discover/deck`: the next cards, best first.
package struct DeckDTO: Content, Equatable {
    package var cards: [DeckCardDTO]
    /// Five interactions or more: the deck follows what the reader likes; else a varied mix.
    package var personal: Bool
    /// Fewer cards than asked: the catalog has nothing more that fits.
    package var runDry: Bool
    /// Whether Dogear may fetch more books (false when `DOGEAR_OFFLINE` is set).
    package var online: Bool
    /// What to tell the reader when the deck runs dry, else nil.
    package var message: String?
}

/// One card: a book, and why it is on the deck.
package struct DeckCardDTO: Content, Equatable {
    package var workId: UUID
    package var title: String
    package var authors: [AuthorRef]
    package var coverUrl: String?
    package var pages: Int?
    package var genre: String?
    package var description: String?
    package var firstPublishedYear: Int?
    /// likedGenre, likedAuthor, somethingDifferent, chosenGenre, popular, undone
    package var reasonKind: String
    package var reason: String
}

/// `POST /api/v1/discover/swipes`: what the swipe did.
package struct SwipeDTO: Content, Equatable {
    package var workId: UUID
    package var action: String
    /// The list a right swipe or a bookmark put the book on.
    package var listId: String?
    /// The library entry made when the list was Want to Read.
    package var entryId: UUID?
    package var listItemId: UUID?
}

/// `POST /api/v1/discover/undo`: the swipe taken back, and its card to show again.
package struct UndoDTO: Content, Equatable {
    package var undone: SwipeDTO
    package var card: DeckCardDTO
}

/// `GET /api/v1/discover/preferences`.
package struct DiscoverPreferencesDTO: Content, Equatable {
    package struct Score: Content, Equatable {
        package var key: String
        package var label: String
        package var score: Int
    }

    package struct Counts: Content, Equatable {
        package var total: Int
        package var positive: Int
        package var negative: Int
    }

    /// Best first; the genres picked at sign-up are counted in (+2 each).
    package var genres: [Score]
    package var authors: [Score]
    package var counts: Counts
    package var averagePages: Int?
    /// short, medium, long or epic.
    package var preferredLength: String?
    package var personal: Bool
    package var learnedFromLibraryAt: Date?
}

/// `POST /api/v1/discover/learn-library`.
package struct LearnedDTO: Content, Equatable {
    package var learned: Int
}
