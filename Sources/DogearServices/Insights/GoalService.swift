import DogearCore
import DogearStore
import DogearViews
import FluentKit
import Foundation

/// A reader's goals: several a year, each measured from their own library (`GoalQuery`) by Core's
/// rules. Another reader's goal id is "not found" (`InsightsAccess`).
package struct GoalService {
    package let db: any Database
    package let user: User
    package let today: LocalDate
    /// When a change happens (deletions are remembered from then for apps that sync).
    package var now: Date = Date()

    package static let notFound = DomainError.notFound(.goalNotFound, "no such goal")
    package static let perYear = 20

    package func goals(year: Int?) async throws -> [GoalRecord] {
        var query = ReadingGoal.query(on: db).filter(\.$user.$id == (try user.requireID()))
        if let year { query = query.filter(\.$year == year) }
        let goals = try await query.sort(\.$year, .descending).sort(\.$createdAt).all()
        return try await dtos(goals)
    }

    /// The target of the year's first goal of this metric with no conditions (the statistics page
    /// draws pages against it), read without measuring any goal.
    package func plainTarget(year: Int, metric: GoalMetric) async throws -> Int? {
        try await ReadingGoal.query(on: db).filter(\.$user.$id == (try user.requireID())).filter(\.$year == year)
            .filter(\.$metricRaw == metric.rawValue).sort(\.$createdAt).all()
            .first { $0.conditions.isEmpty }?.target
    }

    package func goal(_ id: UUID) async throws -> GoalRecord {
        try await dtos([try await own(id)])[0]
    }

    package func create(_ request: GoalInput) async throws -> GoalRecord {
        let draft = try GoalDraft.validate(
            year: request.year, metric: request.metric, target: request.target, conditions: request.conditions ?? .init())
        let userID = try user.requireID()
        let goal = try await write { db, changes in
            let count = try await ReadingGoal.query(on: db).filter(\.$user.$id == userID).filter(\.$year == draft.year).count()
            guard count < Self.perYear else {
                throw DomainError(.unprocessable, code: .tooManyGoals, "at most \(Self.perYear) goals a year", field: "year")
            }
            let goal = ReadingGoal(userID: userID, draft: draft)
            try await goal.create(on: db)
            changes.changed(.goal, try goal.requireID(), of: userID)
            return goal
        }
        return try await dtos([goal])[0]
    }

    /// Changes what the request gives; the rest stays.
    package func update(_ id: UUID, _ request: GoalInput) async throws -> GoalRecord {
        let goal = try await own(id)
        let current = goal.draft
        let draft = try GoalDraft.validate(
            year: request.year ?? current.year, metric: request.metric ?? current.metric.rawValue,
            target: request.target ?? current.target, conditions: request.conditions ?? current.conditions)
        goal.apply(draft)
        try await write { db, changes in
            try await goal.save(on: db)
            changes.changed(.goal, id, of: goal.$user.id)
        }
        return try await dtos([goal])[0]
    }

    /// Deletes the goal; gives back its year (the page goes back to that year's goals).
    @discardableResult
    package func delete(_ id: UUID) async throws -> Int {
        let goal = try await own(id)
        try await write { db, changes in
            try await goal.delete(on: db)
            changes.deleted(.goal, id, of: goal.$user.id)
        }
        return goal.year
    }

    /// A write through the one write path (`WritePipeline`).
    private func write<T: Sendable>(
        _ body: @escaping @Sendable (any Database, WriteChanges) async throws -> T
    ) async throws -> T {
        try await WritePipeline(db: db, now: now, clubEvents: nil).run(body)
    }

    private func own(_ id: UUID) async throws -> ReadingGoal {
        guard let goal = try await ReadingGoal.find(id, on: db) else { throw Self.notFound }
        let actor: InsightsAccess.Actor = goal.$user.id == (try user.requireID()) ? .owner : .otherReader
        guard InsightsAccess.decide(.readGoal, by: actor, tier: user.tier, tiersEnabled: false) == .allow else {
            throw Self.notFound
        }
        return goal
    }

    /// Each goal measured against its year, each year loaded once.
    private func dtos(_ goals: [ReadingGoal]) async throws -> [GoalRecord] {
        var years: [Int: GoalQuery.Year] = [:]
        for year in Set(goals.map(\.year)) {
            years[year] = try await GoalQuery(db: db, userID: try user.requireID(), year: year).load()
        }
        return try goals.map { goal in
            let done = Self.measure(goal.draft, in: years[goal.year]!)
            let progress = GoalProgress.compute(done: done, target: goal.target, year: goal.year, today: today)
            return GoalRecord(
                id: try goal.requireID(), year: goal.year, metric: goal.metric.rawValue, target: goal.target,
                conditions: goal.conditions,
                summary: Self.summary(of: goal),
                progress: .init(
                    done: progress.done, target: progress.target, percent: progress.percent,
                    expectedByToday: progress.expectedByToday, difference: progress.difference,
                    standing: progress.standing.rawValue, daysLeft: progress.daysLeft,
                    neededPerDay: progress.neededPerDay.map { ($0 * 100).rounded() / 100 },
                    neededPerWeek: progress.neededPerWeek.map { ($0 * 100).rounded() / 100 }))
        }
    }

    /// The goal's metric over the year's books that meet its conditions.
    package static func measure(_ goal: GoalDraft, in year: GoalQuery.Year) -> Int {
        let counted = year.finishes.filter { goal.conditions.matches($0.book) }
        let matching = { (entry: UUID, _: Int) in
            year.bookByEntry[entry].map(goal.conditions.matches) ?? goal.conditions.isEmpty
        }
        switch goal.metric {
        case .books: return Set(counted.map(\.entryID)).count
        case .pages:
            // Pages read as Stats counts them: the sessions' pages, and what each finish adds to them.
            return counted.map(\.pages).reduce(0, +) + year.sessionPagesByEntry.filter(matching).values.reduce(0, +)
        case .authors: return Set(counted.flatMap(\.authorIDs)).count
        case .minutes: return year.minutesByEntry.filter(matching).values.reduce(0, +)
        }
    }

    /// "24 books · fantasy · by female authors".
    package static func summary(of goal: ReadingGoal) -> String {
        ([amount(goal.target, goal.metric)] + goal.conditions.describe()).joined(separator: " · ")
    }

    package static func amount(_ value: Int, _ metric: GoalMetric) -> String {
        "\(Chart.grouped(value)) \(value == 1 ? String(metric.unit.dropLast()) : metric.unit)"
    }

    package init(db: any Database, user: User, today: LocalDate, now: Date = Date()) {
        self.db = db
        self.user = user
        self.today = today
        self.now = now
    }
}
