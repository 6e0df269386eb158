import DogearCore
import DogearStore
import Vapor

/// A reader's statistics for a year, a range of days or all time (`GET /api/v1/stats`), from their
/// own library, private entries included. "Books" are distinct books finished; "finishes" counts a
/// re-read again. Every share carries its own denominator (`known`) and its unknowns, never folded in.
struct StatsDTO: Content, Equatable {
    struct Range: Content, Equatable {
        @Nullable var year: Int?
        @Nullable var from: String?
        @Nullable var to: String?
    }

    struct Period: Content, Equatable {
        /// "2026-03" for a month, "2026" for a year.
        let period: String
        let books: Int
        let finishes: Int
        let pages: Int
    }

    struct Ratings: Content, Equatable {
        @Nullable var average: Double?
        let rated: Int
        /// Books finished with no rating.
        let unrated: Int
        /// Stars 1…5 → books.
        let distribution: [Int]
    }

    struct Count: Content, Equatable {
        let name: String
        let books: Int
    }

    struct AuthorCount: Content, Equatable {
        let id: UUID
        let name: String
        let books: Int
    }

    struct Reading: Content, Equatable {
        let minutes: Int
        let sessions: Int
        let sessionPages: Int
        /// Days with a session or a progress update in the range.
        let readingDays: Int
        /// Session pages over the days with a session.
        @Nullable var pagesPerDay: Double?
        let currentStreak: Int
        let longestStreak: Int
        @Nullable var longestStreakEnded: String?
    }

    struct BookRef: Content, Equatable {
        let entryId: UUID
        let title: String
        @Nullable var pages: Int?
        @Nullable var rating: Int?
        @Nullable var date: String?
    }

    struct Finishing: Content, Equatable {
        /// Over the finishes with both a start and a finish date.
        @Nullable var averageDaysToFinish: Double?
        @Nullable var shortest: BookRef?
        @Nullable var longest: BookRef?
        /// Books finished in the range that the reader had read before.
        let rereads: Int
        let didNotFinish: Int
        /// Did-not-finish over did-not-finish plus books finished.
        @Nullable var dnfRate: Double?
    }

    /// Books by a category (author gender, cultural region): `counts` over `known`, and `unknown`
    /// beside them.
    struct Share: Content, Equatable {
        let counts: [Count]
        let known: Int
        let unknown: Int
    }

    /// A yes/no question over the books: `share` is yes over yes + no; unknown is not in it.
    struct YesNo: Content, Equatable {
        let yes: Int
        let no: Int
        let unknown: Int
        @Nullable var share: Double?
    }

    struct Diversity: Content, Equatable {
        /// By each book's first author.
        let authorGender: Share
        let culturalRegion: Share
        let translated: YesNo
        let marginalisedVoices: YesNo
        let indigenousAuthors: YesNo
        /// Books the reader marked as counting toward a cultural goal, by category ("(none)" for no category).
        let culturalGoal: [Count]
    }

    let range: Range
    let books: Int
    let finishes: Int
    let pages: Int
    /// Finishes with no date: in the totals of all time, in no month.
    let undatedFinishes: Int
    let byMonth: [Period]
    let byYear: [Period]
    let ratings: Ratings
    let genres: [Count]
    let formats: [Count]
    let authors: [AuthorCount]
    let reading: Reading
    /// Every reading day in the range with the minutes and pages its sessions logged.
    let days: [DayDTO]
    let finishing: Finishing
    let diversity: Diversity
}

struct DayDTO: Content, Equatable {
    let day: String
    let minutes: Int
    let pages: Int
}

/// What a free account sees with tiers on: books and pages per year (and its goals, elsewhere).
struct BasicStatsDTO: Content {
    let range: StatsDTO.Range
    let books: Int
    let pages: Int
    let byYear: [StatsDTO.Period]
}
