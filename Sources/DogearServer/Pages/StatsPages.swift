import DogearCore
import DogearServices
import DogearStore
import DogearViews
import Vapor

/// `/stats?year=2026` (this year when no year is given; `year=all` for all time): the same
/// `StatsService` the API's `/api/v1/stats` calls, drawn as numbers and charts.
package struct StatsPages {
    package func show(req: Request) async throws -> Response {
        let service = try req.stats()
        let given = req.query[String.self, at: "year"]
        let range: StatsService.Range
        switch given {
        case nil: range = .year(service.today.year)
        case ""?, StatsPage.allTime?: range = .allTime
        case let text?: range = try StatsService.Range.parse(year: text, from: nil, to: nil)
        }
        var model = StatsPage.Model(
            session: try req.requirePageSession(), year: range.year, yearsWithBooks: try await service.yearsWithBooks(),
            today: service.today)
        if let year = range.year {
            // The running-pages line is drawn against the year's pages goal, when there is one with no conditions.
            model.pagesGoal = try await req.goals().plainTarget(year: year, metric: .pages)
        }
        if service.seesAdvanced {
            Self.fill(&model, with: try await service.stats(range))
        } else {
            let basic = try await service.basic(range)
            model.basicOnly = true
            model.books = basic.books
            model.pages = basic.pages
            if let year = range.year {
                // Month figures need the full statistics; a free account sees its year's totals.
                model.booksBy = [Chart.Point(String(year), basic.books)]
                model.pagesBy = [Chart.Point(String(year), basic.pages)]
            } else {
                (model.booksBy, model.pagesBy) = Self.periods(basic.byYear, year: nil)
            }
        }
        return Response(html: StatsPage.View.render(model))
    }

    /// Twelve months for a year (empty months as 0), or one bar per year for all time.
    package static func periods(_ periods: [StatsReport.Period], year: Int?) -> (books: [Chart.Point], pages: [Chart.Point]) {
        guard let year else {
            return (periods.map { Chart.Point($0.period, $0.books) }, periods.map { Chart.Point($0.period, $0.pages) })
        }
        let byMonth = Dictionary(periods.map { ($0.period, $0) }, uniquingKeysWith: { first, _ in first })
        let months = (1...12).map { String(format: "%04d-%02d", year, $0) }
        return (
            zip(months, Heatmap.monthNames).map { Chart.Point($1, byMonth[$0]?.books ?? 0) },
            zip(months, Heatmap.monthNames).map { Chart.Point($1, byMonth[$0]?.pages ?? 0) }
        )
    }

    package static func fill(_ model: inout StatsPage.Model, with stats: StatsReport) {
        model.books = stats.books
        model.pages = stats.pages
        model.finishes = stats.finishes
        (model.booksBy, model.pagesBy) = periods(model.year == nil ? stats.byYear : stats.byMonth, year: model.year)
        model.averageRating = stats.ratings.average
        model.ratingDistribution = stats.ratings.distribution
        model.genres = stats.genres.map { Chart.Point($0.name, $0.books) }
        model.formats = stats.formats.map { Chart.Point(CatalogWords.label($0.name), $0.books) }
        model.authors = stats.authors.map { Chart.Point($0.name, $0.books) }
        model.minutes = stats.reading.minutes
        model.pagesPerDay = stats.reading.pagesPerDay
        model.currentStreak = stats.reading.currentStreak
        model.longestStreak = stats.reading.longestStreak
        model.readingDays = stats.reading.readingDays
        model.days = stats.days.compactMap { day in LocalDate(day.day).map { Heatmap.Day($0, minutes: day.minutes) } }
        model.averageDaysToFinish = stats.finishing.averageDaysToFinish
        model.shortest = stats.finishing.shortest.map(named)
        model.longest = stats.finishing.longest.map(named)
        model.rereads = stats.finishing.rereads
        model.didNotFinish = stats.finishing.didNotFinish
        model.dnfRate = stats.finishing.dnfRate
        model.gender = share(stats.diversity.authorGender)
        model.region = share(stats.diversity.culturalRegion)
        model.questions = [
            yesNo("Translated works", stats.diversity.translated),
            yesNo("Marginalised voices", stats.diversity.marginalisedVoices),
            yesNo("Indigenous authors", stats.diversity.indigenousAuthors),
        ]
    }

    package static func named(_ book: StatsReport.BookRef) -> StatsPage.NamedBook {
        StatsPage.NamedBook(entryID: book.entryId, title: book.title, detail: book.pages.map { "\($0) pages" } ?? "")
    }

    package static func share(_ share: StatsReport.Share) -> StatsPage.Share {
        StatsPage.Share(parts: share.counts.map { Chart.Point(CatalogWords.label($0.name), $0.books) }, unknown: share.unknown)
    }

    package static func yesNo(_ label: String, _ answer: StatsReport.YesNo) -> StatsPage.YesNo {
        StatsPage.YesNo(label: label, yes: answer.yes, no: answer.no, unknown: answer.unknown)
    }
}
