import DogearCore
import DogearServices
import DogearStore
import Foundation
import Vapor

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
