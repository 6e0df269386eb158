import Foundation

/// Something a reader did that tells discovery what they like: a swipe on the deck, or an event in
/// their library. Each moves the scores of the book's genres and authors by the discovery weights.
public enum DiscoveryAction: String, Codable, Sendable, CaseIterable {
    case swipeRight
    case swipeLeft
    /// Saved from the deck into a chosen list: the weight of adding to a list.
    case bookmark
    case addToList
    case start
    case finish
    /// Rated 4 or 5 stars.
    case rateHigh
    /// Rated 1 or 2 stars.
    case rateLow
    case didNotFinish

    public var genreWeight: Int {
        switch self {
        case .swipeRight: return 1
        case .swipeLeft: return -1
        case .bookmark, .addToList: return 2
        case .start: return 3
        case .finish: return 5
        case .rateHigh: return 3
        case .rateLow: return -2
        case .didNotFinish: return -2
        }
    }

    public var authorWeight: Int {
        switch self {
        case .start: return 1
        case .finish: return 3
        case .rateHigh: return 2
        case .rateLow: return -1
        case .swipeRight, .swipeLeft, .bookmark, .addToList, .didNotFinish: return 0
        }
    }

    public var isPositive: Bool { genreWeight > 0 }

    /// The swipes as the API names them: right, left, bookmark.
    public static let swipes: [String: DiscoveryAction] = ["right": .swipeRight, "left": .swipeLeft, "bookmark": .bookmark]

    /// right, left or bookmark; nil for the library's own events.
    public var swipeName: String? { Self.swipes.first { $0.value == self }?.key }

    /// What a change to a library entry tells discovery: a start, a finish or a did-not-finish when
    /// the status becomes one, a rating when it crosses into 4–5 or 1–2 stars. Adding a book as
    /// want-to-read is adding it to the Want to Read list.
    public static func fromLibrary(
        statusBefore: ReadingStatus?, statusAfter: ReadingStatus, ratingBefore: Int?, ratingAfter: Int?
    ) -> [DiscoveryAction] {
        var actions: [DiscoveryAction] = []
        if statusBefore != statusAfter {
            switch statusAfter {
            case .reading: actions.append(.start)
            case .read: actions.append(.finish)
            case .didNotFinish: actions.append(.didNotFinish)
            case .wantToRead where statusBefore == nil: actions.append(.addToList)
            default: break
            }
        }
        let band = { (stars: Int?) -> DiscoveryAction? in
            guard let stars else { return nil }
            return stars >= 4 ? .rateHigh : stars <= 2 ? .rateLow : nil
        }
        if let after = band(ratingAfter), after != band(ratingBefore) { actions.append(after) }
        return actions
    }
}

extension DiscoveryAction {
    /// What an entry teaches when the library is learned from as it stands (after an import):
    /// a finish or a did-not-finish, and a rating of 4–5 or 1–2 stars. Its being in the library,
    /// or being read now, is not replayed.
    public static func replayed(status: ReadingStatus?, rating: Int?) -> [DiscoveryAction] {
        let ending: [DiscoveryAction] = status == .read ? [.finish] : status == .didNotFinish ? [.didNotFinish] : []
        // The status as it was and is: only the rating is news.
        let unchanged = status ?? .wantToRead
        return ending + fromLibrary(statusBefore: unchanged, statusAfter: unchanged, ratingBefore: nil, ratingAfter: rating)
    }
}

/// How long the books a reader likes are, by the average pages of the books they acted on gladly.
public enum LengthPreference: String, Codable, Sendable, CaseIterable {
    case short, medium, long, epic

    /// Short under 200 pages, medium 200–399, long 400–599, epic 600 and more.
    public init(pages: Int) {
        switch pages {
        case ..<200: self = .short
        case 200..<400: self = .medium
        case 400..<600: self = .long
        default: self = .epic
        }
    }
}
