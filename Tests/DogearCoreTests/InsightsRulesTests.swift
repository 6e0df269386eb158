import Testing

@testable import DogearCore

private func day(_ text: String) -> LocalDate { LocalDate(text)! }

@Suite("Reading streaks")
struct ReadingStreakTests {
    @Test(
        "current and longest runs of reading days",
        arguments: [
            // (days, today, current, longest, longest ended)
            ([], "2026-03-10", 0, 0, nil),
            // Today read, and the two days before: 3.
            (["2026-03-08", "2026-03-09", "2026-03-10"], "2026-03-10", 3, 3, "2026-03-10"),
            // Not yet read today: the run up to yesterday is still current.
            (["2026-03-08", "2026-03-09"], "2026-03-10", 2, 2, "2026-03-09"),
            // A day missed: the streak is over.
            (["2026-03-07", "2026-03-08"], "2026-03-10", 0, 2, "2026-03-08"),
            // A gap splits runs; the longest is the earlier one.
            (
                ["2026-02-01", "2026-02-02", "2026-02-03", "2026-02-04", "2026-03-09", "2026-03-10"], "2026-03-10", 2, 4,
                "2026-02-04"
            ),
            // Two sessions on one day are one day.
            (["2026-03-09", "2026-03-09", "2026-03-10", "2026-03-10"], "2026-03-10", 2, 2, "2026-03-10"),
            // Across a month and a leap day.
            (["2024-02-28", "2024-02-29", "2024-03-01"], "2024-03-01", 3, 3, "2024-03-01"),
            // Across a year.
            (["2025-12-31", "2026-01-01"], "2026-01-02", 2, 2, "2026-01-01"),
            // A day after today (dated ahead by mistake) counts for nothing.
            (["2026-03-10", "2026-03-11", "2026-03-12"], "2026-03-10", 1, 1, "2026-03-10"),
            // Ties: the most recent longest run is named.
            (["2026-01-01", "2026-01-02", "2026-01-05", "2026-01-06"], "2026-03-10", 0, 2, "2026-01-06"),
        ] as [([String], String, Int, Int, String?)])
    func streaks(_ days: [String], _ today: String, _ current: Int, _ longest: Int, _ ended: String?) {
        let streak = ReadingStreak.from(days: days.map(day), today: day(today))
        #expect(streak.current == current)
        #expect(streak.longest == longest)
        #expect(streak.longestEnded?.description == ended)
    }
}

@Suite("Author voices and translations")
struct DiversityRuleTests {
    @Test(
        "an author is a marginalised voice by gender or region; unknown unless both say no",
        arguments: [
            (AuthorGender.female, nil, Answer.yes), (.nonBinary, .europe, .yes), (.other, nil, .yes),
            (.male, .africa, .yes), (.male, .indigenous, .yes), (.male, .middleEast, .yes), (.male, .southAmerica, .yes),
            (.male, .centralAsia, .yes), (.male, .europe, .no), (.male, .northAmerica, .no), (.male, .asia, .no),
            (.male, .international, .no), (.male, nil, .unknown), (nil, .europe, .unknown), (.unknown, .europe, .unknown),
            (nil, nil, .unknown), (nil, .africa, .yes),
        ] as [(AuthorGender?, CulturalRegion?, Answer)])
    func marginalised(_ gender: AuthorGender?, _ region: CulturalRegion?, _ expected: Answer) {
        #expect(AuthorVoice.isMarginalised(.init(gender: gender, region: region)) == expected)
    }

    @Test("indigenous by region only; unknown without a region")
    func indigenous() {
        #expect(AuthorVoice.isIndigenous(.init(gender: .male, region: .indigenous)) == .yes)
        #expect(AuthorVoice.isIndigenous(.init(gender: .female, region: .oceania)) == .no)
        #expect(AuthorVoice.isIndigenous(.init(gender: .female, region: nil)) == .unknown)
    }

    @Test(
        "a book's answer: yes when any author says yes, no only when all say no, unknown with no authors",
        arguments: [
            ([], Answer.unknown), ([.no], .no), ([.no, .no], .no), ([.no, .unknown], .unknown),
            ([.unknown, .yes], .yes), ([.no, .yes], .yes), ([.unknown], .unknown),
        ] as [([Answer], Answer)])
    func bookAnswer(_ parts: [Answer], _ expected: Answer) {
        #expect(Answer.any(parts) == expected)
    }

