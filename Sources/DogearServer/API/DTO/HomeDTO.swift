import DogearServices
import DogearStore
import Vapor

package struct HomeDTO: Content {
    package struct Stats: Content, Equatable {
        package let readAllTime: Int
        package let readThisYear: Int
        package let pagesThisYear: Int
    }
    /// "Good morning", "Good afternoon" or "Good evening", by the hour in the user's time zone.
    package let greeting: String
    package let displayName: String
    /// The books read last (ten at most; the rest are on the Reading shelf).
    package let currentlyReading: [EntryDTO]
    /// How many books the reader is reading in all.
    package let currentlyReadingCount: Int
    package let recentlyFinished: [EntryDTO]
    package let stats: Stats
    /// The reader's first three clubs, in the order they joined them.
    package let clubs: [ClubDTO]
    /// This year's goals with where each stands today.
    package let goals: [GoalDTO]
}
