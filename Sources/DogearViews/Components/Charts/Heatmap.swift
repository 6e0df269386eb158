import DogearCore
import Plot

/// A GitHub-style calendar of reading days: a column per week (Monday at the top), a square per day,
/// darker the more minutes were read; a day with only a progress update gets the lightest shade.
public enum Heatmap {
    public struct Day: Sendable, Equatable {
        public var day: LocalDate
        public var minutes: Int
        public init(_ day: LocalDate, minutes: Int) {
            self.day = day
            self.minutes = minutes
        }
    }

    /// 0 no reading; 1 a progress update or under 15 minutes; 2 under 30; 3 under 60; 4 an hour or more.
    public static func level(minutes: Int?) -> Int {
        guard let minutes else { return 0 }
        switch minutes {
        case ..<15: return 1
        case ..<30: return 2
        case ..<60: return 3
        default: return 4
        }
    }

    public static func render(_ caption: Chart.Caption, from first: LocalDate, to last: LocalDate, days: [Day])
        -> Node<HTML.BodyContext>
    {
        let cell = 11.0
        let gap = 2.0
        let left = 28.0
        let top = 16.0
        let byDay = Dictionary(days.map { ($0.day.dayNumber, $0.minutes) }, uniquingKeysWith: +)
        // 1970-01-01 was a Thursday: Monday is 0.
        let weekday = { (day: LocalDate) in ((day.dayNumber % 7) + 7 + 3) % 7 }
        let start = first.adding(days: -weekday(first))
        let weeks = (start.days(until: last) / 7) + 1
        var nodes: [Node<HTML.BodyContext>] = []
        for (row, name) in [(0, "Mon"), (2, "Wed"), (4, "Fri")] {
            nodes.append(Chart.text(name, x: 0, y: top + Double(row) * (cell + gap) + cell - 1, anchor: "start"))
        }
        var lastMonth = 0
        for week in 0..<weeks {
            for row in 0..<7 {
                let day = start.adding(days: week * 7 + row)
                guard day >= first, day <= last else { continue }
                let x = left + Double(week) * (cell + gap)
                if day.day <= 7, row == 0 || day.day == 1, day.month != lastMonth {
                    lastMonth = day.month
                    nodes.append(Chart.text(monthNames[day.month - 1], x: x, y: top - 5, anchor: "start"))
                }
                let minutes = byDay[day.dayNumber]
                let label =
                    minutes.map { $0 > 0 ? "\(day): \($0) minutes" : "\(day): progress logged" } ?? "\(day): no reading"
                nodes.append(
                    Chart.rect(
                        x: x, y: top + Double(row) * (cell + gap), width: cell, height: cell,
                        className: "day level-\(level(minutes: minutes))", label: label))
            }
        }
        let width = Int(left + Double(weeks) * (cell + gap))
        let height = Int(top + 7 * (cell + gap))
        let inRange = days.filter { $0.day >= first && $0.day <= last }.sorted { $0.day < $1.day }
        return Chart.figure(
            caption, width: width, height: height, kind: "heatmap", svg: nodes,
            table: Chart.table(
                caption.title, header: ("Day", "Minutes"),
                rows: inRange.map { ($0.day.description, $0.minutes > 0 ? String($0.minutes) : "progress logged") }))
    }

    public static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}
