import DogearServices
import DogearStore
import Foundation

// The API's shapes of the year services' records.

extension YearDTO {
    package init(_ record: YearRecord) {
        self.init(
            year: record.year, ownerName: record.ownerName, books: record.books, finishes: record.finishes, pages: record.pages,
            minutes: record.minutes, byMonth: record.byMonth.map(StatsDTO.Period.init), averageRating: record.averageRating,
            shortest: record.shortest.map(StatsDTO.BookRef.init), longest: record.longest.map(StatsDTO.BookRef.init),
            highestRated: record.highestRated.map(StatsDTO.BookRef.init), first: record.first.map(StatsDTO.BookRef.init),
            last: record.last.map(StatsDTO.BookRef.init), mostReadAuthor: record.mostReadAuthor.map(StatsDTO.AuthorCount.init),
            topGenres: record.topGenres.map(StatsDTO.Count.init), goals: record.goals.map(GoalDTO.init), shareUrl: record.shareUrl
        )
    }
}

extension YearShareDTO {
    package init(_ record: YearShareRecord) {
        self.init(year: record.year, token: record.token, url: record.url)
    }
}