    @Test(
        "translated: a translator, or an original language other than the edition's",
        arguments: [
            ("ru", "en", nil, Answer.yes), ("Russian", "en", nil, .yes), ("English", "en-GB", nil, .no),
            ("fre", "fr", nil, .no), ("ger", "de", nil, .no), ("Klingon", "klingon", nil, .no), (nil, "en", nil, .unknown),
            ("en", nil, nil, .unknown), (nil, nil, "Anthea Bell", .yes), ("en", "en", "Anthea Bell", .yes),
            (nil, nil, "  ", .unknown), ("  ", "en", nil, .unknown), ("pt-BR", "pt_PT", nil, .no),
        ] as [(String?, String?, String?, Answer)])
    func translated(_ original: String?, _ edition: String?, _ translator: String?, _ expected: Answer) {
        #expect(
            Translation.isTranslated(originalLanguage: original, editionLanguage: edition, translator: translator) == expected)
    }
}

@Suite("Reading goals")
struct ReadingGoalTests {
    @Test(
        "progress against a steady pace through the year",
        arguments: [
            // (done, target, today, expected, difference, standing, days left)
            (0, 365, "2026-01-01", 1, -1, GoalProgress.Standing.behind, 365),
            (1, 365, "2026-01-01", 1, 0, .onTrack, 365),
            (20, 52, "2026-07-01", 25, -5, .behind, 184),
            (30, 52, "2026-07-01", 25, 5, .ahead, 184),
            (52, 52, "2026-07-01", 25, 27, .complete, 184),
            (10, 52, "2025-12-31", 0, 10, .notStarted, 365),
            (40, 52, "2027-01-05", 52, -12, .missed, 0),
            (12, 12, "2027-01-05", 12, 0, .complete, 0),
            // A leap year has 366 days.
            (0, 366, "2024-12-31", 366, -366, .behind, 1),
        ] as [(Int, Int, String, Int, Int, GoalProgress.Standing, Int)])
    func progress(
        _ done: Int, _ target: Int, _ today: String, _ expected: Int, _ difference: Int, _ standing: GoalProgress.Standing,
        _ daysLeft: Int
    ) {
        let year = target == 366 ? 2024 : 2026
        let progress = GoalProgress.compute(done: done, target: target, year: year, today: day(today))
        #expect(progress.expectedByToday == expected)
        #expect(progress.difference == difference)
        #expect(progress.standing == standing)
        #expect(progress.daysLeft == daysLeft)
    }

    @Test("the pace needed spreads what is left over the days left, and is gone once met or over")
    func paceNeeded() {
        let july = GoalProgress.compute(done: 20, target: 52, year: 2026, today: day("2026-07-01"))
        #expect(july.neededPerDay == 32.0 / 184.0)
        #expect(july.neededPerWeek == 32.0 * 7 / 184.0)
        #expect(july.percent == 38)
        #expect(GoalProgress.compute(done: 60, target: 52, year: 2026, today: day("2026-07-01")).neededPerDay == nil)
        #expect(GoalProgress.compute(done: 60, target: 52, year: 2026, today: day("2026-07-01")).percent == 100)
        #expect(GoalProgress.compute(done: 1, target: 52, year: 2026, today: day("2027-01-01")).neededPerDay == nil)
    }

    private static let byAWoman = GoalConditions.Book(
        genres: ["Fantasy", "Fiction"], format: .ebook, translated: .yes,
        authors: [.init(gender: .male, region: .europe), .init(gender: .female, region: .africa)], byFirstTimeAuthor: true,
        culturalGoalCategory: .some("African Literature"))

    @Test(
        "conditions: every one given must hold",
        arguments: [
            (GoalConditions(), true), (GoalConditions(genre: "fantasy"), true), (GoalConditions(genre: "Romance"), false),
            (GoalConditions(format: .ebook), true), (GoalConditions(format: .audiobook), false),
            (GoalConditions(translated: true), true), (GoalConditions(translated: false), false),
            (GoalConditions(authorGender: .female), true), (GoalConditions(authorGender: .nonBinary), false),
            (GoalConditions(authorRegion: .africa), true), (GoalConditions(authorRegion: .asia), false),
            (GoalConditions(firstTimeAuthors: true), true), (GoalConditions(culturalGoal: true), true),
            (GoalConditions(culturalCategory: "african literature"), true), (GoalConditions(culturalCategory: "Poetry"), false),
            (GoalConditions(genre: "fantasy", format: .ebook, authorGender: .female), true),
            (GoalConditions(genre: "fantasy", format: .paperback, authorGender: .female), false),
        ] as [(GoalConditions, Bool)])
    func conditions(_ conditions: GoalConditions, _ expected: Bool) {
        #expect(conditions.matches(Self.byAWoman) == expected)
    }

