import DogearCore
import Foundation
import Testing

/// A seeded reader over a seeded catalog: what SPEC §8's deck does once it has learned.
@Suite("Discovery: a simulated reader")
struct DeckSimulationTests {
    static let genres = [
        "Fantasy", "Romance", "Mystery", "Thriller", "Science Fiction", "Horror", "History", "Biography", "Poetry", "Classics",
        "Memoir", "Philosophy", "Nature", "Science", "Young Adult", "Graphic Novels", "Humor", "Western", "Adventure", "Essays",
    ].map { GenreKey.keys(from: $0)[0] }

    /// 5,000 works in 20 genres (one in four with a second genre), 800 authors; the catalog's
    /// ranking is the order of the array.
    struct Catalog {
        var works: [DeckCandidate] = []

        init(seed: UInt64) {
            var random = DeckRandom(seed: seed)
            let authors = (0..<800).map { _ in UUID(uuid: Self.uuid(&random)) }
            for _ in 0..<5000 {
                var genres = [DeckSimulationTests.genres.randomElement(using: &random)!]
                if Int.random(in: 0..<4, using: &random) == 0 {
                    let second = DeckSimulationTests.genres.randomElement(using: &random)!
                    if second != genres[0] { genres.append(second) }
                }
                works.append(
                    DeckCandidate(
                        workID: UUID(uuid: Self.uuid(&random)), genres: genres, authors: [authors.randomElement(using: &random)!])
                )
            }
        }

        static func uuid(_ random: inout DeckRandom) -> uuid_t {
            let a = random.next()
            let b = random.next()
            return withUnsafeBytes(of: (a, b)) { bytes in
                (
                    bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                    bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
                )
            }
        }

        /// What the server's pools give: per genre or author, the best-ranked books not yet seen.
        func pool(_ keep: (DeckCandidate) -> Bool, seen: Set<UUID>, limit: Int = 40) -> [DeckCandidate] {
            Array(works.filter { !seen.contains($0.workID) && keep($0) }.prefix(limit))
        }

        func deal(_ preferences: Preferences, interactions: Int, seen: Set<UUID>, count: Int, seed: UInt64) -> [DeckCard] {
            let plan = DeckPlan(preferences: preferences, interactions: interactions)
            guard plan.personal else {
                let order = plan.coldStartGenres(among: DeckSimulationTests.genres, seed: seed)
                return DeckDealer.coldStart(
                    plan, count: count, genres: order.map { genre in (genre, pool({ $0.genres.contains(genre) }, seen: seen)) })
            }
            var byGenre: [GenreKey: [DeckCandidate]] = [:]
            for (genre, _) in plan.genres { byGenre[genre] = pool({ $0.genres.contains(genre) }, seen: seen) }
            var byAuthor: [UUID: [DeckCandidate]] = [:]
            for (author, _) in plan.authors { byAuthor[author] = pool({ $0.authors.contains(author) }, seen: seen) }
            let discovery = plan.discoveryGenres(among: DeckSimulationTests.genres, seed: seed).map { genre in
                (genre: genre, candidates: pool({ $0.genres.contains(genre) }, seen: seen, limit: 5))
            }
            return DeckDealer.personal(plan, count: count, byGenre: byGenre, byAuthor: byAuthor, discovery: discovery)
        }
    }

    static let fantasy = GenreKey(rawValue: "fantasy")
    static let romance = GenreKey(rawValue: "romance")

