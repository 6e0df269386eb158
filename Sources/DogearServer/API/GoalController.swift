import DogearCore
import Vapor

/// /api/v1/goals: a reader's goals with their progress (`?year=` for one year).
struct GoalController {
    func index(req: Request) async throws -> [GoalDTO] {
        try await req.goals().goals(year: try year(req))
    }

    /// `?year=` left out lists every year; anything but a year such as 2026 is refused (decoding it
    /// as an optional Int would turn `?year=abc` into every year's goals without a word).
    private func year(_ req: Request) throws -> Int? {
        guard let text = req.query[String.self, at: "year"], !text.isEmpty else { return nil }
        guard let year = Int(text), GoalDraft.years.contains(year) else {
            throw DomainError.badRequest("year must be a year such as 2026; got '\(text)'", field: "year")
        }
        return year
    }

    func create(req: Request) async throws -> Response {
        let goal = try await req.goals().create(try req.content.decode(GoalRequest.self))
        try await req.tagVersion(.goal, goal.id)
        return try await goal.encodeResponse(status: .created, for: req)
    }

    func update(req: Request) async throws -> GoalDTO {
        let (id, body, goals) = (try req.uuidParameter("id"), try req.content.decode(GoalRequest.self), try req.goals())
        return try await req.conditionalWrite(.goal, id) { try await goals.update(id, body) }
    }

    func delete(req: Request) async throws -> HTTPStatus {
        let (id, goals) = (try req.uuidParameter("id"), try req.goals())
        try await req.conditionalWrite(.goal, id) { try await goals.delete(id) }
        return .noContent
    }

    func progress(req: Request) async throws -> GoalDTO.Progress {
        try await req.goals().goal(try req.uuidParameter("id")).progress
    }
}
