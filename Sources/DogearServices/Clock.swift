import DogearCore
import DogearStore
import Foundation

/// Where "now" comes from, so tests can fix the date and every automatic date is predictable.
package struct DogearClock: Sendable {
    package let now: @Sendable () -> Date

    package static let system = DogearClock(now: { Date() })

    package static func fixed(_ date: Date) -> DogearClock { DogearClock(now: { date }) }
}
