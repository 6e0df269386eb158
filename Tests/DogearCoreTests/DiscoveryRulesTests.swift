import DogearCore
import Foundation
import Testing

@Suite("Discovery: genres, weights, preferences")
struct DiscoveryRulesTests {
    @Test(
        "one genre however it is written",
        arguments: [
            ("Science Fiction", ["science-fiction"]), ("science-fiction", ["science-fiction"]), ("Sci-Fi", ["science-fiction"]),
            ("SCI FI", ["science-fiction"]), ("Fiction / Science Fiction / General", ["fiction", "science-fiction"]),
            ("Fantasy fiction", ["fantasy"]), ("Fiction, fantasy, general", ["fiction", "fantasy"]),
            ("Juvenile Fiction / Fantasy & Magic", ["childrens", "fantasy"]), ("Young Adult", ["young-adult"]),
            ("YA", ["young-adult"]), ("Detective and mystery stories", ["mystery"]), ("Mysteries", ["mystery"]),
            ("Thrillers", ["thriller"]), ("Comics & Graphic Novels", ["graphic-novels"]),
            ("Historical Fiction", ["historical-fiction"]),
            ("Biography & Autobiography", ["biography"]), ("Cosy crime", ["cosy-crime"]), ("General", []), ("", []),
            ("Accessible book", []),
            ("Protected DAISY", []),
        ])
    func normalises(raw: String, keys: [String]) {
        #expect(GenreKey.keys(from: raw).map(\.rawValue) == keys)
    }

    @Test("a work's genres: each once, in the order first named; labels read as words")
    func workGenres() {
        let keys = GenreKey.keys(of: ["Sci-Fi", "Science Fiction", "Fiction / Science Fiction / General", "Space opera"])
        #expect(keys.map(\.rawValue) == ["science-fiction", "fiction", "space-opera"])
        #expect(keys.map(\.label) == ["Science fiction", "Fiction", "Space opera"])
        #expect(GenreKey(rawValue: "childrens").label == "Children's")
    }

