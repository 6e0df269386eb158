import DogearStore
import Vapor

/// `GET /api/v1/discover/deck`: the next cards, best first.
struct DeckDTO: Content, Equatable {
    var cards: [DeckCardDTO]
    /// Five interactions or more: the deck follows what the reader likes; else a varied mix.
    var personal: Bool
    /// Fewer cards than asked: the catalog has nothing more that fits.
    var runDry: Bool
    /// Whether Dogear may fetch more books (false when `DOGEAR_OFFLINE` is set).
    var online: Bool
    /// What to tell the reader when the deck runs dry, else nil.
    var message: String?
}

/// One card: a book, and why it is on the deck.
struct DeckCardDTO: Content, Equatable {
    var workId: UUID
    var title: String
    var authors: [AuthorRef]
    var coverUrl: String?
    var pages: Int?
    var genre: String?
    var description: String?
    var firstPublishedYear: Int?
    /// likedGenre, likedAuthor, somethingDifferent, chosenGenre, popular, undone
    var reasonKind: String
    var reason: String
}

/// `POST /api/v1/discover/swipes`: what the swipe did.
struct SwipeDTO: Content, Equatable {
    var workId: UUID
    var action: String
    /// The list a right swipe or a bookmark put the book on.
    var listId: String?
    /// The library entry made when the list was Want to Read.
    var entryId: UUID?
    var listItemId: UUID?
}

/// `POST /api/v1/discover/undo`: the swipe taken back, and its card to show again.
struct UndoDTO: Content, Equatable {
    var undone: SwipeDTO
    var card: DeckCardDTO
}

/// `GET /api/v1/discover/preferences`.
struct DiscoverPreferencesDTO: Content, Equatable {
    struct Score: Content, Equatable {
        var key: String
        var label: String
        var score: Int
    }

    struct Counts: Content, Equatable {
        var total: Int
        var positive: Int
        var negative: Int
    }

    /// Best first; the genres picked at sign-up are counted in (+2 each).
    var genres: [Score]
    var authors: [Score]
    var counts: Counts
    var averagePages: Int?
    /// short, medium, long or epic.
    var preferredLength: String?
    var personal: Bool
    var learnedFromLibraryAt: Date?
}

/// `POST /api/v1/discover/learn-library`.
struct LearnedDTO: Content, Equatable {
    var learned: Int
}
