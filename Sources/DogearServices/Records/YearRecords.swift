import DogearCore
import DogearStore
import Foundation

// What the year services answer with. The API's DTOs are built from these (API/DTO/YearDTO+Records.swift)
// and the pages read them directly, so the JSON can change without the services or the pages.

package struct YearRecord: Sendable, Equatable {
    package var year: Int
    package var ownerName: String
    package var books: Int
    package var finishes: Int
    package var pages: Int
    package var minutes: Int
    package var byMonth: [StatsReport.Period]
    package var averageRating: Double?
    package var shortest: StatsReport.BookRef?
    package var longest: StatsReport.BookRef?
    package var highestRated: StatsReport.BookRef?
    package var first: StatsReport.BookRef?
    package var last: StatsReport.BookRef?
    package var mostReadAuthor: StatsReport.AuthorCount?
    package var topGenres: [StatsReport.Count]
    package var goals: [GoalRecord]
    package var shareUrl: String?

    package init(
        year: Int, ownerName: String, books: Int, finishes: Int, pages: Int, minutes: Int, byMonth: [StatsReport.Period],
        averageRating: Double? = nil, shortest: StatsReport.BookRef? = nil, longest: StatsReport.BookRef? = nil,
        highestRated: StatsReport.BookRef? = nil, first: StatsReport.BookRef? = nil, last: StatsReport.BookRef? = nil,
        mostReadAuthor: StatsReport.AuthorCount? = nil, topGenres: [StatsReport.Count], goals: [GoalRecord],
        shareUrl: String? = nil
    ) {
        self.year = year
        self.ownerName = ownerName
        self.books = books
        self.finishes = finishes
        self.pages = pages
        self.minutes = minutes
        self.byMonth = byMonth
        self.averageRating = averageRating
        self.shortest = shortest
        self.longest = longest
        self.highestRated = highestRated
        self.first = first
        self.last = last
        self.mostReadAuthor = mostReadAuthor
        self.topGenres = topGenres
        self.goals = goals
        self.shareUrl = shareUrl
    }
}

package struct YearShareRecord: Sendable, Equatable {
    package var year: Int
    package var token: String
    package var url: String

    package init(year: Int, token: String, url: String) {
        self.year = year
        self.token = token
        self.url = url
    }
}
