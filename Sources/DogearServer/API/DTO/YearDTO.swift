import DogearServices
import DogearStore
import Vapor

/// A reader's year in books (`/year/{year}`, `GET /api/v1/years/{year}`, and the shared `/y/{token}`).
/// A shared one counts only the reader's public entries and carries no goals and no share link.
package struct YearDTO: Content {
    package let year: Int
    package let ownerName: String
    package let books: Int
    package let finishes: Int
    package let pages: Int
    /// Minutes of the sessions dated in the year.
    package let minutes: Int
    /// The twelve months, those without a finished book included as zero.
    package let byMonth: [StatsDTO.Period]
    @Nullable package var averageRating: Double?
    @Nullable package var shortest: StatsDTO.BookRef?
    @Nullable package var longest: StatsDTO.BookRef?
    @Nullable package var highestRated: StatsDTO.BookRef?
    @Nullable package var first: StatsDTO.BookRef?
    @Nullable package var last: StatsDTO.BookRef?
    @Nullable package var mostReadAuthor: StatsDTO.AuthorCount?
    package let topGenres: [StatsDTO.Count]
    /// The reader's goals for the year; empty on a shared summary.
    package let goals: [GoalDTO]
    /// The live share link, for its owner; nil when not shared, and on a shared summary.
    @Nullable package var shareUrl: String?
}

/// `POST /api/v1/years/{year}/share`: the link that reads the year signed out until it is revoked.
package struct YearShareDTO: Content {
    package let year: Int
    package let token: String
    package let url: String
}
