import Vapor

/// /api/v1/goals: a reader's goals with their progress (`?year=` for one year).
struct GoalController {
    func index(req: Request) async throws -> [GoalDTO] {
        try await req.goals().goals(year: req.query[Int.self, at: "year"])
    }

    func create(req: Request) async throws -> Response {
        let goal = try await req.goals().create(try req.content.decode(GoalRequest.self))
        return try await goal.encodeResponse(status: .created, for: req)
    }

    func update(req: Request) async throws -> GoalDTO {
        try await req.goals().update(try req.uuidParameter("id"), try req.content.decode(GoalRequest.self))
    }

    func delete(req: Request) async throws -> HTTPStatus {
        try await req.goals().delete(try req.uuidParameter("id"))
        return .noContent
    }

    func progress(req: Request) async throws -> GoalDTO.Progress {
        try await req.goals().goal(try req.uuidParameter("id")).progress
    }
}
