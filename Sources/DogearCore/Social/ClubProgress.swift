/// A member's progress on the club's current book, as the club sees it, read from their own library
/// entry of that work: not started, reading (page N of M, or a percent for audiobooks and books of
/// unknown length), finished or abandoned; or hidden, when they keep it to themselves.
public enum ClubProgress: Equatable, Sendable {
    case notStarted
    case reading(page: Int?, of: Int?, percent: Int)
    case finished
    case abandoned
    case hidden

    /// - Parameters:
    ///   - status: the entry's status, or nil when the member has no entry for the book.
    ///   - progress: the entry's progress, 0…1.
    ///   - listening: progress is kept in minutes (an audiobook), so show a percent.
    public static func of(
        status: ReadingStatus?, currentPage: Int?, progress: Double, listening: Bool, pageCount: Int?, hidden: Bool
    ) -> ClubProgress {
        if hidden { return .hidden }
        switch status {
        case nil, .wantToRead?: return .notStarted
        case .read?: return .finished
        case .didNotFinish?: return .abandoned
        case .reading?, .onHold?:
            let fraction = Self.fraction(progress: progress, currentPage: currentPage, pageCount: pageCount)
            let percent = Int((min(max(fraction, 0), 1) * 100).rounded())
            if listening { return .reading(page: nil, of: nil, percent: percent) }
            return .reading(page: currentPage, of: pageCount, percent: percent)
        }
    }

    /// How far through the book: the entry's own progress, or, when the entry does not know the
    /// book's length (no edition chosen), its page against the club's page count.
    public static func fraction(progress: Double, currentPage: Int?, pageCount: Int?) -> Double {
        guard progress <= 0, let currentPage, let pageCount, pageCount > 0 else { return progress }
        return min(1, Double(currentPage) / Double(pageCount))
    }

    /// 0…1, for progress bars and the schedule; nil when hidden.
    public var fraction: Double? {
        switch self {
        case .notStarted, .abandoned: return 0
        case .finished: return 1
        case .reading(_, _, let percent): return Double(percent) / 100
        case .hidden: return nil
        }
    }

    /// Where the reader is, for spoiler gating: their page, else their percent; nil before they start.
    public static func place(status: ReadingStatus?, currentPage: Int?, progress: Double) -> SpoilerGate.Place? {
        guard let status, status == .reading || status == .onHold || status == .didNotFinish else { return nil }
        if let currentPage, currentPage > 0 { return .page(currentPage) }
        return progress > 0 ? .percent(progress * 100) : nil
    }
}

/// What a change to a member's library entry of the club's current book tells the club: added it,
/// started, crossed 25/50/75 %, finished, abandoned, rated. Private entries tell nothing (the caller
/// does not ask).
public enum ClubFeedEvent: Equatable, Sendable {
    case addedBook, started
    case progressed(Int)
    case finished, abandoned
    case rated(Int)

    /// `before` is nil when the entry is new.
    public static func between(
        before: ReadingState?, ratingBefore: Int?, after: ReadingState, ratingAfter: Int?
    ) -> [ClubFeedEvent] {
        var events: [ClubFeedEvent] = []
        if before == nil { events.append(.addedBook) }
        let was = before?.status
        if after.status != was {
            switch after.status {
            case .reading where was != .onHold: events.append(.started)
            case .read: events.append(.finished)
            case .didNotFinish: events.append(.abandoned)
            default: break
            }
        }
        if after.status == .reading || after.status == .onHold {
            let from = (was == .reading || was == .onHold) ? before?.progress ?? 0 : 0
            events += ProgressMilestones.crossed(from: from, to: after.progress).map { .progressed($0) }
        }
        if let stars = ratingAfter, stars != ratingBefore { events.append(.rated(stars)) }
        return events
    }
}
