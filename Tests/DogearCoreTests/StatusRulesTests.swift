import Testing

@testable import DogearCore

@Suite("Status rules")
struct StatusRulesTests {
    let today = LocalDate("2026-03-14")!
    let book = BookLength(pageCount: 300)

    @Test("to reading sets the start date to today when it is empty")
    func startReading() {
        let result = StatusRules.change(ReadingState(status: .wantToRead), to: .reading, length: book, today: today)
        #expect(result.state.status == .reading)
        #expect(result.state.dateStarted == today)
        #expect(result.state.dateFinished == nil)
    }

    @Test("to reading keeps a start date already there")
    func startKeepsDate() {
        let earlier = LocalDate("2026-01-02")!
        let state = ReadingState(status: .onHold, dateStarted: earlier)
        #expect(StatusRules.change(state, to: .reading, length: book, today: today).state.dateStarted == earlier)
    }

    @Test("to read finishes: dates, progress, last page, read count")
    func finish() {
        let state = ReadingState(status: .reading, dateStarted: LocalDate("2026-03-01"), currentPage: 120, progress: 0.4)
        let next = StatusRules.change(state, to: .read, length: book, today: today).state
        #expect(next.dateFinished == today)
        #expect(next.dateStarted == LocalDate("2026-03-01"))
        #expect(next.progress == 1)
        #expect(next.currentPage == 300)
        #expect(next.readCount == 1)
    }

    @Test("to read with no start date sets it too")
    func finishSetsStart() {
        let next = StatusRules.change(ReadingState(status: .wantToRead), to: .read, length: book, today: today).state
        #expect(next.dateStarted == today)
        #expect(next.dateFinished == today)
    }

    @Test("dates the request gives are kept, never replaced, and not cross-checked")
    func givenDates() {
        let finished = LocalDate("2025-12-31")!
        let started = LocalDate("2026-02-01")!  // after the finish: allowed
        let next = StatusRules.change(
            ReadingState(status: .wantToRead), to: .read, length: book, today: today,
            givenStarted: started, givenFinished: finished
        ).state
        #expect(next.dateFinished == finished)
        #expect(next.dateStarted == started)
        #expect(next.readCount == 1)
    }

    @Test("a request that gives only a finish date gets no automatic start date")
    func onlyFinishGiven() {
        let finished = LocalDate("2025-12-31")!
        let next = StatusRules.change(
            ReadingState(status: .wantToRead), to: .read, length: book, today: today,
            givenFinished: finished
        ).state
        #expect(next.dateFinished == finished)
        #expect(next.dateStarted == nil)
    }

    @Test("a date already on the entry survives the automatic dates")
    func existingFinishKept() {
        let set = LocalDate("2026-03-10")!
        let state = ReadingState(status: .reading, dateStarted: LocalDate("2026-03-01"), dateFinished: set)
        #expect(StatusRules.change(state, to: .read, length: book, today: today).state.dateFinished == set)
    }

    @Test("re-reading a finished book keeps the old read-through in history")
    func reread() {
        let state = ReadingState(
            status: .read, dateStarted: LocalDate("2025-01-01"), dateFinished: LocalDate("2025-02-01"),
            currentPage: 300, progress: 1, readCount: 1)
        let result = StatusRules.change(state, to: .reading, length: book, today: today)
        #expect(
            result.archived
                == PastReadThrough(started: LocalDate("2025-01-01"), finished: LocalDate("2025-02-01"), outcome: .read))
        #expect(result.state.dateStarted == today)
        #expect(result.state.dateFinished == nil)
        #expect(result.state.progress == 0)
        #expect(result.state.currentPage == 0)
        #expect(result.state.readCount == 1)
        let again = StatusRules.change(result.state, to: .read, length: book, today: today).state
        #expect(again.readCount == 2)
    }

    @Test("the same status again changes nothing")
    func sameStatus() {
        let state = ReadingState(status: .read, dateFinished: LocalDate("2025-02-01"), progress: 1, readCount: 1)
        #expect(StatusRules.change(state, to: .read, length: book, today: today).state == state)
    }

    @Test("onHold and didNotFinish set no dates")
    func pauseAndAbandon() {
        let state = ReadingState(status: .reading, dateStarted: LocalDate("2026-03-01"), currentPage: 10, progress: 0.03)
        for status in [ReadingStatus.onHold, .didNotFinish] {
            let next = StatusRules.change(state, to: status, length: book, today: today).state
            #expect(next.status == status)
            #expect(next.dateFinished == nil)
            #expect(next.currentPage == 10)
        }
    }
}

@Suite("Status spellings")
struct StatusSpellingTests {
    @Test(
        "the usual spellings from other apps",
        arguments: [
            ("to-read", ReadingStatus.wantToRead, false), ("Want to Read", .wantToRead, false), ("TBR", .wantToRead, false),
            ("to be read", .wantToRead, false), ("unread", .wantToRead, false), ("currently-reading", .reading, false),
            ("currently reading", .reading, false), ("read", .read, false), ("Finished", .read, false),
            ("paused", .onHold, false), ("on hold", .onHold, false), ("on-hold", .onHold, false),
            ("did-not-finish", .didNotFinish, false), ("DNF", .didNotFinish, false), ("abandoned", .didNotFinish, false),
            ("wishlist", .wantToRead, true), ("wantToRead", .wantToRead, false), ("didNotFinish", .didNotFinish, false),
        ])
    func spellings(_ raw: String, _ status: ReadingStatus, _ wishlist: Bool) {
        #expect(ReadingStatus.parse(spelling: raw) == ParsedStatus(status: status, onWishlist: wishlist))
    }

    @Test("an unknown status names the field and the allowed values")
    func unknown() {
        let error = #expect(throws: ValidationError.self) { try ReadingStatus.parse("skimmed", field: "status") }
        #expect(error?.field == "status")
        #expect(error?.message.contains("wantToRead") == true)
    }
}
