import DogearCore
import Foundation
import Plot
import Testing

@testable import DogearViews

/// Each chart kind drawn from fixed numbers is compared with the SVG kept in `Snapshots/`, so a
/// change to a chart shows in review as a change to that file. `DOGEAR_RECORD_SNAPSHOTS=1` writes
/// them anew; without it a missing snapshot fails.
@Suite("Charts")
struct ChartTests {
    static let months = zip(Heatmap.monthNames, [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 0]).map { Chart.Point($0, $1) }

    static func html(_ node: Node<HTML.BodyContext>) -> String {
        HTML(.body(node)).render(indentedBy: .spaces(1))
    }

    static var charts: [(String, Node<HTML.BodyContext>)] {
        let calendarDays = [("2026-01-05", 10), ("2026-01-06", 45), ("2026-01-07", 0), ("2026-02-14", 90), ("2026-03-01", 20)]
            .map { Heatmap.Day(LocalDate($0)!, minutes: $1) }
        return [
            (
                "bars",
                BarChart.render(
                    .init(id: "books", title: "Books read per month", summary: "44 books"), points: months, unit: "books")
            ),
            (
                "stacked",
                StackedBar.render(
                    .init(id: "gender", title: "Books by author gender", summary: "7 female, 5 male; 2 not known"),
                    parts: [Chart.Point("Female", 7), Chart.Point("Male", 5), Chart.Point("non-binary", 1)], unknown: 2)
            ),
            (
                "heatmap",
                Heatmap.render(
                    .init(id: "calendar", title: "Reading days in 2026", summary: "5 days"), from: LocalDate("2026-01-01")!,
                    to: LocalDate("2026-03-14")!, days: calendarDays)
            ),
            (
                "line",
                LineChart.render(
                    .init(id: "running", title: "Pages so far this year", summary: "4,400 of 12,000"),
                    points: months.map { Chart.Point($0.label, $0.value * 100) }, goal: 12_000, unit: "pages")
            ),
        ]
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")

    @Test("each chart kind draws the same SVG for the same numbers", arguments: ["bars", "stacked", "heatmap", "line"])
    func snapshot(_ name: String) throws {
        let node = try #require(Self.charts.first { $0.0 == name }?.1)
        let rendered = Self.html(node) + "\n"
        let file = Self.folder.appendingPathComponent("\(name).html")
        if ProcessInfo.processInfo.environment["DOGEAR_RECORD_SNAPSHOTS"] == "1" {
            try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
            try rendered.write(to: file, atomically: true, encoding: .utf8)
        }
        let kept = try String(contentsOf: file, encoding: .utf8)
        #expect(rendered == kept, "the \(name) chart changed: look at it, then record it with DOGEAR_RECORD_SNAPSHOTS=1")
    }

    @Test("every chart names itself (title, desc) and carries its numbers as a table")
    func accessible() {
        for (name, node) in Self.charts {
            let html = Self.html(node)
            #expect(html.contains("role=\"img\""), "\(name)")
            #expect(html.contains("<title id=\""), "\(name)")
            #expect(html.contains("<desc id=\""), "\(name)")
            #expect(html.contains("aria-labelledby="), "\(name)")
            #expect(html.contains("<details class=\"chart-table\">"), "\(name)")
            #expect(html.contains("<table>"), "\(name)")
            #expect(!html.contains("style="), "\(name): colours come from the stylesheet")
        }
    }

    @Test("bars scale to the largest value; a share leaves unknowns out and says how many")
    func geometry() {
        let bars = Self.html(
            BarChart.render(
                .init(id: "b", title: "t", summary: "s"), points: [Chart.Point("A", 2), Chart.Point("B", 4)], unit: "books"))
        // The plot is 176 high: the largest bar fills it, the other is half.
        #expect(bars.contains("height=\"176\""))
        #expect(bars.contains("height=\"88\""))
        let share = Self.html(
            StackedBar.render(
                .init(id: "s", title: "t", summary: "s"), parts: [Chart.Point("Yes", 1), Chart.Point("No", 3)], unknown: 5))
        #expect(share.contains("Yes 25%"))
        #expect(share.contains("No 75%"))
        #expect(share.contains("5 books not known, left out of these shares."))
        #expect(share.contains("width=\"160\""))  // a quarter of 640
        #expect(Heatmap.level(minutes: nil) == 0)
        #expect(Heatmap.level(minutes: 0) == 1)
        #expect(Heatmap.level(minutes: 29) == 2)
        #expect(Heatmap.level(minutes: 60) == 4)
    }

    @Test("the statistics page: every chart accounted for, and a free account sees the premium note instead")
    func statsPage() {
        var model = StatsPage.Model(session: session, year: 2026, yearsWithBooks: [2024, 2026], today: LocalDate("2026-03-14")!)
        model.booksBy = Self.months
        model.pagesBy = Self.months
        model.gender = .init(parts: [Chart.Point(hostile, 2)], unknown: 1)
        model.questions = [.init(label: "Translated works", yes: 1, no: 2, unknown: 3)]
        model.shortest = .init(entryID: UUID(), title: hostile, detail: "100 pages")
        let html = StatsPage.View.render(model).render()
        let figures = html.components(separatedBy: "<figure class=\"chart").count - 1
        // Books, pages, running pages, calendar, ratings, genres, formats, gender, region, and one question.
        #expect(figures == 10)
        #expect(html.components(separatedBy: "<desc id=").count - 1 == figures)
        #expect(html.components(separatedBy: "<table>").count - 1 == figures)
        #expect(!html.contains("<script>alert"))
        #expect(html.contains("<option value=\"2024\">2024</option>"))
        #expect(html.contains("<option value=\"all\">All time</option>"))
        #expect(html.contains("<option value=\"2026\" selected>2026</option>"))

        model.basicOnly = true
        let basic = StatsPage.View.render(model).render()
        #expect(basic.contains("come with a premium account"))
        #expect(!basic.contains("stats-diversity"))
    }
}

@Suite("Numbers as pages show them")
struct FiguresTests {
    @Test(
        "thousands grouped, decimals only where they say something",
        arguments: [
            (0.0, "0"), (117.0, "117"), (12.46, "12.5"), (158_002.0, "158,002"), (1_234.5, "1,234.5"), (-0.25, "-0.3"),
            (2.04, "2"),
        ])
    func decimal(_ value: Double, _ expected: String) {
        #expect(Figures.decimal(value) == expected)
    }

    @Test("counts: 158002 reads 158,002; one book, two books")
    func counts() {
        #expect(Figures.count(158_002) == "158,002")
        #expect(Figures.count(-1_000) == "-1,000")
        #expect(Figures.count(999) == "999")
        #expect(Figures.count(1, "book") == "1 book")
        #expect(Figures.count(2_400, "book") == "2,400 books")
    }
}
