import DogearCore
import Foundation
import Plot
import Testing

@testable import DogearViews

/// The main pages drawn from fixed models are compared with the HTML kept in `Snapshots/`, beside
/// the charts', so a change to a page shows in review as a change to its file.
/// `DOGEAR_RECORD_SNAPSHOTS=1` writes them anew; without it a missing snapshot fails.
@Suite("Page snapshots")
struct PageSnapshotTests {
    static let ids = (1...12).map { UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", $0))! }

    static func pages() -> [(String, HTML)] {
        var reading = book()
        reading.matches = [.init(field: "note", passage: "…the statues in the tide…")]
        let finished = book("Kindred", status: .read)
        var stats = StatsPage.Model(session: session, year: 2026, yearsWithBooks: [2025, 2026], today: LocalDate("2026-03-14")!)
        stats.books = 3
        stats.pages = 812
        stats.booksBy = ChartTests.months
        stats.pagesBy = ChartTests.months
        stats.shortest = .init(entryID: ids[0], title: "Kindred", detail: "264 pages")
        var club = ClubShow.Model(
            id: ids[1], name: "Tuesday readers", description: "Slow books, read together.", coverUrl: nil, isPublic: false,
            memberCount: 2, booksCompleted: 4, role: "owner",
            book: .init(title: "Piranesi", authors: ["Susanna Clarke"], coverUrl: nil, startedOn: "2026-03-01", entryID: ids[0]),
            session: session)
        club.members = [
            .init(
                id: ids[2], name: "Ann Example", role: "owner", progressText: "Page 120 of 272", fraction: 0.44,
                standing: "onTrack", isYou: true),
            .init(
                id: ids[3], name: "Bob", role: "member", progressText: "Keeps their progress to themselves", fraction: nil,
                standing: nil, isYou: false),
        ]
        club.feed = [.init(id: 7, sentence: "Bob started Piranesi", when: "2 days ago")]
        club.meetings = [
            .init(
                id: ids[9], title: "Piranesi, part one", status: "scheduled", when: "Thursday 3 December 2026, 19:00–20:30",
                place: "Café Lotte", link: "https://meet.example/abc", options: [], myAnswer: "yes",
                counts: "1 coming · 0 maybe · 0 not coming", answers: "Ann: coming"),
            .init(
                id: ids[10], title: "December", status: "poll", when: nil, place: nil, link: nil,
                options: [
                    .init(id: ids[11], when: "Thursday 10 December 2026, 19:00", votes: 1, voters: "Bob", chosenByMe: false)
                ], myAnswer: nil, counts: "0 coming · 0 maybe · 0 not coming", answers: ""),
        ]
        club.comments = [
            .init(
                id: ids[4], author: "Bob", when: "yesterday", placeText: "page 100", body: "The tides!", hiddenUntil: nil,
                edited: false, mayEdit: false, mayDelete: true, replies: [])
        ]
        return [
            (
                "home",
                Home.View.render(
                    .init(
                        greeting: "Good evening", displayName: "Ann", currentlyReading: [book()], recentlyFinished: [finished],
                        readAllTime: 12, readThisYear: 3, pagesThisYear: 900, session: session))
            ),
            (
                "library",
                LibraryIndex.View.render(
                    .init(
                        query: "statues", items: [reading, finished], allTags: ["Fantasy"], libraryIsEmpty: false,
                        session: session))
            ),
            (
                "book",
                BookShow.View.render(
                    .init(
                        book: book(), notes: [.init(id: ids[5], content: "The house is kind.", createdAt: "2026-03-14")],
                        quotes: [.init(text: "The Beauty of the House is immeasurable.")], session: session))
            ),
            (
                "list",
                ListShow.View.render(
                    .init(
                        id: ids[6].uuidString, name: "Summer 2026", description: "Books for the beach.", isDefault: false,
                        isOwner: true, isPublic: true, ownerName: "Ann", saved: false, shareCode: "K7QX2M",
                        shareLink: "https://dogear.example/l/K7QX2M",
                        items: [
                            .init(
                                id: ids[7], title: "Piranesi", authors: ["Susanna Clarke"], coverUrl: nil, note: "first",
                                entryID: ids[0]),
                            .init(
                                id: ids[8], title: "Kindred", authors: ["Octavia E. Butler"], coverUrl: nil, note: nil,
                                entryID: nil),
                        ], nextCursor: nil, session: session))
            ),
            ("club", ClubShow.View.render(club)),
            ("stats", StatsPage.View.render(stats)),
        ]
    }

    @Test(
        "each main page draws the same HTML for the same model", arguments: ["home", "library", "book", "list", "club", "stats"])
    func snapshot(_ name: String) throws {
        let page = try #require(Self.pages().first { $0.0 == name }?.1)
        let rendered = page.render(indentedBy: .spaces(1)) + "\n"
        let file = ChartTests.folder.appendingPathComponent("page-\(name).html")
        if ProcessInfo.processInfo.environment["DOGEAR_RECORD_SNAPSHOTS"] == "1" {
            try FileManager.default.createDirectory(at: ChartTests.folder, withIntermediateDirectories: true)
            try rendered.write(to: file, atomically: true, encoding: .utf8)
        }
        let kept = try String(contentsOf: file, encoding: .utf8)
        #expect(rendered == kept, "the \(name) page changed: look at it, then record it with DOGEAR_RECORD_SNAPSHOTS=1")
    }
}
