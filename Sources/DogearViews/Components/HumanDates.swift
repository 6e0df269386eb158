import Foundation
import Plot

/// Dates as people read them, one format everywhere: "14 Mar 2026" (a month alone "Mar 2026", a
/// year alone "2026"), and recent moments relative ("5 minutes ago", "yesterday") with the exact
/// time on hover. Always in English month names, whatever the server's locale, like the rest of
/// the pages; the machine-readable value goes in `<time datetime>`.
public enum HumanDates {
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// "2026-03-14" → "14 Mar 2026"; "2026-03" → "Mar 2026"; "2026" → "2026"; anything else as given.
    public static func day(_ iso: String) -> String {
        let parts = iso.split(separator: "-").map { Int($0) }
        guard !parts.contains(nil), let year = parts.first ?? nil, (1...9999).contains(year) else { return iso }
        switch parts.count {
        case 1: return String(year)
        case 2:
            guard let month = parts[1], (1...12).contains(month) else { return iso }
            return "\(months[month - 1]) \(year)"
        case 3:
            guard let month = parts[1], (1...12).contains(month), let day = parts[2], (1...31).contains(day) else { return iso }
            return "\(day) \(months[month - 1]) \(year)"
        default: return iso
        }
    }

    /// "14 Mar 2026, 09:41" in the reader's time zone.
    public static func exact(_ date: Date, in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let time = String(format: "%02d:%02d", c.hour ?? 0, c.minute ?? 0)
        return "\(c.day ?? 1) \(months[(c.month ?? 1) - 1]) \(c.year ?? 1970), \(time)"
    }

    /// "just now", "5 minutes ago", "3 hours ago", "yesterday", "4 days ago"; from a week on, the day.
    public static func relative(_ date: Date, now: Date, in zone: TimeZone) -> String {
        let seconds = now.timeIntervalSince(date)
        if seconds < 60 { return "just now" }
        if seconds < 3_600 { return Figures.count(Int(seconds / 60), "minute") + " ago" }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let days =
            calendar.dateComponents([.day], from: calendar.startOfDay(for: date), to: calendar.startOfDay(for: now)).day ?? 0
        if days == 0 { return Figures.count(Int(seconds / 3_600), "hour") + " ago" }
        if days == 1 { return "yesterday" }
        if days < 7 { return "\(days) days ago" }
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        return "\(c.day ?? 1) \(months[(c.month ?? 1) - 1]) \(c.year ?? 1970)"
    }
}

/// A moment shown relative, with its exact time for the hover and its ISO value for machines.
public struct Moment: Sendable, Equatable {
    public var text: String
    public var exact: String
    public var iso: String

    public init(_ date: Date, now: Date, in zone: TimeZone) {
        text = HumanDates.relative(date, now: now, in: zone)
        exact = HumanDates.exact(date, in: zone)
        iso = ISO8601DateFormatter().string(from: date)
    }

    public init(text: String, exact: String, iso: String) {
        self.text = text
        self.exact = exact
        self.iso = iso
    }
}

extension Node where Context: HTMLContext {
    /// `<time datetime="2026-03-14">14 Mar 2026</time>`.
    static func day(_ iso: String) -> Node {
        .element(named: "time", nodes: [.attribute(named: "datetime", value: iso), .text(HumanDates.day(iso))])
    }

    /// `<time datetime="…" title="14 Mar 2026, 09:41">5 minutes ago</time>`.
    static func moment(_ moment: Moment) -> Node {
        .element(
            named: "time",
            nodes: [
                .attribute(named: "datetime", value: moment.iso), .attribute(named: "title", value: moment.exact),
                .text(moment.text),
            ])
    }
}
