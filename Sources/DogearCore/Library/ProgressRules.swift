/// What a reader reports: the page they are on, how far in percent, or minutes listened.
public enum ProgressInput: Equatable, Sendable {
    case page(Int)
    case percent(Double)
    case minutes(Int)
}

/// Progress updates: progress is derived from the page and the edition's page count, and
/// reaching the end finishes the book exactly as a change to `read` does.
///
/// Choices the product documents leave open: logging progress on a `wantToRead`, `onHold` or `didNotFinish` book
/// moves it to `reading` (with its start date); on a `read` book it is refused, since a re-read is
/// started by changing the status, which keeps the finished read-through in history.
public enum ProgressRules {
    public static func update(
        _ state: ReadingState, with input: ProgressInput, length: BookLength,
        today: LocalDate
    ) throws -> ReadingChange {
        if state.status == .read {
            throw ValidationError(field: "status", "this book is marked read; change its status to reading to log a re-read")
        }
        var next = state
        switch input {
        case .page(let page):
            guard page >= 0 else { throw ValidationError(field: "page", "must be 0 or more (got \(page))") }
            if let total = length.pageCount {
                guard page <= total else {
                    throw ValidationError(field: "page", "is past the last page (\(total)); got \(page)")
                }
                next.progress = Double(page) / Double(total)
            } else if page > Limits.pageCount.upperBound {
                throw ValidationError(field: "page", "must be at most \(Limits.pageCount.upperBound)")
            }
            next.currentPage = page
        case .percent(let percent):
            guard percent.isFinite, (0...100).contains(percent) else {
                throw ValidationError(field: "percent", "must be between 0 and 100 (got \(percent))")
            }
            next.progress = percent / 100
            if let total = length.pageCount {
                next.currentPage = Int((Double(total) * percent / 100).rounded())
            }
        case .minutes(let minutes):
            guard minutes >= 0 else { throw ValidationError(field: "minutes", "must be 0 or more (got \(minutes))") }
            if let total = length.minutes {
                guard minutes <= total else {
                    throw ValidationError(field: "minutes", "is past the end (\(total) minutes); got \(minutes)")
                }
                next.progress = Double(minutes) / Double(total)
            }
            next.currentMinutes = minutes
        }

        let started = next.progress > 0 || (next.currentPage ?? 0) > 0 || (next.currentMinutes ?? 0) > 0
        if next.progress >= 1 {
            return StatusRules.change(next, to: .read, length: length, today: today)
        }
        if started, next.status != .reading {
            return StatusRules.change(next, to: .reading, length: length, today: today)
        }
        return ReadingChange(state: next, archived: nil)
    }

    /// Progress 0…1 for a page, when the page count is known.
    public static func progress(page: Int?, pageCount: Int?) -> Double? {
        guard let page, let pageCount, pageCount > 0 else { return nil }
        return min(1, max(0, Double(page) / Double(pageCount)))
    }
}
