import DogearServices
import DogearStore
import Foundation

// The API's shapes of the home services' records.

extension HomeDTO.Stats {
    package init(_ record: HomeRecord.Stats) {
        self.init(readAllTime: record.readAllTime, readThisYear: record.readThisYear, pagesThisYear: record.pagesThisYear)
    }
}

extension HomeDTO {
    package init(_ record: HomeRecord) {
        self.init(
            greeting: record.greeting, displayName: record.displayName,
            currentlyReading: record.currentlyReading.map(EntryDTO.init),
            currentlyReadingCount: record.readingCount,
            recentlyFinished: record.recentlyFinished.map(EntryDTO.init), stats: HomeDTO.Stats(record.stats),
            clubs: record.clubs.map(ClubDTO.init), goals: record.goals.map(GoalDTO.init))
    }
}
