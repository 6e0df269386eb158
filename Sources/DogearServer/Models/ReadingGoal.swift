import DogearCore
import Fluent
import Foundation

/// A reader's goal for a year: a metric, a target and the conditions a book must meet to count
/// (`CreateInsights`; the rules are Core's `GoalDraft`, `GoalConditions`, `GoalProgress`).
final class ReadingGoal: Model, @unchecked Sendable {
    static let schema = "reading_goals"

    // MARK: managed
    @ID(key: .id) var id: UUID?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    // MARK: data
    @Field(key: "year") var year: Int
    @Field(key: "metric") var metricRaw: String
    @Field(key: "target") var target: Int
    @Field(key: "conditions") var conditionsJSON: String

    // MARK: relationships
    @Parent(key: "user_id") var user: User

    init() {}

    init(userID: UUID, draft: GoalDraft) {
        self.$user.id = userID
        apply(draft)
    }

    func apply(_ draft: GoalDraft) {
        year = draft.year
        metricRaw = draft.metric.rawValue
        target = draft.target
        conditions = draft.conditions
    }

    var metric: GoalMetric { GoalMetric(rawValue: metricRaw) ?? .books }

    var conditions: GoalConditions {
        get { (try? JSONDecoder().decode(GoalConditions.self, from: Data(conditionsJSON.utf8))) ?? GoalConditions() }
        set {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            conditionsJSON = (try? encoder.encode(newValue)).flatMap { String(data: $0, encoding: .utf8) } ?? "{}"
        }
    }

    var draft: GoalDraft { GoalDraft(year: year, metric: metric, target: target, conditions: conditions) }
}
