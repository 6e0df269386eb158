import Foundation

/// Which books a reader's deck draws from, decided from their preferences: with five
/// interactions or more, their top four genres and top two authors, about one card in five a
/// "something different" pick, and genres scoring below −3 never; with fewer, a varied mix of the
/// catalog's best-rated books, the genres they picked at sign-up first.
public struct DeckPlan: Sendable {
    public static let personalAfter = 5
    public static let topGenres = 4
    public static let topAuthors = 2
    public static let avoidBelow = -3
    /// Every fifth card is a discovery pick: 20%.
    public static let discoveryEvery = 5

    public var personal: Bool
    /// Best first, each with its (positive) score.
    public var genres: [(key: GenreKey, score: Int)]
    public var authors: [(id: UUID, score: Int)]
    public var avoided: Set<GenreKey>
    public var scores: [GenreKey: Int]
    public var chosen: Set<GenreKey>

    public init(preferences: Preferences, interactions: Int) {
        personal = interactions >= Self.personalAfter
        chosen = preferences.chosen
        scores = preferences.genreScores
        avoided = Set(preferences.genreScores.filter { $0.value < Self.avoidBelow }.keys)
        genres = preferences.genreScores.filter { $0.value > 0 }.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
            .prefix(Self.topGenres).map { (key: $0.key, score: $0.value) }
        authors = preferences.authorScores.filter { $0.value > 0 }
            .sorted { ($0.value, $1.key.uuidString) > ($1.value, $0.key.uuidString) }.prefix(Self.topAuthors)
            .map { (id: $0.key, score: $0.value) }
    }

    /// The genres a discovery pick may come from, in the order to try them: the catalog's `known`
    /// genres that are not a top genre and that the reader has not swiped away from more than
    /// toward (score 0 or more), best-scored first, equals shuffled by `seed`. Only when there are
    /// none left do the disliked ones come in (never an avoided one), least disliked first.
    public func discoveryGenres(among known: [GenreKey], seed: UInt64) -> [GenreKey] {
        let top = Set(genres.map(\.key))
        var random = DeckRandom(seed: seed)
        let ordered = known.filter { !top.contains($0) && !avoided.contains($0) }.shuffled(using: &random)
            .sorted { (scores[$0] ?? 0) > (scores[$1] ?? 0) }
        let open = ordered.filter { (scores[$0] ?? 0) >= 0 }
        return open.isEmpty ? ordered : open
    }

    /// The genres of a cold-start deck in order: those the reader picked at sign-up (scored, best
    /// first), then the catalog's others shuffled by `seed`.
    public func coldStartGenres(among known: [GenreKey], seed: UInt64) -> [GenreKey] {
        var random = DeckRandom(seed: seed)
        return known.filter { !avoided.contains($0) }.shuffled(using: &random)
            .sorted { (scores[$0] ?? 0) > (scores[$1] ?? 0) }
    }
}

/// A book the deck could show, as the catalog query found it, best-ranked first in its pool.
public struct DeckCandidate: Equatable, Sendable {
    public var workID: UUID
    public var genres: [GenreKey]
    public var authors: [UUID]

    public init(workID: UUID, genres: [GenreKey], authors: [UUID]) {
        self.workID = workID
        self.genres = genres
        self.authors = authors
    }
}

/// Why a card is on the deck, said on the card.
public enum DeckReason: Equatable, Sendable {
    case likedGenre(GenreKey)
    case likedAuthor(UUID)
    case somethingDifferent(GenreKey)
    case chosenGenre(GenreKey)
    case popular(GenreKey)
    /// From the server's own catalog, when the genres gave too few (imported books often have none).
    case inTheCatalog

    /// "because you liked fantasy"; an author's name is the caller's to give.
    public func text(authorName: String?, authorFinished: Bool) -> String {
        switch self {
        case .likedGenre(let genre): return "Because you liked \(genre.label.lowercased())"
        case .likedAuthor:
            let who = authorName.map { "by \($0), " } ?? "by "
            return authorFinished ? "\(who)an author you finished".capitalisedFirst : "\(who)an author you like".capitalisedFirst
        case .somethingDifferent(let genre): return "Something different: \(genre.label.lowercased())"
        case .chosenGenre(let genre): return "You chose \(genre.label.lowercased()) when you signed up"
        case .popular(let genre): return "Popular in \(genre.label.lowercased())"
        case .inTheCatalog: return "On this server's shelves"
        }
    }
}

public struct DeckCard: Equatable, Sendable {
    public var candidate: DeckCandidate
    public var reason: DeckReason

    public init(candidate: DeckCandidate, reason: DeckReason) {
        self.candidate = candidate
        self.reason = reason
    }
}