    /// Left on romance (a romantic fantasy too), right on fantasy, right on three in ten of the rest: 50 swipes: a first deck
    /// of 20, then five cards at a time (the page fetches the next cards as the reader swipes, so the
    /// deck follows what it learns).
    static func trainedReader(seed: UInt64) -> (Catalog, Preferences, Set<UUID>) {
        let catalog = Catalog(seed: seed)
        var random = DeckRandom(seed: seed &+ 1)
        var preferences = Preferences()
        var seen = Set<UUID>()
        for round in 0..<7 {
            // The first deck is the page's first fetch of 20; then the next five as the reader swipes.
            let size = round == 0 ? 20 : 5
            let deck = catalog.deal(
                preferences, interactions: preferences.total, seen: seen, count: size, seed: seed &+ UInt64(round))
            #expect(deck.count == size)
            for card in deck {
                let genres = card.candidate.genres
                let right =
                    genres.contains(romance)
                    ? false : genres.contains(fantasy) ? true : Int.random(in: 0..<10, using: &random) < 3
                preferences.learn(right ? .swipeRight : .swipeLeft, genres: genres, authors: card.candidate.authors, pages: nil)
                seen.insert(card.candidate.workID)
            }
        }
        return (catalog, preferences, seen)
    }

    @Test(
        "after 50 swipes: the next 20 are mostly fantasy, never romance, about one in five something different",
        arguments: [42, 7, 1234, 2026, 99, 5, 6, 8, 9, 10] as [UInt64])
    func learns(seed: UInt64) {
        let (catalog, preferences, seen) = Self.trainedReader(seed: seed)
        #expect(preferences.total == 50)
        let deck = catalog.deal(preferences, interactions: preferences.total, seen: seen, count: 20, seed: 99)
        #expect(deck.count == 20)
        let discovery = deck.filter { if case .somethingDifferent = $0.reason { return true } else { return false } }
        let chosen = deck.filter { if case .somethingDifferent = $0.reason { return false } else { return true } }
        #expect((3...5).contains(discovery.count), "discovery picks: \(discovery.count) of 20")
        let fantasy = chosen.filter { $0.candidate.genres.contains(Self.fantasy) }.count
        #expect(
            Double(fantasy) >= 0.8 * Double(chosen.count),
            "\(fantasy) fantasy of \(chosen.count) \(DeckPlan(preferences: preferences, interactions: 50).genres) \(chosen.map(\.candidate.genres))"
        )
        #expect(
            !deck.contains { $0.candidate.genres.contains(Self.romance) },
            "\(preferences.genreScores.sorted { $0.value < $1.value }.prefix(6)) \(deck.filter { $0.candidate.genres.contains(Self.romance) }.map { "\($0.reason) \($0.candidate.genres)" })"
        )
        #expect(!deck.contains { seen.contains($0.candidate.workID) })
        #expect(Set(deck.map(\.candidate.workID)).count == 20)
    }

    @Test("a cold-start deck of 20 spans at least five genres, and the same seed deals the same deck")
    func coldStartAndSeed() {
        let catalog = Catalog(seed: 7)
        let deck = catalog.deal(Preferences(), interactions: 0, seen: [], count: 20, seed: 3)
        #expect(deck.count == 20)
        #expect(Set(deck.compactMap { $0.candidate.genres.first }).count >= 5)
        #expect(catalog.deal(Preferences(), interactions: 0, seen: [], count: 20, seed: 3) == deck)

        let (trained, preferences, seen) = Self.trainedReader(seed: 11)
        let again = Self.trainedReader(seed: 11)
        let first = trained.deal(preferences, interactions: 50, seen: seen, count: 20, seed: 5)
        #expect(first == again.0.deal(again.1, interactions: 50, seen: again.2, count: 20, seed: 5))
    }

    @Test("sign-up genres come first in a cold start, and say so")
    func chosenFirst() {
        var preferences = Preferences()
        preferences.seed(["Poetry"])
        let deck = Catalog(seed: 7).deal(preferences, interactions: 0, seen: [], count: 5, seed: 1)
        #expect(deck.first?.reason == .chosenGenre(GenreKey(rawValue: "poetry")))
        #expect(deck.first?.reason.text(authorName: nil, authorFinished: false) == "You chose poetry when you signed up")
        #expect(deck.dropFirst().allSatisfy { if case .popular = $0.reason { return true } else { return false } })
    }
}