    @Test("unknown never counts for a translated or untranslated goal; unmarked books never for a cultural goal")
    func unknowns() {
        var book = Self.byAWoman
        book.translated = .unknown
        #expect(!GoalConditions(translated: true).matches(book))
        #expect(!GoalConditions(translated: false).matches(book))
        book.culturalGoalCategory = nil
        #expect(!GoalConditions(culturalGoal: true).matches(book))
        book.culturalGoalCategory = .some(nil)
        #expect(GoalConditions(culturalGoal: true).matches(book))
        #expect(!GoalConditions(culturalCategory: "Poetry").matches(book))
        book.byFirstTimeAuthor = false
        #expect(!GoalConditions(firstTimeAuthors: true).matches(book))
    }

    @Test(
        "a goal is checked field by field",
        arguments: [
            (nil, "books", 12, "year"), (1800, "books", 12, "year"), (2026, nil, 12, "metric"), (2026, "novels", 12, "metric"),
            (2026, "books", nil, "target"), (2026, "books", 0, "target"), (2026, "books", 10_001, "target"),
            (2026, "minutes", 600_000, "target"),
        ] as [(Int?, String?, Int?, String)])
    func invalid(_ year: Int?, _ metric: String?, _ target: Int?, _ field: String) {
        #expect(throws: ValidationError.self) {
            try GoalDraft.validate(year: year, metric: metric, target: target, conditions: .init())
        }
        do {
            _ = try GoalDraft.validate(year: year, metric: metric, target: target, conditions: .init())
        } catch let error as ValidationError {
            #expect(error.field == field)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("a blank genre is no condition; a long one is refused by name")
    func conditionText() throws {
        let draft = try GoalDraft.validate(year: 2026, metric: "pages", target: 10_000, conditions: .init(genre: "  "))
        #expect(draft.conditions.genre == nil)
        #expect(draft.conditions.isEmpty)
        #expect(throws: ValidationError(field: "conditions.genre", "must be at most 50 characters")) {
            try GoalDraft.validate(
                year: 2026, metric: "pages", target: 10, conditions: .init(genre: String(repeating: "x", count: 51)))
        }
    }
}

@Suite("Who may see statistics, goals and a shared year")
struct InsightsAccessTests {
    @Test(
        "only the owner; premium numbers need premium when tiers are on",
        arguments: InsightsAccess.Action.allCases.flatMap { action in
            InsightsAccess.Actor.allCases.flatMap { actor in
                Tier.allCases.flatMap { tier in [true, false].map { (action, actor, tier, $0) } }
            }
        })
    func decide(_ action: InsightsAccess.Action, _ actor: InsightsAccess.Actor, _ tier: Tier, _ tiersOn: Bool) {
        let decision = InsightsAccess.decide(action, by: actor, tier: tier, tiersEnabled: tiersOn)
        let expected: InsightsAccess.Decision
        if actor != .owner {
            expected = .notFound
        } else if action == .readAdvancedStats && tiersOn && tier == .free {
            expected = .premiumRequired
        } else {
            expected = .allow
        }
        #expect(decision == expected)
    }

    @Test("a share token reads the year while live, and is not found once revoked")
    func shared() {
        #expect(InsightsAccess.readSharedYear(tokenIsLive: true) == .allow)
        #expect(InsightsAccess.readSharedYear(tokenIsLive: false) == .notFound)
    }

    @Test(
        "the catalog: anyone signed in fills an empty field or changes a set one (each recorded as such); the same value writes nothing",
        arguments: [
            (true, false, true, InsightsAccess.CatalogEdit.fill), (true, true, true, .change),
            (true, true, false, .unchanged), (true, false, false, .unchanged), (false, false, true, .notSignedIn),
            (false, true, true, .notSignedIn),
        ] as [(Bool, Bool, Bool, InsightsAccess.CatalogEdit)])
    func catalog(_ signedIn: Bool, _ isSet: Bool, _ changes: Bool, _ expected: InsightsAccess.CatalogEdit) {
        #expect(InsightsAccess.editCatalogField(signedIn: signedIn, currentValueIsSet: isSet, changesValue: changes) == expected)
    }
}
