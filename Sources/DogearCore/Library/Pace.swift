/// What a reader's sessions add up to for one book.
public struct SessionTotals: Equatable, Sendable {
    public var pagesRead: Int
    public var minutes: Int
    public var firstDate: LocalDate?
    public var lastDate: LocalDate?

    public init(pagesRead: Int = 0, minutes: Int = 0, firstDate: LocalDate? = nil, lastDate: LocalDate? = nil) {
        self.pagesRead = pagesRead
        self.minutes = minutes
        self.firstDate = firstDate
        self.lastDate = lastDate
    }
}

/// Pace (pages per day) and estimated finish.
///
/// Pace is the pages logged in sessions divided by the days from the first session to the last,
/// both counted, so a reader's pace does not fall while they are between sessions. The estimated
/// finish divides the pages left by that pace, or by the daily goal while there are no sessions
/// to measure, and counts from today.
public struct Pace: Equatable, Sendable {
    public let pagesPerDay: Double?
    public let estimatedFinish: LocalDate?

    public static func compute(
        sessions: SessionTotals, status: ReadingStatus, currentPage: Int?,
        pageCount: Int?, dailyGoalPages: Int?, today: LocalDate
    ) -> Pace {
        var pagesPerDay: Double?
        if sessions.pagesRead > 0, let first = sessions.firstDate, let last = sessions.lastDate {
            let days = max(1, first.days(until: last) + 1)
            pagesPerDay = Double(sessions.pagesRead) / Double(days)
        }
        var finish: LocalDate?
        if status == .reading, let pageCount {
            let remaining = pageCount - (currentPage ?? 0)
            let rate = pagesPerDay ?? dailyGoalPages.map(Double.init)
            if remaining > 0, let rate, rate > 0 {
                finish = today.adding(days: Int((Double(remaining) / rate).rounded(.up)))
            }
        }
        return Pace(pagesPerDay: pagesPerDay, estimatedFinish: finish)
    }
}
