import Foundation

/// How the deck ranks the catalog's books within a genre: books with a cover, a
/// description and published 2015 or later first (each counts one), then by average rating ×
/// ratings count, Dogear's own readers' and the sources' (Open Library, Google Books) together.
public enum DeckRank {
    public static let recentFrom = 2015
    /// A step of the cover-description-year tier outweighs any book's ratings.
    static let tierStep = 1e9

    public static func score(
        hasCover: Bool, hasDescription: Bool, firstPublished: Int?, average: Double?, count: Int,
        sourceAverage: Double?, sourceCount: Int?
    ) -> Double {
        let tier = [hasCover, hasDescription, (firstPublished ?? 0) >= recentFrom].filter { $0 }.count
        let own = (average ?? 0) * Double(max(count, 0))
        let sources = (sourceAverage ?? 0) * Double(max(sourceCount ?? 0, 0))
        return Double(tier) * tierStep + min(own + sources, tierStep - 1)
    }

    /// The genres a work is dealt under: its first eight (Open Library lists dozens of subjects,
    /// the first are the telling ones).
    public static let genresPerWork = 8

    public static func genres(of names: [String]) -> [GenreKey] {
        Array(GenreKey.keys(of: names).prefix(genresPerWork))
    }
}
