/// Spoiler-safe talk: a comment about page N (or N percent) of the club's current book is hidden
/// from a member who has not got there yet, shown by itself once they have, and never hidden from
/// its author. A comment without a place is for everyone.
public enum SpoilerGate {
    /// Where a comment is about, or where a reader is.
    public enum Place: Equatable, Sendable {
        case page(Int)
        case percent(Double)
    }

    public enum Visibility: Equatable, Sendable {
        case shown
        /// Hidden until the reader reaches this place (shown to them as "hidden until page N").
        case hiddenUntil(Place)
    }

    /// - Parameters:
    ///   - about: the comment's place, if it has one.
    ///   - reader: how far the reader is: their page, their percent, or nil for not started.
    ///   - finished: the reader finished the book (everything is shown).
    ///   - pageCount: the book's pages, to compare a page with a percent.
    public static func visibility(
        of about: Place?, isAuthor: Bool, reader: Place?, finished: Bool, pageCount: Int?
    ) -> Visibility {
        guard let about, !isAuthor, !finished else { return .shown }
        guard let reader else { return .hiddenUntil(about) }
        guard let needed = fraction(about, pageCount), let reached = fraction(reader, pageCount) else {
            // Page against percent with no page count: only the same kind can be compared.
            if case .page(let page) = about, case .page(let at) = reader { return at >= page ? .shown : .hiddenUntil(about) }
            return .hiddenUntil(about)
        }
        return reached >= needed ? .shown : .hiddenUntil(about)
    }

    private static func fraction(_ place: Place, _ pageCount: Int?) -> Double? {
        switch place {
        case .percent(let percent): return percent / 100
        case .page(let page):
            guard let pageCount, pageCount > 0 else { return nil }
            return Double(page) / Double(pageCount)
        }
    }
}

/// The progress milestones that go to a club's feed: 25, 50 and 75 percent, not every page.
public enum ProgressMilestones {
    public static let steps = [25, 50, 75]

    /// The milestones crossed by moving from `before` to `after` (fractions 0…1), lowest first.
    public static func crossed(from before: Double, to after: Double) -> [Int] {
        steps.filter { step in
            let mark = Double(step) / 100
            return before < mark && after >= mark
        }
    }
}
