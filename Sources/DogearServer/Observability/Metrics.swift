import DogearServices
import DogearStore
import Foundation
import Prometheus
import Vapor

/// What `/metrics` shows, in Prometheus's text format (swift-prometheus): requests by route and
/// status with their latency, import rows and finished jobs, open club event streams, the database
/// (how long a scrape waited for a connection; on SQLite how long writers wait for their turn and
/// how many writes each commit held), and
/// the enrichment queue (works waiting, works tried by outcome). Routes are
/// counted by their pattern (`/api/v1/library/:id`), never their raw path, so an id or a reset
/// link's token is never a label and the number of series stays bounded.
package final class DogearMetrics: Sendable {
    package let registry = PrometheusCollectorRegistry()
    private let eventStreams: Gauge
    private let importRows: Counter
    private let enrichmentQueue: Gauge
    private let connectionWait: Gauge
    private let writeWait: ValueHistogram
    private let writeGroup: ValueHistogram

    package init() {
        eventStreams = registry.makeGauge(
            descriptor: .init(namespace: "dogear", metricName: "club_event_streams", helpText: "Club event streams open now"))
        importRows = registry.makeCounter(
            descriptor: .init(namespace: "dogear", metricName: "import_rows", unitName: "total", helpText: "Import rows written"))
        enrichmentQueue = registry.makeGauge(
            descriptor: .init(
                namespace: "dogear", metricName: "enrichment_queue", unitName: "works",
                helpText: "Works waiting to be looked up online (never tried, with an ISBN), at the last scrape"))
        connectionWait = registry.makeGauge(
            descriptor: .init(
                namespace: "dogear", metricName: "database_connection_wait", unitName: "seconds",
                helpText: "How long the last scrape waited for a database connection from the pool"))
        writeWait = registry.makeValueHistogram(
            descriptor: .init(
                namespace: "dogear", metricName: "database_write_wait", unitName: "seconds",
                helpText: "How long SQLite write transactions waited for their turn (one writer at a time)"),
            buckets: Self.latencyBuckets)
        writeGroup = registry.makeValueHistogram(
            descriptor: .init(
                namespace: "dogear", metricName: "database_write_group", unitName: "writes",
                helpText: "How many SQLite write transactions each commit held (group commit)"),
            buckets: [1, 2, 4, 8, 16, 32])
    }

    package static let latencyBuckets: [Double] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    package func request(method: String, route: String, status: Int, seconds: Double) {
        let labels = [("method", method), ("route", route), ("status", String(status))]
        registry.makeCounter(
            descriptor: .init(
                namespace: "dogear", metricName: "http_requests", unitName: "total", helpText: "HTTP requests answered"),
            labels: labels
        ).increment()
        registry.makeValueHistogram(
            descriptor: .init(
                namespace: "dogear", metricName: "http_request_duration", unitName: "seconds",
                helpText: "Time from a request's arrival to its answer"),
            labels: [("method", method), ("route", route)], buckets: Self.latencyBuckets
        ).record(seconds)
    }

    package func eventStreamOpened() { eventStreams.increment() }
    package func enrichmentWaiting(_ works: Int) { enrichmentQueue.set(Double(works)) }
    package func connectionWaited(seconds: Double) { connectionWait.set(seconds) }
    package func writeWaited(seconds: Double) { writeWait.record(seconds) }
    package func writesGrouped(_ writes: Int) { writeGroup.record(Double(writes)) }

    package func enrichmentTried(enriched: Int, notFound: Int) {
        for (outcome, count) in [("enriched", enriched), ("not_found", notFound)] where count > 0 {
            registry.makeCounter(
                descriptor: .init(
                    namespace: "dogear", metricName: "enrichment_works", unitName: "total",
                    helpText: "Works looked up online, by outcome"),
                labels: [("outcome", outcome)]
            ).increment(by: Int64(count))
        }
    }

    package static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
    package func eventStreamClosed() { eventStreams.decrement() }
    package func importedRows(_ count: Int) { importRows.increment(by: Double(count)) }

    package func importFinished(status: String) {
        registry.makeCounter(
            descriptor: .init(
                namespace: "dogear", metricName: "import_jobs", unitName: "total", helpText: "Import jobs finished"),
            labels: [("status", status)]
        ).increment()
    }
}

/// Counts and times every request by its route pattern.
package struct MetricsMiddleware: AsyncMiddleware {
    package let metrics: DogearMetrics

    package func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let started = ContinuousClock.now
        let response: Response
        do {
            response = try await next.respond(to: request)
        } catch {
            // Errors are turned into answers further in; one that escapes is a 500 to the client.
            record(request, status: 500, since: started)
            throw error
        }
        record(request, status: Int(response.status.code), since: started)
        return response
    }

    private func record(_ request: Request, status: Int, since started: ContinuousClock.Instant) {
        let seconds = DogearMetrics.seconds(ContinuousClock.now - started)
        metrics.request(method: request.method.rawValue, route: RoutePattern.of(request), status: status, seconds: seconds)
    }
}

/// A request's route as registered (`/books/:id`), or "unmatched" for an address no route has
/// (static files included), so raw paths never become labels or log lines.
package enum RoutePattern {
    package static func of(_ request: Request) -> String {
        guard let route = request.route else { return "unmatched" }
        return "/" + route.path.map(\.description).joined(separator: "/")
    }
}

extension Application {
    private struct MetricsKey: StorageKey {
        package typealias Value = DogearMetrics
    }

    package var metrics: DogearMetrics {
        if let metrics = storage[MetricsKey.self] { return metrics }
        let metrics = DogearMetrics()
        storage[MetricsKey.self] = metrics
        return metrics
    }
}
