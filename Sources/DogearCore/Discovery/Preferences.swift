import Foundation

/// What discovery has learned of a reader: a score per genre and per author, the sum of every
/// action's weights on the books it touched, and the lengths of the books they liked.
public struct Preferences: Equatable, Sendable {
    public var genreScores: [GenreKey: Int] = [:]
    public var authorScores: [UUID: Int] = [:]
    public var total = 0
    public var positive = 0
    public var negative = 0
    /// Pages of the books acted on gladly (positive actions on books with a page count).
    public var likedPages = 0
    public var likedBooksWithPages = 0
    /// The genres picked at sign-up.
    public var chosen: Set<GenreKey> = []

    public init() {}

    /// One action on a book with these genres, authors and pages.
    public mutating func learn(_ action: DiscoveryAction, genres: [GenreKey], authors: [UUID], pages: Int?) {
        for genre in Set(genres) { genreScores[genre, default: 0] += action.genreWeight }
        if action.authorWeight != 0 {
            for author in Set(authors) { authorScores[author, default: 0] += action.authorWeight }
        }
        total += 1
        if action.isPositive {
            positive += 1
            if let pages, pages > 0 {
                likedPages += pages
                likedBooksWithPages += 1
            }
        } else if action.genreWeight < 0 {
            negative += 1
        }
    }

    /// The genres a reader picked when they signed up: each starts as if they had added a book of
    /// it to a list (+2), before anything they do.
    public static let onboardingWeight = DiscoveryAction.addToList.genreWeight

    public mutating func seed(_ genres: [String]) {
        for key in GenreKey.keys(of: genres) {
            genreScores[key, default: 0] += Self.onboardingWeight
            chosen.insert(key)
        }
    }

    public var averagePages: Int? { likedBooksWithPages > 0 ? likedPages / likedBooksWithPages : nil }

    public var preferredLength: LengthPreference? { averagePages.map(LengthPreference.init(pages:)) }
}