    @Test("the deck ranks cover, description and 2015-or-later first, then rating × ratings, ours and the sources' together")
    func rank() {
        let bare = DeckRank.score(
            hasCover: false, hasDescription: false, firstPublished: 1990, average: 5, count: 10_000, sourceAverage: 5,
            sourceCount: 100_000)
        let covered = DeckRank.score(
            hasCover: true, hasDescription: false, firstPublished: nil, average: nil, count: 0, sourceAverage: nil,
            sourceCount: nil)
        let full = DeckRank.score(
            hasCover: true, hasDescription: true, firstPublished: 2015, average: 3, count: 2, sourceAverage: nil,
            sourceCount: nil)
        let fullBetterLiked = DeckRank.score(
            hasCover: true, hasDescription: true, firstPublished: 2020, average: 4, count: 1, sourceAverage: 4, sourceCount: 1)
        #expect(bare < covered)
        #expect(covered < full)
        #expect(full < fullBetterLiked)  // 3 × 2 = 6 < 4 × 1 + 4 × 1 = 8
        let subjects = [
            "Accessible book", "Fantasy", "Magic", "Wizards", "Schools", "Dragons", "Friendship", "Orphans", "Quests",
            "Good and evil",
        ]
        #expect(
            DeckRank.genres(of: subjects).map(\.rawValue) == [
                "fantasy", "magic", "wizards", "schools", "dragons", "friendship", "orphans", "quests",
            ])
    }

    @Test(
        "SPEC §8's weights",
        arguments: [
            (DiscoveryAction.swipeRight, 1, 0), (.swipeLeft, -1, 0), (.bookmark, 2, 0), (.addToList, 2, 0), (.start, 3, 1),
            (.finish, 5, 3), (.rateHigh, 3, 2), (.rateLow, -2, -1), (.didNotFinish, -2, 0),
        ])
    func weights(action: DiscoveryAction, genre: Int, author: Int) {
        #expect(action.genreWeight == genre)
        #expect(action.authorWeight == author)
        var preferences = Preferences()
        let writer = UUID()
        preferences.learn(action, genres: GenreKey.keys(of: ["Fantasy", "Fantasy fiction"]), authors: [writer], pages: 300)
        #expect(preferences.genreScores[GenreKey(rawValue: "fantasy")] == genre)
        #expect(preferences.authorScores[writer] == (author == 0 ? nil : author))
        #expect(preferences.total == 1)
        #expect(preferences.positive == (genre > 0 ? 1 : 0))
        #expect(preferences.negative == (genre < 0 ? 1 : 0))
    }

    @Test(
        "what a library change tells discovery",
        arguments: [
            (nil, ReadingStatus.wantToRead, nil, nil, [DiscoveryAction.addToList]),
            (ReadingStatus.wantToRead, .reading, nil, nil, [.start]), (.reading, .read, nil, 5, [.finish, .rateHigh]),
            (.reading, .didNotFinish, nil, nil, [.didNotFinish]), (.read, .read, 5, 4, []), (.read, .read, 4, 2, [.rateLow]),
            (.read, .read, 3, 1, [.rateLow]), (.read, .read, nil, 3, []), (nil, .read, nil, nil, [.finish]),
            (.reading, .reading, nil, nil, []), (.reading, .onHold, nil, nil, []),
        ])
    func libraryEvents(
        before: ReadingStatus?, after: ReadingStatus, ratingBefore: Int?, ratingAfter: Int?, actions: [DiscoveryAction]
    ) {
        #expect(
            DiscoveryAction.fromLibrary(
                statusBefore: before, statusAfter: after, ratingBefore: ratingBefore, ratingAfter: ratingAfter) == actions)
    }

    @Test(
        "learning from the library as it stands replays finishes, did-not-finishes and 1–2 or 4–5 stars only",
        arguments: [
            (ReadingStatus.read, Int?(5), [DiscoveryAction.finish, .rateHigh]), (.read, nil, [.finish]), (.read, 3, [.finish]),
            (.didNotFinish, 1, [.didNotFinish, .rateLow]), (.reading, 4, [.rateHigh]), (.wantToRead, nil, []),
            (.onHold, 2, [.rateLow]),
        ])
    func replayed(status: ReadingStatus, rating: Int?, actions: [DiscoveryAction]) {
        #expect(DiscoveryAction.replayed(status: status, rating: rating) == actions)
    }

    @Test(
        "liked lengths: the average pages of the books acted on gladly",
        arguments: [(150, "short"), (200, "medium"), (399, "medium"), (400, "long"), (600, "epic")])
    func lengths(pages: Int, length: String) {
        var preferences = Preferences()
        preferences.learn(.finish, genres: [], authors: [], pages: pages)
        preferences.learn(.swipeLeft, genres: [], authors: [], pages: 2000)  // disliked: not in the average
        #expect(preferences.averagePages == pages)
        #expect(preferences.preferredLength?.rawValue == length)
        #expect(Preferences().preferredLength == nil)
    }

    @Test("sign-up genres seed the scores; the plan takes the top four genres and two authors and avoids below −3")
    func plan() {
        var preferences = Preferences()
        preferences.seed(["Fantasy", "sci-fi"])
        #expect(preferences.genreScores == [GenreKey(rawValue: "fantasy"): 2, GenreKey(rawValue: "science-fiction"): 2])
        let authors = (0..<3).map { _ in UUID() }
        for (genre, times) in [("Fantasy", 5), ("History", 3), ("Poetry", 2), ("Horror", 1), ("Essays", 1)] {
            for _ in 0..<times {
                preferences.learn(.swipeRight, genres: [genre].flatMap(GenreKey.keys(from:)), authors: [], pages: nil)
            }
        }
        for _ in 0..<4 { preferences.learn(.swipeLeft, genres: GenreKey.keys(from: "Romance"), authors: [], pages: nil) }
        preferences.learn(.finish, genres: [], authors: [authors[0]], pages: nil)
        preferences.learn(.start, genres: [], authors: [authors[1]], pages: nil)
        preferences.learn(.rateHigh, genres: [], authors: [authors[2]], pages: nil)
        let plan = DeckPlan(preferences: preferences, interactions: preferences.total)
        #expect(plan.personal)
        #expect(plan.genres.map(\.key.rawValue) == ["fantasy", "history", "poetry", "science-fiction"])
        #expect(plan.genres.map(\.score) == [7, 3, 2, 2])
        #expect(plan.authors.map(\.id) == [authors[0], authors[2]])
        #expect(plan.avoided == [GenreKey(rawValue: "romance")])
        #expect(!DeckPlan(preferences: preferences, interactions: 4).personal)
    }
}
