import DogearCore
import DogearStore
import Vapor

/// Where "now" comes from, so tests can fix the date and every automatic date is predictable.
struct DogearClock: Sendable {
    let now: @Sendable () -> Date

    static let system = DogearClock(now: { Date() })

    static func fixed(_ date: Date) -> DogearClock { DogearClock(now: { date }) }
}

extension Application {
    private struct ClockKey: StorageKey { typealias Value = DogearClock }

    var clock: DogearClock {
        get { storage[ClockKey.self] ?? .system }
        set { storage[ClockKey.self] = newValue }
    }
}

extension Request {
    var now: Date { application.clock.now() }

    /// Today in the user's time zone: the day automatic start and finish dates get.
    func today(for user: User) -> LocalDate {
        LocalDate(now, in: TimeZone(identifier: user.timeZone) ?? .gmt)
    }
}