/// Deals the cards from the pools the catalog gave: each a genre's or an author's best books the
/// reader has not got or swiped, best first.
public enum DeckDealer {
    /// A personal deck: every fifth card from `discovery` (one genre after another, in the plan's
    /// order), the rest from the top genres and authors in proportion to the square of their scores
    /// (a smooth weighted round robin: fantasy at 6 and history at 2 give nine fantasy cards to one
    /// history), so a clear favourite fills the deck and the runners-up still show. A pool that runs dry leaves the others to fill in; nothing with an avoided genre,
    /// and a book also of a genre the reader dislikes only when nothing else is left in its pool.
    public static func personal(
        _ plan: DeckPlan, count: Int, byGenre: [GenreKey: [DeckCandidate]], byAuthor: [UUID: [DeckCandidate]],
        discovery: [(genre: GenreKey, candidates: [DeckCandidate])]
    ) -> [DeckCard] {
        var used = Set<UUID>()
        let allowed = { (candidate: DeckCandidate) in
            !used.contains(candidate.workID) && candidate.genres.allSatisfy { !plan.avoided.contains($0) }
        }
        // A book that is also of a genre the reader swiped away from goes after those that are not.
        let clean = { (pool: [DeckCandidate]) in
            let disliked = { (candidate: DeckCandidate) in candidate.genres.contains { (plan.scores[$0] ?? 0) < 0 } }
            return pool.filter { !disliked($0) } + pool.filter(disliked)
        }
        var sources: [(reason: DeckReason, weight: Int, pool: [DeckCandidate])] =
            plan.genres.map { (.likedGenre($0.key), $0.score * $0.score, clean(byGenre[$0.key] ?? [])) }
            + plan.authors.map { (.likedAuthor($0.id), $0.score * $0.score, clean(byAuthor[$0.id] ?? [])) }
        var credit = [Int](repeating: 0, count: sources.count)
        var discoveryPools = discovery.map { (genre: $0.genre, candidates: clean($0.candidates)) }
        var cards: [DeckCard] = []

        func preferred() -> DeckCard? {
            while sources.contains(where: { !$0.pool.isEmpty }) {
                let total = sources.reduce(0) { $0 + ($1.pool.isEmpty ? 0 : $1.weight) }
                var best: Int?
                for index in sources.indices where !sources[index].pool.isEmpty {
                    credit[index] += sources[index].weight
                    if best.map({ credit[index] > credit[$0] }) ?? true { best = index }
                }
                guard let pick = best else { return nil }
                credit[pick] -= total
                while let candidate = sources[pick].pool.first {
                    sources[pick].pool.removeFirst()
                    if allowed(candidate) { return DeckCard(candidate: candidate, reason: sources[pick].reason) }
                }
            }
            return nil
        }

        func different() -> DeckCard? {
            while !discoveryPools.isEmpty {
                let genre = discoveryPools[0].genre
                var pool = discoveryPools.removeFirst().candidates
                while let candidate = pool.first {
                    pool.removeFirst()
                    if allowed(candidate) {
                        // The genre goes to the back with what is left of it: one card per genre in turn.
                        if !pool.isEmpty { discoveryPools.append((genre, pool)) }
                        return DeckCard(candidate: candidate, reason: .somethingDifferent(genre))
                    }
                }
            }
            return nil
        }

        for index in 0..<count {
            let isDiscovery = index % DeckPlan.discoveryEvery == DeckPlan.discoveryEvery - 1
            guard let card = isDiscovery ? (different() ?? preferred()) : (preferred() ?? different()) else { break }
            used.insert(card.candidate.workID)
            cards.append(card)
        }
        return cards
    }

    /// A cold-start deck: one book from each genre in turn (`genres` in the plan's cold-start
    /// order), so twenty cards span as many genres as the catalog has.
    public static func coldStart(_ plan: DeckPlan, count: Int, genres: [(genre: GenreKey, candidates: [DeckCandidate])])
        -> [DeckCard]
    {
        var used = Set<UUID>()
        var pools = genres
        var cards: [DeckCard] = []
        while cards.count < count, !pools.isEmpty {
            let (genre, pool) = pools.removeFirst()
            var rest = pool[...]
            while let candidate = rest.popFirst() {
                guard !used.contains(candidate.workID), candidate.genres.allSatisfy({ !plan.avoided.contains($0) }) else {
                    continue
                }
                used.insert(candidate.workID)
                let reason: DeckReason =
                    plan.chosen.contains(genre)
                    ? .chosenGenre(genre) : (plan.scores[genre] ?? 0) > 0 ? .likedGenre(genre) : .popular(genre)
                cards.append(DeckCard(candidate: candidate, reason: reason))
                break
            }
            if !rest.isEmpty { pools.append((genre, Array(rest))) }
        }
        return cards
    }
}

/// SplitMix64: the same seed deals the same deck on every machine.
public struct DeckRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension String {
    fileprivate var capitalisedFirst: String { prefix(1).uppercased() + dropFirst() }
}
