/// Where a goal stands on a day: how much is done, how much a steady pace would have done by then,
/// and the pace that still finishes it in its year.
///
/// "Expected by today" spreads the target evenly over the year's days, today included (on 1 July of
/// a 365-day year, 182/365 of it). Before the year it is 0; after it, the whole target. Ahead/behind
/// compares what is done with that, in the goal's unit. The pace needed spreads what is left over the
/// days left, today included; none once the goal is met or its year is over.
public struct GoalProgress: Equatable, Sendable {
    public enum Standing: String, Codable, Sendable {
        case complete, ahead, onTrack, behind, missed, notStarted
    }

    public var done: Int
    public var target: Int
    public var expectedByToday: Int
    /// done − expected: positive ahead, negative behind.
    public var difference: Int
    public var standing: Standing
    /// 0…100, capped.
    public var percent: Int
    public var daysLeft: Int
    public var neededPerDay: Double?
    public var neededPerWeek: Double?

    public static func compute(done: Int, target: Int, year: Int, today: LocalDate) -> GoalProgress {
        let first = LocalDate(year: year, month: 1, day: 1)!
        let last = LocalDate(year: year, month: 12, day: 31)!
        let daysInYear = first.days(until: last) + 1
        let elapsed = min(max(first.days(until: today) + 1, 0), daysInYear)
        let expected = Int((Double(target) * Double(elapsed) / Double(daysInYear)).rounded(.down))
        let daysLeft = today > last ? 0 : min(today.days(until: last) + 1, daysInYear)
        let left = max(target - done, 0)
        let standing: Standing
        if done >= target {
            standing = .complete
        } else if today > last {
            standing = .missed
        } else if today < first {
            standing = .notStarted
        } else if done > expected {
            standing = .ahead
        } else if done == expected {
            standing = .onTrack
        } else {
            standing = .behind
        }
        let perDay = left > 0 && daysLeft > 0 ? Double(left) / Double(daysLeft) : nil
        return GoalProgress(
            done: done, target: target, expectedByToday: expected, difference: done - expected, standing: standing,
            percent: target > 0 ? min(100, done * 100 / target) : 0, daysLeft: daysLeft,
            neededPerDay: perDay, neededPerWeek: perDay.map { $0 * 7 })
    }
}
