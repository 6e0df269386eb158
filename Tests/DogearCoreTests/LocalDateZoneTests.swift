import DogearCore
import Foundation
import Testing

@Suite("A calendar day: the day a moment falls on, and its text")
struct LocalDateZoneTests {
    /// What Foundation's Gregorian calendar says, the way the day used to be found.
    private func calendarDay(_ date: Date, in zone: TimeZone) -> (Int, Int, Int) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return (parts.year!, parts.month!, parts.day!)
    }

    @Test(
        "the day at a moment in a zone is the calendar's, around midnights and clock changes too",
        arguments: [
            "UTC", "America/Los_Angeles", "America/St_Johns", "Europe/London", "Asia/Kolkata", "Australia/Lord_Howe",
            "Pacific/Chatham", "Pacific/Kiritimati", "Pacific/Pago_Pago",
        ])
    func dayInZone(_ identifier: String) throws {
        let zone = try #require(TimeZone(identifier: identifier))
        var generator = SeededGenerator(seed: UInt64(identifier.utf8.reduce(7) { $0 &* 31 &+ UInt64($1) }))
        var moments: [Date] = (0..<2000).map { _ in
            Date(timeIntervalSince1970: Double.random(in: 0...4_102_444_800, using: &generator))
        }
        // A second either side of each local midnight over two years: every clock change falls in them.
        for day in stride(from: 19_700, to: 20_430, by: 1) {
            let midnight =
                Double(day) * 86_400 - Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(day) * 86_400)))
            moments += [midnight - 1, midnight, midnight + 1].map(Date.init(timeIntervalSince1970:))
        }
        for moment in moments {
            let day = LocalDate(moment, in: zone)
            let expected = calendarDay(moment, in: zone)
            #expect((day.year, day.month, day.day) == expected, "\(moment) in \(identifier)")
        }
    }

    @Test("a day's text is yyyy-MM-dd, zero-padded")
    func text() throws {
        #expect(try #require(LocalDate(year: 987, month: 3, day: 5)).description == "0987-03-05")
        #expect(try #require(LocalDate(year: 2026, month: 11, day: 27)).description == "2026-11-27")
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<1000 {
            let day = LocalDate(dayNumber: Int.random(in: -700_000...2_900_000, using: &generator))
            #expect(day.description == String(format: "%04d-%02d-%02d", day.year, day.month, day.day))
            #expect(LocalDate(day.description) == day)
        }
    }
}

/// SplitMix64: the same numbers every run, so a failure can be replayed.
private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
