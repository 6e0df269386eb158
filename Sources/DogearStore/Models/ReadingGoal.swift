import DogearCore
import FluentKit
import Foundation

/// A reader's goal for a year: a metric, a target and the conditions a book must meet to count
/// (`CreateInsights`; the rules are Core's `GoalDraft`, `GoalConditions`, `GoalProgress`).
package final class ReadingGoal: Model, @unchecked Sendable {
    package static let schema = "reading_goals"

    // MARK: managed
    @ID(key: .id) package var id: UUID?
    @Timestamp(key: "created_at", on: .create) package var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) package var updatedAt: Date?

    // MARK: data
    @Field(key: "year") package var year: Int
    @Field(key: "metric") package var metricRaw: String
    @Field(key: "target") package var target: Int
    @Field(key: "conditions") package var conditionsJSON: String

    // MARK: relationships
    @Parent(key: "user_id") package var user: User

    /// The property wrappers, listed by hand: Fluent's default finds them by reflection each time a
    /// row is read or saved (`ModelPropertiesTests` holds this list to the declarations above).
    package var properties: [any AnyProperty] {
        [_id, _createdAt, _updatedAt, _year, _metricRaw, _target, _conditionsJSON, _user]
    }

    package init() {}

    package init(userID: UUID, draft: GoalDraft) {
        self.$user.id = userID
        apply(draft)
    }

    package func apply(_ draft: GoalDraft) {
        year = draft.year
        metricRaw = draft.metric.rawValue
        target = draft.target
        conditions = draft.conditions
    }

    package var metric: GoalMetric { GoalMetric(rawValue: metricRaw) ?? .books }

    package var conditions: GoalConditions {
        get { (try? JSONDecoder().decode(GoalConditions.self, from: Data(conditionsJSON.utf8))) ?? GoalConditions() }
        set {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            conditionsJSON = (try? encoder.encode(newValue)).flatMap { String(data: $0, encoding: .utf8) } ?? "{}"
        }
    }

    package var draft: GoalDraft { GoalDraft(year: year, metric: metric, target: target, conditions: conditions) }
}
