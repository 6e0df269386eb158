import DogearCore
import DogearStore
import Foundation

// What the home services answer with. The API's DTOs are built from these (API/DTO/HomeDTO+Records.swift)
// and the pages read them directly, so the JSON can change without the services or the pages.

package struct HomeRecord: Sendable, Equatable {
    package struct Stats: Sendable, Equatable {
        package var readAllTime: Int
        package var readThisYear: Int
        package var pagesThisYear: Int

        package init(readAllTime: Int, readThisYear: Int, pagesThisYear: Int) {
            self.readAllTime = readAllTime
            self.readThisYear = readThisYear
            self.pagesThisYear = pagesThisYear
        }
    }

    package var greeting: String
    package var displayName: String
    package var currentlyReading: [EntryRecord]
    /// How many books the reader is reading in all (Home shows the `HomeService.readingShown` read last).
    package var readingCount: Int
    package var recentlyFinished: [EntryRecord]
    package var stats: Stats
    package var clubs: [ClubRecord]
    package var goals: [GoalRecord]

    package init(
        greeting: String, displayName: String, currentlyReading: [EntryRecord], readingCount: Int,
        recentlyFinished: [EntryRecord], stats: Stats, clubs: [ClubRecord], goals: [GoalRecord]
    ) {
        self.greeting = greeting
        self.displayName = displayName
        self.currentlyReading = currentlyReading
        self.readingCount = readingCount
        self.recentlyFinished = recentlyFinished
        self.stats = stats
        self.clubs = clubs
        self.goals = goals
    }
}
