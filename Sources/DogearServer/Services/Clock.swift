import DogearCore
import DogearStore
import Vapor

/// Where "now" comes from, so tests can fix the date and every automatic date is predictable.
package struct DogearClock: Sendable {
    package let now: @Sendable () -> Date

    package static let system = DogearClock(now: { Date() })

    package static func fixed(_ date: Date) -> DogearClock { DogearClock(now: { date }) }
}

extension Application {
    private struct ClockKey: StorageKey { typealias Value = DogearClock }

    package var clock: DogearClock {
        get { storage[ClockKey.self] ?? .system }
        set { storage[ClockKey.self] = newValue }
    }
}

extension Request {
    package var now: Date { application.clock.now() }

    /// Today in the user's time zone: the day automatic start and finish dates get.
    package func today(for user: User) -> LocalDate {
        LocalDate(now, in: TimeZone(identifier: user.timeZone) ?? .gmt)
    }
}
