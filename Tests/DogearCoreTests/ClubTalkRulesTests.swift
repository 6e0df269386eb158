import Testing

@testable import DogearCore

@Suite("Club talk rules: comments, schedule, progress, what the feed hears")
struct ClubTalkRulesTests {
    @Test(
        "a comment needs 1–5,000 characters and at most one place",
        arguments: [
            (CommentDraft(body: "Hi"), nil as String?),
            (CommentDraft(body: "  "), "body"),
            (CommentDraft(body: String(repeating: "x", count: 5_000)), nil),
            (CommentDraft(body: String(repeating: "x", count: 5_001)), "body"),
            (CommentDraft(body: "x", page: 0), "page"),
            (CommentDraft(body: "x", page: 12), nil),
            (CommentDraft(body: "x", percent: 100.5), "percent"),
            (CommentDraft(body: "x", page: 3, percent: 4), "page"),
        ])
    func commentDraft(_ draft: CommentDraft, field: String?) {
        do {
            _ = try draft.validated()
            #expect(field == nil)
        } catch let error as ValidationError {
            #expect(error.field == field)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test(
        "a comment's page is within the book's last page when it is known",
        arguments: [
            (272, 272 as Int?, nil as String?), (273, 272, "page"), (500, nil, nil), (12, 0, nil),
        ])
    func commentPageWithinTheBook(page: Int, lastPage: Int?, field: String?) {
        do {
            _ = try CommentDraft(body: "x", page: page).validated(lastPage: lastPage)
            #expect(field == nil)
        } catch let error as ValidationError {
            #expect(error.field == field)
            #expect(error.message.contains("\(lastPage ?? 0) pages"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("edits are allowed for 15 minutes, to the second")
    func editWindow() {
        #expect(CommentEditing.mayEdit(writtenAt: 0, now: 900))
        #expect(!CommentEditing.mayEdit(writtenAt: 0, now: 901))
    }

    @Test("milestones are checked field by field and come back by date")
    func milestones() throws {
        let valid = try ClubSchedule.validated([
            MilestoneDraft(label: "Part two", page: 300, dueOn: "2026-04-01"),
            MilestoneDraft(label: "Part one", dueOn: "2026-03-20"),
        ])
        #expect(valid.map(\.label) == ["Part one", "Part two"])
        #expect(valid[1].place == .page(300))
        let cases: [(MilestoneDraft, String)] = [
            (MilestoneDraft(label: "x"), "milestones[0].dueOn"),
            (MilestoneDraft(dueOn: "2026-03-20"), "milestones[0].label"),
            (MilestoneDraft(page: -1, dueOn: "2026-03-20"), "milestones[0].page"),
            (MilestoneDraft(label: String(repeating: "y", count: 300), dueOn: "2026-03-20"), "milestones[0].label"),
        ]
        for (draft, field) in cases {
            #expect(throws: ValidationError.self) { try ClubSchedule.validated([draft]) }
            do { _ = try ClubSchedule.validated([draft]) } catch let error as ValidationError { #expect(error.field == field) }
        }
    }

    @Test("where the club should be: 0 on the first day, each milestone on its date, straight between, the last after")
    func expectedPlace() {
        let start = LocalDate("2026-03-01")!
        let milestones = [
            ValidMilestone(label: "a", place: .page(100), dueOn: LocalDate("2026-03-11")!),
            ValidMilestone(label: "chapters only", place: nil, dueOn: LocalDate("2026-03-15")!),
            ValidMilestone(label: "b", place: .percent(100), dueOn: LocalDate("2026-03-21")!),
        ]
        func on(_ day: String) -> Double? {
            ClubSchedule.expected(on: LocalDate(day)!, startedOn: start, milestones: milestones, pageCount: 400)
        }
        #expect(on("2026-02-20") == 0)
        #expect(on("2026-03-01") == 0)
        #expect(on("2026-03-06") == 0.125)
        #expect(on("2026-03-11") == 0.25)
        #expect(on("2026-03-16") == 0.625)
        #expect(on("2026-04-30") == 1)
        // A page cannot be placed without the book's length; a label alone is not a place.
        #expect(ClubSchedule.expected(on: start, startedOn: start, milestones: [milestones[0]], pageCount: nil) == nil)
        #expect(ClubSchedule.standing(of: 0.3, against: 0.25) == .ahead)
        #expect(ClubSchedule.standing(of: 0.255, against: 0.25) == .onTrack)
        #expect(ClubSchedule.standing(of: 0.2, against: 0.25) == .behind)
    }

    @Test("progress as the club sees it")
    func progress() {
        #expect(
            ClubProgress.of(status: nil, currentPage: nil, progress: 0, listening: false, pageCount: 300, hidden: false)
                == .notStarted)
        #expect(
            ClubProgress.of(status: .read, currentPage: nil, progress: 1, listening: false, pageCount: 300, hidden: true)
                == .hidden)
        #expect(
            ClubProgress.of(status: .reading, currentPage: 150, progress: 0.5, listening: false, pageCount: 300, hidden: false)
                == .reading(page: 150, of: 300, percent: 50))
        // No edition chosen: the page against the club's page count.
        #expect(
            ClubProgress.of(status: .reading, currentPage: 75, progress: 0, listening: false, pageCount: 300, hidden: false)
                == .reading(page: 75, of: 300, percent: 25))
        #expect(
            ClubProgress.of(status: .reading, currentPage: nil, progress: 0.4, listening: true, pageCount: 300, hidden: false)
                == .reading(page: nil, of: nil, percent: 40))
        #expect(
            ClubProgress.of(
                status: .didNotFinish, currentPage: 20, progress: 0.1, listening: false, pageCount: 300, hidden: false)
                == .abandoned)
        #expect(ClubProgress.place(status: .wantToRead, currentPage: nil, progress: 0) == nil)
        #expect(ClubProgress.place(status: .reading, currentPage: 40, progress: 0.1) == .page(40))
        #expect(ClubProgress.place(status: .reading, currentPage: nil, progress: 0.3) == .percent(30))
    }

    @Test(
        "what a library change tells the club",
        arguments: [
            (nil as ReadingState?, ReadingState(status: .wantToRead), nil as Int?, nil as Int?, [ClubFeedEvent.addedBook]),
            (nil, ReadingState(status: .reading, progress: 0.3), nil, nil, [.addedBook, .started, .progressed(25)]),
            (ReadingState(status: .wantToRead), ReadingState(status: .reading, progress: 0.1), nil, nil, [.started]),
            (ReadingState(status: .reading, progress: 0.1), ReadingState(status: .reading, progress: 0.2), nil, nil, []),
            (
                ReadingState(status: .reading, progress: 0.2), ReadingState(status: .reading, progress: 0.8), nil, nil,
                [.progressed(25), .progressed(50), .progressed(75)]
            ),
            (ReadingState(status: .onHold, progress: 0.2), ReadingState(status: .reading, progress: 0.2), nil, nil, []),
            (ReadingState(status: .reading, progress: 0.9), ReadingState(status: .read, progress: 1), nil, nil, [.finished]),
            (
                ReadingState(status: .reading, progress: 0.4), ReadingState(status: .didNotFinish, progress: 0.4), nil, nil,
                [.abandoned]
            ),
            (ReadingState(status: .read, progress: 1), ReadingState(status: .read, progress: 1), nil, 4, [.rated(4)]),
            (ReadingState(status: .read, progress: 1), ReadingState(status: .read, progress: 1), 4, 4, []),
        ])
    func feedEvents(before: ReadingState?, after: ReadingState, ratingBefore: Int?, ratingAfter: Int?, events: [ClubFeedEvent]) {
        #expect(
            ClubFeedEvent.between(before: before, ratingBefore: ratingBefore, after: after, ratingAfter: ratingAfter) == events)
    }
}
