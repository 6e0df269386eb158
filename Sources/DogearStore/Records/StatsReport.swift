import Foundation

// A reader's statistics as the store reads them; `StatsDTO` is their JSON and the stats page's model
// is built from them too. Codable because `StatsFigures` keeps parts of them per year.

package struct StatsReport: Codable, Sendable, Equatable {
    package struct Range: Codable, Sendable, Equatable {
        package var year: Int?
        package var from: String?
        package var to: String?

        package init(year: Int? = nil, from: String? = nil, to: String? = nil) {
            self.year = year
            self.from = from
            self.to = to
        }
    }

    package struct Period: Codable, Sendable, Equatable {
        package let period: String
        package let books: Int
        package let finishes: Int
        package let pages: Int

        package init(period: String, books: Int, finishes: Int, pages: Int) {
            self.period = period
            self.books = books
            self.finishes = finishes
            self.pages = pages
        }
    }

    package struct Ratings: Codable, Sendable, Equatable {
        package var average: Double?
        package let rated: Int
        package let unrated: Int
        package let distribution: [Int]

        package init(average: Double? = nil, rated: Int, unrated: Int, distribution: [Int]) {
            self.average = average
            self.rated = rated
            self.unrated = unrated
            self.distribution = distribution
        }
    }

    package struct Count: Codable, Sendable, Equatable {
        package let name: String
        package let books: Int

        package init(name: String, books: Int) {
            self.name = name
            self.books = books
        }
    }

    package struct AuthorCount: Codable, Sendable, Equatable {
        package let id: UUID
        package let name: String
        package let books: Int

        package init(id: UUID, name: String, books: Int) {
            self.id = id
            self.name = name
            self.books = books
        }
    }

    package struct Reading: Codable, Sendable, Equatable {
        package let minutes: Int
        package let sessions: Int
        package let sessionPages: Int
        package let readingDays: Int
        package var pagesPerDay: Double?
        package let currentStreak: Int
        package let longestStreak: Int
        package var longestStreakEnded: String?

        package init(
            minutes: Int, sessions: Int, sessionPages: Int, readingDays: Int, pagesPerDay: Double? = nil, currentStreak: Int,
            longestStreak: Int, longestStreakEnded: String? = nil
        ) {
            self.minutes = minutes
            self.sessions = sessions
            self.sessionPages = sessionPages
            self.readingDays = readingDays
            self.pagesPerDay = pagesPerDay
            self.currentStreak = currentStreak
            self.longestStreak = longestStreak
            self.longestStreakEnded = longestStreakEnded
        }
    }

    package struct BookRef: Codable, Sendable, Equatable {
        package let entryId: UUID
        package let title: String
        package var pages: Int?
        package var rating: Int?
        package var date: String?

        package init(entryId: UUID, title: String, pages: Int? = nil, rating: Int? = nil, date: String? = nil) {
            self.entryId = entryId
            self.title = title
            self.pages = pages
            self.rating = rating
            self.date = date
        }
    }

    package struct Finishing: Codable, Sendable, Equatable {
        package var averageDaysToFinish: Double?
        package var shortest: BookRef?
        package var longest: BookRef?
        package let rereads: Int
        package let didNotFinish: Int
        package var dnfRate: Double?

        package init(
            averageDaysToFinish: Double? = nil, shortest: BookRef? = nil, longest: BookRef? = nil, rereads: Int,
            didNotFinish: Int, dnfRate: Double? = nil
        ) {
            self.averageDaysToFinish = averageDaysToFinish
            self.shortest = shortest
            self.longest = longest
            self.rereads = rereads
            self.didNotFinish = didNotFinish
            self.dnfRate = dnfRate
        }
    }

    package struct Share: Codable, Sendable, Equatable {
        package let counts: [Count]
        package let known: Int
        package let unknown: Int

        package init(counts: [Count], known: Int, unknown: Int) {
            self.counts = counts
            self.known = known
            self.unknown = unknown
        }
    }

    package struct YesNo: Codable, Sendable, Equatable {
        package let yes: Int
        package let no: Int
        package let unknown: Int
        package var share: Double?

        package init(yes: Int, no: Int, unknown: Int, share: Double? = nil) {
            self.yes = yes
            self.no = no
            self.unknown = unknown
            self.share = share
        }
    }

    package struct Diversity: Codable, Sendable, Equatable {
        package let authorGender: Share
        package let culturalRegion: Share
        package let translated: YesNo
        package let marginalisedVoices: YesNo
        package let indigenousAuthors: YesNo
        package let culturalGoal: [Count]

        package init(
            authorGender: Share, culturalRegion: Share, translated: YesNo, marginalisedVoices: YesNo, indigenousAuthors: YesNo,
            culturalGoal: [Count]
        ) {
            self.authorGender = authorGender
            self.culturalRegion = culturalRegion
            self.translated = translated
            self.marginalisedVoices = marginalisedVoices
            self.indigenousAuthors = indigenousAuthors
            self.culturalGoal = culturalGoal
        }
    }

    package let range: Range
    package let books: Int
    package let finishes: Int
    package let pages: Int
    package let undatedFinishes: Int
    package let byMonth: [Period]
    package let byYear: [Period]
    package let ratings: Ratings
    package let genres: [Count]
    package let formats: [Count]
    package let authors: [AuthorCount]
    package let reading: Reading
    package let days: [DayFigures]
    package let finishing: Finishing
    package let diversity: Diversity

    package init(
        range: Range, books: Int, finishes: Int, pages: Int, undatedFinishes: Int, byMonth: [Period], byYear: [Period],
        ratings: Ratings, genres: [Count], formats: [Count], authors: [AuthorCount], reading: Reading, days: [DayFigures],
        finishing: Finishing, diversity: Diversity
    ) {
        self.range = range
        self.books = books
        self.finishes = finishes
        self.pages = pages
        self.undatedFinishes = undatedFinishes
        self.byMonth = byMonth
        self.byYear = byYear
        self.ratings = ratings
        self.genres = genres
        self.formats = formats
        self.authors = authors
        self.reading = reading
        self.days = days
        self.finishing = finishing
        self.diversity = diversity
    }
}

package struct DayFigures: Codable, Sendable, Equatable {
    package let day: String
    package let minutes: Int
    package let pages: Int

    package init(day: String, minutes: Int, pages: Int) {
        self.day = day
        self.minutes = minutes
        self.pages = pages
    }
}

/// What a free account sees with tiers on: books and pages per year.
package struct BasicStatsReport: Sendable, Equatable {
    package let range: StatsReport.Range
    package let books: Int
    package let pages: Int
    package let byYear: [StatsReport.Period]

    package init(range: StatsReport.Range, books: Int, pages: Int, byYear: [StatsReport.Period]) {
        self.range = range
        self.books = books
        self.pages = pages
        self.byYear = byYear
    }
}
