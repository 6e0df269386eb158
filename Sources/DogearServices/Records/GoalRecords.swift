import DogearCore
import DogearStore
import Foundation

// What the goal services answer with. The API's DTOs are built from these (API/DTO/GoalDTO+Records.swift)
// and the pages read them directly, so the JSON can change without the services or the pages.

package struct GoalRecord: Sendable, Equatable {
    package struct Progress: Sendable, Equatable {
        package var done: Int
        package var target: Int
        package var percent: Int
        package var expectedByToday: Int
        package var difference: Int
        package var standing: String
        package var daysLeft: Int
        package var neededPerDay: Double?
        package var neededPerWeek: Double?

        package init(
            done: Int, target: Int, percent: Int, expectedByToday: Int, difference: Int, standing: String, daysLeft: Int,
            neededPerDay: Double? = nil, neededPerWeek: Double? = nil
        ) {
            self.done = done
            self.target = target
            self.percent = percent
            self.expectedByToday = expectedByToday
            self.difference = difference
            self.standing = standing
            self.daysLeft = daysLeft
            self.neededPerDay = neededPerDay
            self.neededPerWeek = neededPerWeek
        }
    }

    package var id: UUID
    package var year: Int
    package var metric: String
    package var target: Int
    package var conditions: GoalConditions
    package var summary: String
    package var progress: Progress

    package init(
        id: UUID, year: Int, metric: String, target: Int, conditions: GoalConditions, summary: String, progress: Progress
    ) {
        self.id = id
        self.year = year
        self.metric = metric
        self.target = target
        self.conditions = conditions
        self.summary = summary
        self.progress = progress
    }
}
