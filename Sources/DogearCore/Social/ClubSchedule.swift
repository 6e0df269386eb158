/// A club book's schedule: milestones like "chapters 1–5 by 12 March" or "page 120 by 20 March".
/// From them and the day the club started the book follows where the club should be on any day
/// (straight-line between milestones), and so who is ahead and who behind.
public struct MilestoneDraft: Sendable, Equatable, Codable {
    public var label: String?
    public var page: Int?
    public var percent: Double?
    public var dueOn: String?

    public init(label: String? = nil, page: Int? = nil, percent: Double? = nil, dueOn: String? = nil) {
        self.label = label
        self.page = page
        self.percent = percent
        self.dueOn = dueOn
    }
}

public struct ValidMilestone: Sendable, Equatable {
    public var label: String?
    public var place: SpoilerGate.Place?
    public var dueOn: LocalDate

    public init(label: String?, place: SpoilerGate.Place?, dueOn: LocalDate) {
        self.label = label
        self.place = place
        self.dueOn = dueOn
    }
}

public enum ClubSchedule {
    public enum Standing: String, Sendable, Equatable {
        case ahead, onTrack, behind
    }

    /// Checks every milestone (its field named `milestones[i].x`) and returns them by date. Each needs
    /// a date and a label, a page or a percent; places must not go backwards as dates go forwards.
    public static func validated(_ drafts: [MilestoneDraft]) throws -> [ValidMilestone] {
        guard drafts.count <= Limits.milestonesPerBook else {
            throw ValidationError(field: "milestones", "at most \(Limits.milestonesPerBook) milestones")
        }
        var valid: [ValidMilestone] = []
        for (index, draft) in drafts.enumerated() {
            let field = "milestones[\(index)]"
            guard let text = draft.dueOn, let due = LocalDate(text) else {
                throw ValidationError(field: "\(field).dueOn", "give the date as YYYY-MM-DD")
            }
            let label = try Validate.optionalText(draft.label, field: "\(field).label", maxLength: Limits.shortTextMaxLength)
            let comment: ValidComment
            do {
                comment = try CommentDraft(body: "-", page: draft.page, percent: draft.percent).validated()
            } catch let error as ValidationError {
                throw error.nested(in: field)
            }
            if label == nil, comment.place == nil {
                throw ValidationError(field: "\(field).label", "say what to read by then: a label, a page or a percent")
            }
            valid.append(ValidMilestone(label: label, place: comment.place, dueOn: due))
        }
        return valid.sorted { $0.dueOn < $1.dueOn }
    }

    /// How far (0…1) the club should be on `today`: 0 on the start day, each milestone's place on its
    /// date, straight-line between, and the last milestone's place after it. Nil when no milestone has
    /// a place that can be compared (a page without the book's page count).
    public static func expected(
        on today: LocalDate, startedOn: LocalDate, milestones: [ValidMilestone], pageCount: Int?
    ) -> Double? {
        let points = milestones.compactMap { milestone in
            milestone.place.flatMap { fraction($0, pageCount) }.map { (day: milestone.dueOn.dayNumber, at: $0) }
        }
        guard !points.isEmpty else { return nil }
        var previous = (day: startedOn.dayNumber, at: 0.0)
        let day = today.dayNumber
        for point in points {
            if day <= point.day {
                guard day > previous.day else { return previous.at }
                let share = Double(day - previous.day) / Double(point.day - previous.day)
                return previous.at + (point.at - previous.at) * share
            }
            previous = point
        }
        return previous.at
    }

    /// Ahead or behind by more than one percent of the book (or two pages' worth); otherwise on track.
    public static func standing(of reached: Double, against expected: Double) -> Standing {
        let slack = 0.01
        if reached > expected + slack { return .ahead }
        if reached < expected - slack { return .behind }
        return .onTrack
    }

    public static func fraction(_ place: SpoilerGate.Place, _ pageCount: Int?) -> Double? {
        switch place {
        case .percent(let percent): return percent / 100
        case .page(let page):
            guard let pageCount, pageCount > 0 else { return nil }
            return min(1, Double(page) / Double(pageCount))
        }
    }
}
