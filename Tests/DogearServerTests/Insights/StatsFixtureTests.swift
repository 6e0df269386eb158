import CSV
import DogearTestSupport
import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// Statistics over real exports, against figures this test works out straight from the CSV columns:
/// a finish is a row on the read shelf with a read date (Goodreads' "Date Read", StoryGraph's "Last
/// Date Read"), its pages the row's "Number of Pages" (StoryGraph exports have none: 0), its stars the
/// row's rating (StoryGraph's quarter stars rounded to whole ones, half up), a re-read a finish whose
/// row says "Read Count" above 1. Both files have one row per book.
@Suite("Statistics over real exports")
struct StatsFixtureTests {
    struct Finish {
        var day: String  // yyyy-MM-dd
        var pages: Int
        var stars: Int?
        var readCount: Int
    }

    struct Figures: Equatable, CustomStringConvertible {
        var books = 0
        var pages = 0
        var byPeriod: [String: [Int]] = [:]  // period → [books, pages]
        var distribution = [0, 0, 0, 0, 0]
        var average: Double?
        var rereads = 0
        var description: String {
            "books \(books) pages \(pages) \(byPeriod.sorted { $0.key < $1.key }) \(distribution) \(average ?? 0) \(rereads)"
        }
    }

    static func read(_ path: String, shelf: String, status: String, date: String, pages: String?, stars: String) throws
        -> [Finish]
    {
        let reader = try CSVReader(stream: InputStream(fileAtPath: path)!, hasHeaderRow: true)
        func column(_ name: String) -> String { (reader[name] ?? "").trimmingCharacters(in: .whitespacesAndNewlines) }
        var finishes: [Finish] = []
        while reader.next() != nil {
            guard !column("Title").isEmpty, column(shelf) == status, !column(date).isEmpty else { continue }
            let day = column(date).replacingOccurrences(of: "/", with: "-")
            let rating = Double(column(stars)).flatMap { $0 > 0 ? Int($0.rounded()) : nil }
            finishes.append(
                Finish(
                    day: day, pages: pages.flatMap { Int(column($0)) } ?? 0, stars: rating,
                    readCount: Int(column("Read Count")) ?? 1))
        }
        return finishes
    }

    /// The figures for one year (by month) or all time (by year).
    static func figures(_ finishes: [Finish], year: String?) -> Figures {
        var figures = Figures()
        let counted = finishes.filter { year == nil || $0.day.hasPrefix(year! + "-") }
        for finish in counted {
            figures.books += 1
            figures.pages += finish.pages
            let period = String(finish.day.prefix(year == nil ? 4 : 7))
            figures.byPeriod[period, default: [0, 0]][0] += 1
            figures.byPeriod[period, default: [0, 0]][1] += finish.pages
            if let stars = finish.stars { figures.distribution[stars - 1] += 1 }
            if finish.readCount > 1 { figures.rereads += 1 }
        }
        let rated = figures.distribution.reduce(0, +)
        if rated > 0 {
            let sum = figures.distribution.enumerated().reduce(0) { $0 + ($1.offset + 1) * $1.element }
            figures.average = (Double(sum) / Double(rated) * 100).rounded() / 100
        }
        return figures
    }

    /// The same figures as `/api/v1/stats` gives them.
    static func served(_ app: Application, _ token: String, year: String?) async throws -> Figures {
        let reply = try await app.send(.GET, "/api/v1/stats" + (year.map { "?year=\($0)" } ?? ""), token: token)
        guard reply.status == .ok else { throw TestFailure("\(reply.body)") }
        let stats = try reply.decode(StatsDTO.self)
        var figures = Figures()
        // All time also counts finishes without a date; the file's dated ones are compared by year.
        figures.books = year == nil ? stats.byYear.map(\.books).reduce(0, +) : stats.books
        figures.pages = year == nil ? stats.byYear.map(\.pages).reduce(0, +) : stats.pages
        for period in year == nil ? stats.byYear : stats.byMonth {
            figures.byPeriod[period.period] = [period.books, period.pages]
        }
        if year != nil {
            figures.distribution = stats.ratings.distribution
            figures.average = stats.ratings.average
            figures.rereads = stats.finishing.rereads
        }
        return figures
    }

    static func compare(_ finishes: [Finish], file: URL) async throws {
        #expect(finishes.count > 20, "the file should hold dated reads")
        try await withDogear { app in
            let token = try await app.signUp()
            let job = try await app.importFile(token, try Data(contentsOf: file), fileName: file.lastPathComponent)
            #expect(job.status == "done")
            var allTime = Self.figures(finishes, year: nil)
            (allTime.distribution, allTime.average, allTime.rereads) = ([0, 0, 0, 0, 0], nil, 0)
            #expect(try await Self.served(app, token, year: nil) == allTime)
            for year in Set(finishes.map { String($0.day.prefix(4)) }).sorted() {
                let expected = Self.figures(finishes, year: year)
                let served = try await Self.served(app, token, year: year)
                #expect(served == expected, "\(year): served \(served), the file says \(expected)")
            }
        }
    }

    @Test("Goodreads: books and pages per month and year, ratings and re-reads equal the file's")
    func goodreads() async throws {
        let file = try #require(SharedFixtures.directory?.appendingPathComponent("goodreads/romneyda-619rows-31col.csv"))
        let finishes = try Self.read(
            file.path, shelf: "Exclusive Shelf", status: "read", date: "Date Read", pages: "Number of Pages",
            stars: "My Rating")
        #expect(finishes.count == 528)
        try await Self.compare(finishes, file: file)
    }

    @Test("StoryGraph: books per month and year, ratings and re-reads equal the file's")
    func storyGraph() async throws {
        let file = try #require(SharedFixtures.directory?.appendingPathComponent("storygraph/bsanser-193rows-crlf.csv"))
        let finishes = try Self.read(
            file.path, shelf: "Read Status", status: "read", date: "Last Date Read", pages: nil, stars: "Star Rating")
        #expect(finishes.count == 59)
        try await Self.compare(finishes, file: file)
    }
}
