/// The status rules: to `reading` dates the start today if it has no date; to `read` dates the
/// finish today, the start too if empty, sets progress to 1 and the page to the page count, and
/// counts one more read; dates the reader gives are never overwritten nor cross-checked. Pure: the
/// caller passes "today" (in the reader's time zone) and the dates the request itself gave.
///
/// Choices the product documents leave open, kept here so the API and the web app cannot differ:
/// - When the request gives any date of its own, only those dates are set; the automatic dates are
///   for requests that give none. Progress, page and read count still follow the status.
/// - A date already on the entry is never replaced by an automatic one.
/// - `read → reading` is a re-read: the finished read-through moves to history and a new one starts.
public enum StatusRules {
    public static func change(
        _ state: ReadingState,
        to newStatus: ReadingStatus,
        length: BookLength,
        today: LocalDate,
        givenStarted: LocalDate? = nil,
        givenFinished: LocalDate? = nil,
        requestGaveDates: Bool? = nil
    ) -> ReadingChange {
        var next = state
        var archived: PastReadThrough?
        // A request that cleared a date (null) also gave dates of its own, hence the explicit flag.
        let autoDates = !(requestGaveDates ?? (givenStarted != nil || givenFinished != nil))
        if let givenStarted { next.dateStarted = givenStarted }
        if let givenFinished { next.dateFinished = givenFinished }
        guard newStatus != state.status else { return ReadingChange(state: next, archived: nil) }

        switch newStatus {
        case .reading:
            if state.status == .read {
                archived = PastReadThrough(started: state.dateStarted, finished: state.dateFinished, outcome: .read)
                next.dateStarted = givenStarted ?? today
                next.dateFinished = givenFinished
                next.currentPage = length.pageCount == nil ? nil : 0
                next.currentMinutes = nil
                next.progress = 0
            } else if autoDates && next.dateStarted == nil {
                next.dateStarted = today
            }
        case .read:
            if autoDates {
                if next.dateFinished == nil { next.dateFinished = today }
                if next.dateStarted == nil { next.dateStarted = today }
            }
            next.progress = 1
            if let pages = length.pageCount { next.currentPage = pages }
            if let minutes = length.minutes, next.currentMinutes != nil { next.currentMinutes = minutes }
            next.readCount += 1
        case .wantToRead, .onHold, .didNotFinish:
            break
        }
        next.status = newStatus
        return ReadingChange(state: next, archived: archived)
    }
}
