/// The manual order of a list's items, kept so that moving one item writes one row: positions are
/// integers with wide gaps, a moved item takes a position between its new neighbours, and only when
/// two neighbours have no integer left between them is the list renumbered (rare: each gap takes
/// sixteen halvings to close).
public enum ListOrder {
    public static let gap: Int64 = 1 << 16

    /// The position for an item added at the end.
    public static func appended(after last: Int64?) -> Int64 {
        (last ?? 0) + gap
    }

    /// A position strictly between two neighbours (nil: the start or the end of the list), or nil
    /// when there is no integer left between them and the list needs renumbering.
    public static func between(_ before: Int64?, _ after: Int64?) -> Int64? {
        switch (before, after) {
        case (nil, nil): return gap
        case (let before?, nil): return before + gap
        case (nil, let after?): return after - gap
        case (let before?, let after?):
            guard after - before > 1 else { return nil }
            return before + (after - before) / 2
        }
    }

    /// Where an item goes when moved to `index` (0-based, counted among the *other* items, in
    /// order, whose positions are given): a position, or nil when the list must be renumbered.
    public static func position(movingTo index: Int, among others: [Int64]) -> Int64? {
        let clamped = max(0, min(index, others.count))
        let before = clamped > 0 ? others[clamped - 1] : nil
        let after = clamped < others.count ? others[clamped] : nil
        return between(before, after)
    }

    /// Fresh positions for `count` items in their present order.
    public static func renumbered(count: Int) -> [Int64] {
        (0..<count).map { Int64($0 + 1) * gap }
    }
}
