/// Reading-day streaks: runs of consecutive calendar days on which the reader logged a session or a
/// progress update. Days are the reader's own calendar days (a session's date, or the day in their
/// time zone when they moved their page), so no time zone is applied here.
///
/// - Two entries on one day are one day.
/// - The current streak is still alive on a day the reader has not read yet: it counts back from
///   today when today is a reading day, else from yesterday (as GitHub and The StoryGraph do, so the
///   streak does not read 0 every morning). It is 0 when neither day was a reading day.
/// - Days after today (a session dated ahead by mistake) count for nothing.
public struct ReadingStreak: Equatable, Sendable {
    public var current: Int
    public var longest: Int
    /// The last day of the longest run (the most recent one when several tie).
    public var longestEnded: LocalDate?

    public init(current: Int, longest: Int, longestEnded: LocalDate?) {
        self.current = current
        self.longest = longest
        self.longestEnded = longestEnded
    }

    public static func from(days: some Sequence<LocalDate>, today: LocalDate) -> ReadingStreak {
        let numbers = Set(days.map(\.dayNumber).filter { $0 <= today.dayNumber }).sorted()
        var longest = 0
        var longestEnd: Int?
        var run = 0
        var previous: Int?
        for day in numbers {
            run = previous.map { day == $0 + 1 } == true ? run + 1 : 1
            if run >= longest {
                longest = run
                longestEnd = day
            }
            previous = day
        }
        var current = 0
        let present = Set(numbers)
        var cursor = present.contains(today.dayNumber) ? today.dayNumber : today.dayNumber - 1
        while present.contains(cursor) {
            current += 1
            cursor -= 1
        }
        return ReadingStreak(current: current, longest: longest, longestEnded: longestEnd.map(LocalDate.init(dayNumber:)))
    }
}
