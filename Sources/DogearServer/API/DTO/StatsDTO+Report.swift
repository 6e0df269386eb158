import DogearServices
import DogearStore

// The API's shape of a `StatsReport`.
extension StatsDTO.Range {
    package init(_ record: StatsReport.Range) {
        self.init(year: record.year, from: record.from, to: record.to)
    }
}

extension StatsDTO.Period {
    package init(_ record: StatsReport.Period) {
        self.init(period: record.period, books: record.books, finishes: record.finishes, pages: record.pages)
    }
}

extension StatsDTO.Ratings {
    package init(_ record: StatsReport.Ratings) {
        self.init(average: record.average, rated: record.rated, unrated: record.unrated, distribution: record.distribution)
    }
}

extension StatsDTO.Count {
    package init(_ record: StatsReport.Count) {
        self.init(name: record.name, books: record.books)
    }
}

extension StatsDTO.AuthorCount {
    package init(_ record: StatsReport.AuthorCount) {
        self.init(id: record.id, name: record.name, books: record.books)
    }
}

extension StatsDTO.Reading {
    package init(_ record: StatsReport.Reading) {
        self.init(
            minutes: record.minutes, sessions: record.sessions, sessionPages: record.sessionPages,
            readingDays: record.readingDays, pagesPerDay: record.pagesPerDay, currentStreak: record.currentStreak,
            longestStreak: record.longestStreak, longestStreakEnded: record.longestStreakEnded)
    }
}

extension StatsDTO.BookRef {
    package init(_ record: StatsReport.BookRef) {
        self.init(entryId: record.entryId, title: record.title, pages: record.pages, rating: record.rating, date: record.date)
    }
}

extension StatsDTO.Finishing {
    package init(_ record: StatsReport.Finishing) {
        self.init(
            averageDaysToFinish: record.averageDaysToFinish, shortest: record.shortest.map(StatsDTO.BookRef.init),
            longest: record.longest.map(StatsDTO.BookRef.init), rereads: record.rereads, didNotFinish: record.didNotFinish,
            dnfRate: record.dnfRate)
    }
}

extension StatsDTO.Share {
    package init(_ record: StatsReport.Share) {
        self.init(counts: record.counts.map(StatsDTO.Count.init), known: record.known, unknown: record.unknown)
    }
}

extension StatsDTO.YesNo {
    package init(_ record: StatsReport.YesNo) {
        self.init(yes: record.yes, no: record.no, unknown: record.unknown, share: record.share)
    }
}

extension StatsDTO.Diversity {
    package init(_ record: StatsReport.Diversity) {
        self.init(
            authorGender: StatsDTO.Share(record.authorGender), culturalRegion: StatsDTO.Share(record.culturalRegion),
            translated: StatsDTO.YesNo(record.translated), marginalisedVoices: StatsDTO.YesNo(record.marginalisedVoices),
            indigenousAuthors: StatsDTO.YesNo(record.indigenousAuthors),
            culturalGoal: record.culturalGoal.map(StatsDTO.Count.init))
    }
}

extension StatsDTO {
    package init(_ record: StatsReport) {
        self.init(
            range: StatsDTO.Range(record.range), books: record.books, finishes: record.finishes, pages: record.pages,
            undatedFinishes: record.undatedFinishes, byMonth: record.byMonth.map(StatsDTO.Period.init),
            byYear: record.byYear.map(StatsDTO.Period.init), ratings: StatsDTO.Ratings(record.ratings),
            genres: record.genres.map(StatsDTO.Count.init), formats: record.formats.map(StatsDTO.Count.init),
            authors: record.authors.map(StatsDTO.AuthorCount.init), reading: StatsDTO.Reading(record.reading),
            days: record.days.map(DayDTO.init), finishing: StatsDTO.Finishing(record.finishing),
            diversity: StatsDTO.Diversity(record.diversity))
    }
}

extension DayDTO {
    package init(_ record: DayFigures) {
        self.init(day: record.day, minutes: record.minutes, pages: record.pages)
    }
}

extension BasicStatsDTO {
    package init(_ record: BasicStatsReport) {
        self.init(
            range: StatsDTO.Range(record.range), books: record.books, pages: record.pages,
            byYear: record.byYear.map(StatsDTO.Period.init))
    }
}
