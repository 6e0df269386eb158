import Fluent
import SQLKit
import Vapor

/// GET /health and GET /openapi.yaml.
struct SystemController {
    struct Health: Content {
        let status: String
        let database: String
        let schemaVersion: Int
        let migrationsApplied: Int
    }

    let databaseKind: String

    /// Reads the applied migrations, so a database that is not migrated (or not reachable) shows.
    func health(req: Request) async throws -> Health {
        let names = try await req.db.sql.select()
            .column("name").from("_fluent_migrations").all()
            .map { try $0.decode(column: "name", as: String.self) }
        let version = names.compactMap { Int($0.prefix(3)) }.max() ?? 0
        return Health(status: "ok", database: databaseKind, schemaVersion: version, migrationsApplied: names.count)
    }

    func openAPI(req: Request) async throws -> Response {
        let response = Response(status: .ok, body: .init(string: OpenAPIDocument.text))
        response.headers.contentType = HTTPMediaType(type: "application", subType: "yaml")
        return response
    }
}
