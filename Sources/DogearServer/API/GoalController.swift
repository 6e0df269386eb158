import DogearServices
import DogearStore
import Vapor

/// /api/v1/goals: a reader's goals with their progress (`?year=` for one year).
package struct GoalController {
    package func index(req: Request) async throws -> [GoalDTO] {
        (try await req.goals().goals(year: try req.optionalYearQuery())).map(GoalDTO.init)
    }

    package func create(req: Request) async throws -> Response {
        let goal = try await req.goals().create(try req.content.decode(GoalRequest.self).input)
        try await req.tagVersion(.goal, goal.id)
        return try await GoalDTO(goal).encodeResponse(status: .created, for: req)
    }

    package func update(req: Request) async throws -> GoalDTO {
        let (id, body, goals) = (try req.uuidParameter("id"), try req.content.decode(GoalRequest.self), try req.goals())
        return try await req.conditionalWrite(.goal, id) { GoalDTO(try await goals.update(id, body.input)) }
    }

    package func delete(req: Request) async throws -> HTTPStatus {
        let (id, goals) = (try req.uuidParameter("id"), try req.goals())
        try await req.conditionalWrite(.goal, id) { try await goals.delete(id) }
        return .noContent
    }

    package func progress(req: Request) async throws -> GoalDTO.Progress {
        GoalDTO.Progress(try await req.goals().goal(try req.uuidParameter("id")).progress)
    }
}
