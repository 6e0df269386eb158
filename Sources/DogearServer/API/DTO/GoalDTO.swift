import DogearCore
import DogearStore
import Vapor

extension GoalConditions: Content {}

/// A reading goal and where it stands today (`GET /api/v1/goals`, `/goals/{id}/progress`).
struct GoalDTO: Content {
    struct Progress: Content, Equatable {
        let done: Int
        let target: Int
        let percent: Int
        let expectedByToday: Int
        /// done − expected: positive ahead, negative behind.
        let difference: Int
        /// complete, ahead, onTrack, behind, missed, notStarted.
        let standing: String
        let daysLeft: Int
        @Nullable var neededPerDay: Double?
        @Nullable var neededPerWeek: Double?
    }

    let id: UUID
    let year: Int
    let metric: String
    let target: Int
    let conditions: GoalConditions
    /// "24 books · fantasy · by female authors": the goal in words.
    let summary: String
    let progress: Progress
}

/// What `POST /api/v1/goals` and `PATCH /api/v1/goals/{id}` accept.
struct GoalRequest: Content {
    var year: Int?
    var metric: String?
    var target: Int?
    var conditions: GoalConditions?
}
