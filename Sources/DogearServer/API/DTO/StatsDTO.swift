import DogearCore
import DogearServices
import DogearStore
import Vapor

/// A reader's statistics for a year, a range of days or all time (`GET /api/v1/stats`), from their
/// own library, private entries included. "Books" are distinct books finished; "finishes" counts a
/// re-read again. Every share carries its own denominator (`known`) and its unknowns, never folded in.
package struct StatsDTO: Content, Equatable {
    package struct Range: Content, Equatable {
        @Nullable package var year: Int?
        @Nullable package var from: String?
        @Nullable package var to: String?
    }

    package struct Period: Content, Equatable {
        /// "2026-03" for a month, "2026" for a year.
        package let period: String
        package let books: Int
        package let finishes: Int
        package let pages: Int
    }

    package struct Ratings: Content, Equatable {
        @Nullable package var average: Double?
        package let rated: Int
        /// Books finished with no rating.
        package let unrated: Int
        /// Stars 1…5 → books.
        package let distribution: [Int]
    }

    package struct Count: Content, Equatable {
        package let name: String
        package let books: Int
    }

    package struct AuthorCount: Content, Equatable {
        package let id: UUID
        package let name: String
        package let books: Int
    }

    package struct Reading: Content, Equatable {
        package let minutes: Int
        package let sessions: Int
        package let sessionPages: Int
        /// Days with a session or a progress update in the range.
        package let readingDays: Int
        /// Session pages over the days with a session.
        @Nullable package var pagesPerDay: Double?
        package let currentStreak: Int
        package let longestStreak: Int
        @Nullable package var longestStreakEnded: String?
    }

    package struct BookRef: Content, Equatable {
        package let entryId: UUID
        package let title: String
        @Nullable package var pages: Int?
        @Nullable package var rating: Int?
        @Nullable package var date: String?
    }

    package struct Finishing: Content, Equatable {
        /// Over the finishes with both a start and a finish date.
        @Nullable package var averageDaysToFinish: Double?
        @Nullable package var shortest: BookRef?
        @Nullable package var longest: BookRef?
        /// Books finished in the range that the reader had read before.
        package let rereads: Int
        package let didNotFinish: Int
        /// Did-not-finish over did-not-finish plus books finished.
        @Nullable package var dnfRate: Double?
    }

    /// Books by a category (author gender, cultural region): `counts` over `known`, and `unknown`
    /// beside them.
    package struct Share: Content, Equatable {
        package let counts: [Count]
        package let known: Int
        package let unknown: Int
    }

    /// A yes/no question over the books: `share` is yes over yes + no; unknown is not in it.
    package struct YesNo: Content, Equatable {
        package let yes: Int
        package let no: Int
        package let unknown: Int
        @Nullable package var share: Double?
    }

    package struct Diversity: Content, Equatable {
        /// By each book's first author.
        package let authorGender: Share
        package let culturalRegion: Share
        package let translated: YesNo
        package let marginalisedVoices: YesNo
        package let indigenousAuthors: YesNo
        /// Books the reader marked as counting toward a cultural goal, by category ("(none)" for no category).
        package let culturalGoal: [Count]
    }

    package let range: Range
    package let books: Int
    package let finishes: Int
    package let pages: Int
    /// Finishes with no date: in the totals of all time, in no month.
    package let undatedFinishes: Int
    package let byMonth: [Period]
    package let byYear: [Period]
    package let ratings: Ratings
    package let genres: [Count]
    package let formats: [Count]
    package let authors: [AuthorCount]
    package let reading: Reading
    /// Every reading day in the range with the minutes and pages its sessions logged.
    package let days: [DayDTO]
    package let finishing: Finishing
    package let diversity: Diversity
}

package struct DayDTO: Content, Equatable {
    package let day: String
    package let minutes: Int
    package let pages: Int
}

/// What a free account sees with tiers on: books and pages per year (and its goals, elsewhere).
package struct BasicStatsDTO: Content {
    package let range: StatsDTO.Range
    package let books: Int
    package let pages: Int
    package let byYear: [StatsDTO.Period]
}
