import DogearServices
import DogearStore
import Fluent
import SQLKit
import Vapor

/// GET /health and GET /openapi.yaml.
package struct SystemController {
    package struct Health: Content {
        package let status: String
        package let database: String
        package let schemaVersion: Int
        package let migrationsApplied: Int
    }

    package let databaseKind: String
    package var metricsToken: String? = nil

    package struct Readiness: Content {
        package let status: String
        package let migrationsApplied: Int
        package let migrationsKnown: Int
    }

    /// 200 once the database answers and every migration this build knows is applied; 503
    /// otherwise (a load balancer sends no reader here yet), and from the moment the server was
    /// told to stop (`GracefulShutdown`).
    package func ready(req: Request) async throws -> Response {
        let known = AllMigrations.list.count
        let stopping = req.application.isStopping
        // Stopping, the database is not asked: it closes once the requests in flight are done.
        let applied: Int? =
            stopping
            ? nil
            : try? await req.db.sql.raw("SELECT COUNT(*) AS n FROM _fluent_migrations").first()?
                .decode(column: "n", as: Int.self)
        let ready = applied == known && !stopping
        let body = Readiness(
            status: stopping ? "stopping" : ready ? "ready" : applied == nil ? "database unreachable" : "migrations pending",
            migrationsApplied: applied ?? 0, migrationsKnown: known)
        return try await body.encodeResponse(status: ready ? .ok : .serviceUnavailable, for: req)
    }

    /// Prometheus's text format, for whoever has `DOGEAR_METRICS_TOKEN`; not found when it is unset.
    package func metrics(req: Request) async throws -> Response {
        guard let token = metricsToken else { throw DomainError.notFound(.notFound, "no such page") }
        guard let given = req.headers.bearerAuthorization?.token,
            Array(given.utf8).count == Array(token.utf8).count,
            zip(given.utf8, token.utf8).reduce(0, { $0 | ($1.0 ^ $1.1) }) == 0
        else {
            throw DomainError(.notAuthenticated, code: .notAuthenticated, "send the metrics token as a bearer token")
        }
        let metrics = req.application.metrics
        // Read at the scrape: the pool's wait now, and the enrichment queue's length.
        let asked = ContinuousClock.now
        let waiting = try await req.db.withConnection { connection in
            metrics.connectionWaited(seconds: DogearMetrics.seconds(ContinuousClock.now - asked))
            return try await EnrichmentJob.waiting(on: connection)
        }
        metrics.enrichmentWaiting(waiting)
        let response = Response(status: .ok, body: .init(string: metrics.registry.emitToString()))
        response.headers.replaceOrAdd(name: .contentType, value: "text/plain; version=0.0.4; charset=utf-8")
        return response
    }

    /// Reads the applied migrations, so a database that is not migrated (or not reachable) shows.
    package func health(req: Request) async throws -> Health {
        let names = try await req.db.sql.select()
            .column("name").from("_fluent_migrations").all()
            .map { try $0.decode(column: "name", as: String.self) }
        let version = names.compactMap { Int($0.prefix(3)) }.max() ?? 0
        return Health(status: "ok", database: databaseKind, schemaVersion: version, migrationsApplied: names.count)
    }

    package func openAPI(req: Request) async throws -> Response {
        let response = Response(status: .ok, body: .init(string: OpenAPIDocument.text))
        response.headers.contentType = HTTPMediaType(type: "application", subType: "yaml")
        return response
    }
}
