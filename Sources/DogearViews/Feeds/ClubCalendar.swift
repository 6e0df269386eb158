import DogearCore
import Foundation

/// A reader's clubs as an iCalendar feed (RFC 5545) at a secret address (`/cal/{token}.ics`):
/// one event a meeting, times in UTC with the zone it was planned in named in its description,
/// and one all-day event a milestone of a current book's schedule. UIDs are the rows' ids, so an
/// event keeps its identity across readings; SEQUENCE counts the changes; a cancelled meeting
/// stays, `STATUS:CANCELLED`, so a subscribed calendar strikes it rather than guessing.
public enum ClubCalendar {
    public struct Meeting: Sendable, Equatable {
        public var id: UUID
        public var clubName: String
        public var title: String
        public var startsAt: Date
        public var endsAt: Date?
        public var place: String?
        public var link: String?
        public var timeZone: String
        public var sequence: Int
        public var cancelled: Bool
        public var updatedAt: Date
        /// The club's page.
        public var url: String

        public init(
            id: UUID, clubName: String, title: String, startsAt: Date, endsAt: Date?, place: String?, link: String?,
            timeZone: String, sequence: Int, cancelled: Bool, updatedAt: Date, url: String
        ) {
            self.id = id
            self.clubName = clubName
            self.title = title
            self.startsAt = startsAt
            self.endsAt = endsAt
            self.place = place
            self.link = link
            self.timeZone = timeZone
            self.sequence = sequence
            self.cancelled = cancelled
            self.updatedAt = updatedAt
            self.url = url
        }
    }

    public struct Milestone: Sendable, Equatable {
        public var id: UUID
        public var clubName: String
        /// "Page 120 of Piranesi".
        public var summary: String
        /// YYYY-MM-DD.
        public var dueOn: String
        public var sequence: Int
        public var updatedAt: Date
        public var url: String

        public init(id: UUID, clubName: String, summary: String, dueOn: String, sequence: Int, updatedAt: Date, url: String) {
            self.id = id
            self.clubName = clubName
            self.summary = summary
            self.dueOn = dueOn
            self.sequence = sequence
            self.updatedAt = updatedAt
            self.url = url
        }
    }

    /// What a milestone asks: "Page 120 of Piranesi", "45% of Piranesi", "Chapters 1–5 of Piranesi".
    public static func milestoneSummary(label: String?, page: Int?, percent: Double?, bookTitle: String) -> String {
        let place: String?
        if let page {
            place = "page \(page)"
        } else if let percent {
            place = "\(percent.formatted(.number.precision(.fractionLength(0...1))))%"
        } else {
            place = nil
        }
        let what: String
        switch (label, place) {
        case (let label?, let place?): what = "\(label) (\(place))"
        case (let label?, nil): what = label
        case (nil, let place?): what = place
        case (nil, nil): what = "the next part"
        }
        return "\(what.prefix(1).uppercased())\(what.dropFirst()) of \(bookTitle)"
    }

    /// The whole calendar, lines ended by CRLF and folded at 75 octets.
    public static func document(name: String, meetings: [Meeting], milestones: [Milestone], now: Date) -> String {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Dogear//Club meetings//EN", "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH", "X-WR-CALNAME:\(text(name))", "REFRESH-INTERVAL;VALUE=DURATION:PT1H", "X-PUBLISHED-TTL:PT1H",
        ]
        for meeting in meetings {
            var description = [
                "\(meeting.clubName): \(local(meeting.startsAt, in: meeting.timeZone)) (\(meeting.timeZone))"
            ]
            if let link = meeting.link { description.append("Join: \(link)") }
            description.append(meeting.url)
            lines += [
                "BEGIN:VEVENT", "UID:meeting-\(meeting.id.uuidString.lowercased())@dogear",
                "DTSTAMP:\(utc(now))", "LAST-MODIFIED:\(utc(meeting.updatedAt))", "SEQUENCE:\(meeting.sequence)",
                "DTSTART:\(utc(meeting.startsAt))",
            ]
            if let end = meeting.endsAt { lines.append("DTEND:\(utc(end))") }
            lines.append("SUMMARY:\(text(meeting.cancelled ? "Cancelled: \(meeting.title)" : meeting.title))")
            if let place = meeting.place { lines.append("LOCATION:\(text(place))") }
            lines += [
                "DESCRIPTION:\(text(description.joined(separator: "\n")))", "CATEGORIES:\(text(meeting.clubName))",
                "URL:\(uri(meeting.link ?? meeting.url))", "STATUS:\(meeting.cancelled ? "CANCELLED" : "CONFIRMED")",
                "END:VEVENT",
            ]
        }
        for milestone in milestones {
            guard let day = LocalDate(milestone.dueOn) else { continue }
            lines += [
                "BEGIN:VEVENT", "UID:milestone-\(milestone.id.uuidString.lowercased())@dogear", "DTSTAMP:\(utc(now))",
                "LAST-MODIFIED:\(utc(milestone.updatedAt))", "SEQUENCE:\(milestone.sequence)",
                "DTSTART;VALUE=DATE:\(compact(day))", "DTEND;VALUE=DATE:\(compact(day.adding(days: 1)))",
                "SUMMARY:\(text(milestone.summary))", "DESCRIPTION:\(text("\(milestone.clubName)'s schedule\n\(milestone.url)"))",
                "CATEGORIES:\(text(milestone.clubName))", "URL:\(uri(milestone.url))", "TRANSP:TRANSPARENT", "END:VEVENT",
            ]
        }
        lines.append("END:VCALENDAR")
        return lines.map(fold).joined(separator: "\r\n") + "\r\n"
    }

    /// A TEXT value (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks escaped.
    static func text(_ value: String) -> String {
        var out = ""
        for character in value {
            switch character {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n", "\r\n", "\r": out += "\\n"
            default:
                // Other control characters have no place in a content line.
                if character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) { out.append(character) }
            }
        }
        return out
    }

    /// A URI value: as it is, less any control character (a line break would end the property).
    static func uri(_ value: String) -> String {
        String(String.UnicodeScalarView(value.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }))
    }

    /// Lines longer than 75 octets are split, each continuation starting with a space, never
    /// inside a UTF-8 sequence (§3.1).
    static func fold(_ line: String) -> String {
        guard line.utf8.count > 75 else { return line }
        var parts: [String] = []
        var current = ""
        var octets = 0
        for scalar in line.unicodeScalars {
            let size = String(scalar).utf8.count
            let limit = parts.isEmpty ? 75 : 74
            if octets + size > limit {
                parts.append(current)
                current = ""
                octets = 0
            }
            current.unicodeScalars.append(scalar)
            octets += size
        }
        parts.append(current)
        return parts.joined(separator: "\r\n ")
    }

    static func utc(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: date)
    }

    /// "Thursday 3 December 2026, 19:00" in the meeting's zone.
    static func local(_ date: Date, in zone: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_GB")
        formatter.timeZone = TimeZone(identifier: zone) ?? TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEEE d MMMM yyyy, HH:mm"
        return formatter.string(from: date)
    }

    static func compact(_ day: LocalDate) -> String { day.description.replacingOccurrences(of: "-", with: "") }
}
