import DogearServices
import DogearStore
import Foundation

// The API's shapes of the goal services' records.

extension GoalDTO.Progress {
    package init(_ record: GoalRecord.Progress) {
        self.init(
            done: record.done, target: record.target, percent: record.percent, expectedByToday: record.expectedByToday,
            difference: record.difference, standing: record.standing, daysLeft: record.daysLeft,
            neededPerDay: record.neededPerDay, neededPerWeek: record.neededPerWeek)
    }
}

extension GoalDTO {
    package init(_ record: GoalRecord) {
        self.init(
            id: record.id, year: record.year, metric: record.metric, target: record.target, conditions: record.conditions,
            summary: record.summary, progress: GoalDTO.Progress(record.progress))
    }
}
