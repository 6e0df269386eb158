import DogearStore
import Vapor

/// A reader's year in books (`/year/{year}`, `GET /api/v1/years/{year}`, and the shared `/y/{token}`).
/// A shared one counts only the reader's public entries and carries no goals and no share link.
struct YearDTO: Content {
    let year: Int
    let ownerName: String
    let books: Int
    let finishes: Int
    let pages: Int
    /// Minutes of the sessions dated in the year.
    let minutes: Int
    /// The twelve months, those without a finished book included as zero.
    let byMonth: [StatsDTO.Period]
    @Nullable var averageRating: Double?
    @Nullable var shortest: StatsDTO.BookRef?
    @Nullable var longest: StatsDTO.BookRef?
    @Nullable var highestRated: StatsDTO.BookRef?
    @Nullable var first: StatsDTO.BookRef?
    @Nullable var last: StatsDTO.BookRef?
    @Nullable var mostReadAuthor: StatsDTO.AuthorCount?
    let topGenres: [StatsDTO.Count]
    /// The reader's goals for the year; empty on a shared summary.
    let goals: [GoalDTO]
    /// The live share link, for its owner; nil when not shared, and on a shared summary.
    @Nullable var shareUrl: String?
}

/// `POST /api/v1/years/{year}/share`: the link that reads the year signed out until it is revoked.
struct YearShareDTO: Content {
    let year: Int
    let token: String
    let url: String
}
