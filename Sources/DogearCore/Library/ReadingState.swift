/// The part of a library entry that status changes and progress updates work on.
public struct ReadingState: Equatable, Sendable {
    public var status: ReadingStatus
    public var dateStarted: LocalDate?
    public var dateFinished: LocalDate?
    /// Page the reader is on (0 = not started).
    public var currentPage: Int?
    /// For audiobooks: minutes listened.
    public var currentMinutes: Int?
    /// 0.0…1.0.
    public var progress: Double
    /// How many times the book has been finished.
    public var readCount: Int

    public init(
        status: ReadingStatus, dateStarted: LocalDate? = nil, dateFinished: LocalDate? = nil,
        currentPage: Int? = nil, currentMinutes: Int? = nil, progress: Double = 0, readCount: Int = 0
    ) {
        self.status = status
        self.dateStarted = dateStarted
        self.dateFinished = dateFinished
        self.currentPage = currentPage
        self.currentMinutes = currentMinutes
        self.progress = progress
        self.readCount = readCount
    }

    /// Whether going from `before` to this state is reading: the place in the book moved, or the
    /// book was started or finished. A rating, a tag or a date corrected by hand is not; Home
    /// orders what is being read by the last time this was true.
    public func isReading(since before: ReadingState) -> Bool {
        if currentPage != before.currentPage || currentMinutes != before.currentMinutes || progress != before.progress {
            return true
        }
        return status != before.status && (status == .reading || status == .read)
    }
}

/// How long the book is, as far as the catalog knows.
public struct BookLength: Equatable, Sendable {
    public var pageCount: Int?
    /// Listening or reading time, for progress by minutes.
    public var minutes: Int?

    public init(pageCount: Int? = nil, minutes: Int? = nil) {
        self.pageCount = pageCount
        self.minutes = minutes
    }
}

/// A read-through that ended before the current one began, kept when a finished book is re-read.
public struct PastReadThrough: Equatable, Sendable {
    public let started: LocalDate?
    public let finished: LocalDate?
    public let outcome: ReadingStatus

    public init(started: LocalDate?, finished: LocalDate?, outcome: ReadingStatus) {
        self.started = started
        self.finished = finished
        self.outcome = outcome
    }
}

/// The result of applying a rule: the new state and, for a re-read, the read-through it archived.
public struct ReadingChange: Equatable, Sendable {
    public var state: ReadingState
    public var archived: PastReadThrough?
}
