import Foundation

/// A meeting as the owner or an admin plans it, before validation: a title, and either a start
/// (with an optional end) or, for a date poll, the times to choose from; a place, a link for a
/// video call, and the time zone it is planned in (named in calendars beside the UTC times).
public struct MeetingDraft: Sendable, Equatable {
    public var title: String?
    public var startsAt: Date?
    public var endsAt: Date?
    public var place: String?
    public var link: String?
    public var timeZone: String?
    public var options: [Date]?

    public init(
        title: String? = nil, startsAt: Date? = nil, endsAt: Date? = nil, place: String? = nil, link: String? = nil,
        timeZone: String? = nil, options: [Date]? = nil
    ) {
        self.title = title
        self.startsAt = startsAt
        self.endsAt = endsAt
        self.place = place
        self.link = link
        self.timeZone = timeZone
        self.options = options
    }

    /// `defaultTimeZone`: the planner's own, used when the draft names none.
    public func validatedForCreate(defaultTimeZone: String) throws -> ValidMeeting {
        let title = try Validate.text(title ?? "", field: "title", length: 1...Limits.shortTextMaxLength)
        var options: [Date] = []
        switch (startsAt, self.options) {
        case (nil, nil):
            throw ValidationError(field: "startsAt", "give the time it starts, or options: the times for a date poll")
        case (.some, .some):
            throw ValidationError(field: "options", "give startsAt or options for a date poll, not both")
        case (.some(let start), nil):
            try Self.check(start, field: "startsAt")
        case (nil, .some(let given)):
            guard Limits.meetingOptions.contains(given.count) else {
                throw ValidationError(
                    field: "options",
                    "a date poll offers \(Limits.meetingOptions.lowerBound) to \(Limits.meetingOptions.upperBound) times (got \(given.count))"
                )
            }
            for (index, option) in given.enumerated() { try Self.check(option, field: "options[\(index)]") }
            options = given.sorted()
            if Set(options.map(Self.minute)).count != options.count {
                throw ValidationError(field: "options", "offer each time once")
            }
            if endsAt != nil {
                throw ValidationError(field: "endsAt", "set the end once the poll has decided the date")
            }
        }
        try Self.checkEnd(endsAt, after: startsAt)
        return ValidMeeting(
            title: title, startsAt: startsAt, endsAt: endsAt,
            place: try Validate.optionalText(place, field: "place", maxLength: Limits.shortTextMaxLength),
            link: try Validate.optionalURL(link, field: "link"),
            timeZone: try Self.zone(timeZone) ?? defaultTimeZone, options: options)
    }

    /// A change to `current`: a field not given keeps its value; `clear` names the optional fields
    /// set to null (`endsAt`, `place`, `link`). A poll's start is decided, not changed.
    public func validatedChange(of current: ValidMeeting, clear: Set<String> = []) throws -> ValidMeeting {
        var valid = current
        if let title { valid.title = try Validate.text(title, field: "title", length: 1...Limits.shortTextMaxLength) }
        if let startsAt {
            guard current.startsAt != nil else {
                throw ValidationError(field: "startsAt", "decide the poll to set its date")
            }
            try Self.check(startsAt, field: "startsAt")
            valid.startsAt = startsAt
        }
        if clear.contains("endsAt") { valid.endsAt = nil }
        if let endsAt {
            guard valid.startsAt != nil else {
                throw ValidationError(field: "endsAt", "set the end once the poll has decided the date")
            }
            valid.endsAt = endsAt
        }
        if startsAt != nil || endsAt != nil { try Self.checkEnd(valid.endsAt, after: valid.startsAt) }
        if clear.contains("place") { valid.place = nil }
        if let place { valid.place = try Validate.optionalText(place, field: "place", maxLength: Limits.shortTextMaxLength) }
        if clear.contains("link") { valid.link = nil }
        if let link { valid.link = try Validate.optionalURL(link, field: "link") }
        if let zone = try Self.zone(timeZone) { valid.timeZone = zone }
        return valid
    }

    static func check(_ date: Date, field: String) throws {
        let year = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: date).year ?? 0
        guard Limits.meetingYears.contains(year) else {
            throw ValidationError(
                field: field,
                "give a time between the years \(Limits.meetingYears.lowerBound) and \(Limits.meetingYears.upperBound)")
        }
    }

    static func checkEnd(_ end: Date?, after start: Date?) throws {
        guard let end, let start else { return }
        guard end > start else { throw ValidationError(field: "endsAt", "a meeting ends after it starts") }
        guard end.timeIntervalSince(start) <= Limits.meetingMaxSeconds else {
            throw ValidationError(field: "endsAt", "a meeting ends within a day of its start")
        }
    }

    static func zone(_ name: String?) throws -> String? {
        guard let name = name?.trimmingCharacters(in: .whitespaces), !name.isEmpty else { return nil }
        guard name.count <= 64, TimeZone(identifier: name) != nil else {
            throw ValidationError(field: "timeZone", "use an IANA time zone such as Europe/Paris")
        }
        return name
    }

    static func minute(_ date: Date) -> Int { Int((date.timeIntervalSince1970 / 60).rounded(.down)) }
}

public struct ValidMeeting: Sendable, Equatable {
    public var title: String
    /// Nil while a date poll is open.
    public var startsAt: Date?
    public var endsAt: Date?
    public var place: String?
    public var link: String?
    public var timeZone: String
    /// A date poll's times, earliest first (empty for a meeting planned with its date).
    public var options: [Date]

    public init(
        title: String, startsAt: Date?, endsAt: Date?, place: String?, link: String?, timeZone: String,
        options: [Date] = []
    ) {
        self.title = title
        self.startsAt = startsAt
        self.endsAt = endsAt
        self.place = place
        self.link = link
        self.timeZone = timeZone
        self.options = options
    }
}

/// A date and time as a form's `datetime-local` input sends it ("2026-12-03T19:00", seconds
/// optional; a space for the T), read in the reader's zone.
public enum LocalDateTime {
    public static func parse(_ text: String, in zone: TimeZone) -> Date? {
        let normalised = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: " ", with: "T")
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        for pattern in ["yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd'T'HH:mm:ss"] {
            formatter.dateFormat = pattern
            if let date = formatter.date(from: normalised) { return date }
        }
        return nil
    }
}
