import DogearCore
import DogearServices
import DogearStore
import Vapor

extension GoalConditions: Content {}

/// A reading goal and where it stands today (`GET /api/v1/goals`, `/goals/{id}/progress`).
package struct GoalDTO: Content {
    package struct Progress: Content, Equatable {
        package let done: Int
        package let target: Int
        package let percent: Int
        package let expectedByToday: Int
        /// done − expected: positive ahead, negative behind.
        package let difference: Int
        /// complete, ahead, onTrack, behind, missed, notStarted.
        package let standing: String
        package let daysLeft: Int
        @Nullable package var neededPerDay: Double?
        @Nullable package var neededPerWeek: Double?
    }

    package let id: UUID
    package let year: Int
    package let metric: String
    package let target: Int
    package let conditions: GoalConditions
    /// "24 books · fantasy · by female authors": the goal in words.
    package let summary: String
    package let progress: Progress
}

/// What `POST /api/v1/goals` and `PATCH /api/v1/goals/{id}` accept.
package struct GoalRequest: Content {
    package var year: Int?
    package var metric: String?
    package var target: Int?
    package var conditions: GoalConditions?
}
