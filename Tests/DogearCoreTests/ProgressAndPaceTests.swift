import Testing

@testable import DogearCore

@Suite("Progress")
struct ProgressRulesTests {
    let today = LocalDate("2026-03-14")!
    let book = BookLength(pageCount: 200)
    let reading = ReadingState(status: .reading, dateStarted: LocalDate("2026-03-01"))

    @Test("a page sets progress from the page count")
    func page() throws {
        let next = try ProgressRules.update(reading, with: .page(50), length: book, today: today).state
        #expect(next.currentPage == 50)
        #expect(next.progress == 0.25)
        #expect(next.status == .reading)
    }

    @Test("the last page finishes the book like a change to read")
    func lastPage() throws {
        let next = try ProgressRules.update(reading, with: .page(200), length: book, today: today).state
        #expect(next.status == .read)
        #expect(next.dateFinished == today)
        #expect(next.readCount == 1)
        #expect(next.progress == 1)
    }

    @Test("one page before the end does not finish it")
    func penultimatePage() throws {
        let next = try ProgressRules.update(reading, with: .page(199), length: book, today: today).state
        #expect(next.status == .reading)
        #expect(next.dateFinished == nil)
    }

    @Test("a page past the end is refused, naming the field")
    func pastEnd() {
        let error = #expect(throws: ValidationError.self) {
            try ProgressRules.update(reading, with: .page(201), length: book, today: today)
        }
        #expect(error?.field == "page")
    }

    @Test("percent sets progress and the page; 100% finishes")
    func percent() throws {
        let half = try ProgressRules.update(reading, with: .percent(50), length: book, today: today).state
        #expect(half.currentPage == 100)
        #expect(half.progress == 0.5)
        let done = try ProgressRules.update(reading, with: .percent(100), length: book, today: today).state
        #expect(done.status == .read)
        #expect(throws: ValidationError.self) {
            try ProgressRules.update(reading, with: .percent(100.5), length: book, today: today)
        }
    }

    @Test("minutes for audiobooks use the listening time when known")
    func minutes() throws {
        let audio = BookLength(pageCount: nil, minutes: 600)
        let next = try ProgressRules.update(reading, with: .minutes(150), length: audio, today: today).state
        #expect(next.currentMinutes == 150)
        #expect(next.progress == 0.25)
        let done = try ProgressRules.update(reading, with: .minutes(600), length: audio, today: today).state
        #expect(done.status == .read)
        #expect(done.currentMinutes == 600)
    }

    @Test("progress on a want-to-read book starts it")
    func startsReading() throws {
        let next = try ProgressRules.update(ReadingState(status: .wantToRead), with: .page(10), length: book, today: today).state
        #expect(next.status == .reading)
        #expect(next.dateStarted == today)
    }

    @Test("progress on a finished book is refused: a re-read starts with a status change")
    func finishedBook() {
        let done = ReadingState(status: .read, dateFinished: today, currentPage: 200, progress: 1, readCount: 1)
        let error = #expect(throws: ValidationError.self) {
            try ProgressRules.update(done, with: .page(10), length: book, today: today)
        }
        #expect(error?.field == "status")
    }
}

@Suite("Pace and estimated finish")
struct PaceTests {
    let today = LocalDate("2026-03-14")!

    @Test("pace is session pages over the days from first to last session")
    func pace() {
        // 60 pages over 2026-03-10 … 2026-03-12 (3 days) = 20 pages a day; 100 pages left = 5 days.
        let totals = SessionTotals(
            pagesRead: 60, minutes: 90, firstDate: LocalDate("2026-03-10"), lastDate: LocalDate("2026-03-12"))
        let pace = Pace.compute(
            sessions: totals, status: .reading, currentPage: 100, pageCount: 200, dailyGoalPages: nil, today: today)
        #expect(pace.pagesPerDay == 20)
        #expect(pace.estimatedFinish == LocalDate("2026-03-19"))
    }

    @Test("part days round the finish up")
    func roundsUp() {
        let totals = SessionTotals(pagesRead: 30, firstDate: today, lastDate: today)
        let pace = Pace.compute(
            sessions: totals, status: .reading, currentPage: 0, pageCount: 100, dailyGoalPages: nil, today: today)
        #expect(pace.estimatedFinish == LocalDate("2026-03-18"))  // 100/30 = 3.33 → 4 days
    }

    @Test("with no sessions the daily goal gives the estimate")
    func dailyGoal() {
        let pace = Pace.compute(
            sessions: SessionTotals(), status: .reading, currentPage: 50, pageCount: 100, dailyGoalPages: 25, today: today)
        #expect(pace.pagesPerDay == nil)
        #expect(pace.estimatedFinish == LocalDate("2026-03-16"))
    }

    @Test("no estimate without a page count, a pace, or while not reading")
    func noEstimate() {
        let totals = SessionTotals(pagesRead: 30, firstDate: today, lastDate: today)
        #expect(
            Pace.compute(sessions: totals, status: .reading, currentPage: 0, pageCount: nil, dailyGoalPages: nil, today: today)
                .estimatedFinish == nil)
        #expect(
            Pace.compute(
                sessions: SessionTotals(), status: .reading, currentPage: 0, pageCount: 100, dailyGoalPages: nil, today: today
            ).estimatedFinish == nil)
        #expect(
            Pace.compute(sessions: totals, status: .onHold, currentPage: 0, pageCount: 100, dailyGoalPages: nil, today: today)
                .estimatedFinish == nil)
    }
}

@Suite("Calendar dates")
struct LocalDateTests {
    @Test(
        "strict yyyy-MM-dd, real days only", arguments: ["2026-02-30", "2026-13-01", "26-01-01", "2026-1-01", "2026/01/01", ""])
    func invalid(_ text: String) {
        #expect(LocalDate(text) == nil)
    }

    @Test("leap days and day arithmetic across months and years")
    func arithmetic() {
        #expect(LocalDate("2024-02-29") != nil)
        #expect(LocalDate("2025-02-29") == nil)
        #expect(LocalDate("2026-12-30")!.adding(days: 3) == LocalDate("2027-01-02"))
        #expect(LocalDate("2026-03-01")!.days(until: LocalDate("2026-03-14")!) == 13)
        #expect(LocalDate(dayNumber: 0) == LocalDate("1970-01-01"))
    }
}

@Suite("What counts as reading, for Home's order")
struct ReadingActivityTests {
    static let base = ReadingState(status: .reading, dateStarted: LocalDate("2026-03-01"), currentPage: 40, progress: 0.15)

    @Test(
        "a moved page, a start or a finish is reading; a date corrected by hand or a shelf change is not",
        arguments: [
            ("page moved", ReadingState(status: .reading, dateStarted: base.dateStarted, currentPage: 60, progress: 0.22), true),
            ("finished", ReadingState(status: .read, dateStarted: base.dateStarted, currentPage: 40, progress: 0.15), true),
            ("start date corrected", ReadingState(status: .reading, dateStarted: nil, currentPage: 40, progress: 0.15), false),
            ("put on hold", ReadingState(status: .onHold, dateStarted: base.dateStarted, currentPage: 40, progress: 0.15), false),
            ("nothing", base, false),
        ])
    func reading(_ name: String, _ after: ReadingState, _ expected: Bool) {
        #expect(after.isReading(since: Self.base) == expected, "\(name)")
    }
}
