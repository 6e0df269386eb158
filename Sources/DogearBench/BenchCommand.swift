import DogearCore
import DogearServer
import DogearServices
import DogearStore
import Fluent
import Foundation
import SQLKit
import Vapor

/// `dogear bench search --entries 100000 --notes 200000 [--seed 1] [--iterations 200] [--keep PATH]`
/// `dogear bench import --rows 10000 [--seed 1] [--keep PATH]`
/// `dogear bench feed --members 200 --clients 200 [--comments 100]` (see `FeedBenchmark`)
/// `dogear bench stats --entries 100000 --sessions 200000 [--iterations 100]` (see `StatsBenchmark`)
/// `dogear bench discover --works 200000 --entries 5000 --interactions 1000` (see `DiscoverBenchmark`)
/// `dogear bench http --entries 100000 [--seconds 10] [--connections 32] [--routes a,b] [--server BIN]`
/// (see `HTTPBenchmark`)
/// `dogear bench scan --photo shelf.jpg --manifest shelf.json [--iterations 5] [--bad a,b]` (see `ScanBenchmark`)
///
/// Builds a synthetic library in a fresh SQLite file, then times the library search as the API runs
/// it (in-process: filter parsing, SQL, loading the page of entries, match reasons, JSON) for a
/// fixed set of queries, next to the bare FTS5 MATCH for the same words on the same connection
/// pool (the floor). Prints one JSON line per figure.
package struct BenchCommand: AsyncCommand {
    package struct Signature: CommandSignature {
        @Argument(name: "what", help: "What to measure: search, import, stats, discover, feed, http or scan")
        package var what: String
        @Option(name: "entries", help: "Library entries to create (default 10000)")
        package var entries: Int?
        @Option(name: "notes", help: "Notes to create (default twice the entries)")
        package var notes: Int?
        @Option(name: "seed", help: "Random seed (default 1)")
        package var seed: Int?
        @Option(name: "rows", help: "Rows of the synthetic Goodreads file for `import` (default 10000)")
        package var rows: Int?
        @Option(name: "iterations", help: "Timed runs per query (default 200)")
        package var iterations: Int?
        @Option(name: "keep", help: "Keep the database at this path instead of a temporary file")
        package var keep: String?
        @Option(name: "members", help: "Members of the club for `feed` (default 200)")
        package var members: Int?
        @Option(name: "clients", help: "Event-stream clients for `feed` (default 200)")
        package var clients: Int?
        @Option(name: "comments", help: "Comments in the burst for `feed` (default 100)")
        package var comments: Int?
        @Option(name: "sessions", help: "Reading sessions for `stats` (default twice the entries)")
        package var sessions: Int?
        @Option(name: "works", help: "Catalog works for `discover` (default 200000)")
        package var works: Int?
        @Option(name: "interactions", help: "The reader's interactions for `discover` (default 1000)")
        package var interactions: Int?

        @Option(name: "photo", help: "The shelf photo for `scan`")
        package var photo: String?

        @Option(name: "manifest", help: "The photo's manifest for `scan` (what is on it)")
        package var manifest: String?

        @Option(name: "sets", help: "Comma-separated folders of photos `scan` reads, each beside plain ZBar")
        package var sets: String?

        @Option(name: "bad", help: "Comma-separated files `scan` checks as uploads, saying what each is")
        package var bad: String?

        @Option(name: "seconds", help: "Seconds of load per route for `http` (default 10)")
        package var seconds: Int?

        @Option(name: "connections", help: "Connections held open by the load for `http` (default 32)")
        package var connections: Int?

        @Option(name: "routes", help: "Comma-separated routes `http` measures (default all; names as printed)")
        package var routes: String?

        @Option(name: "server", help: "The dogear binary `http` serves with (default this one; to compare two builds)")
        package var server: String?

        package init() {}
    }

    package var help: String {
        "Measure library search, import, statistics or the club feed on synthetic data and print JSON lines"
    }

    package func run(using context: CommandContext, signature: Signature) async throws {
        if signature.what == "feed" {
            let members = max(2, signature.members ?? 200)
            let bench = FeedBenchmark(
                members: members, clients: min(members, max(1, signature.clients ?? 200)),
                comments: max(1, signature.comments ?? 100),
                databaseURL: ProcessInfo.processInfo.environment["DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 })
            try await bench.run { line in context.console.output(line.consoleText()) }
            return
        }
        if signature.what == "http" {
            let entries = max(10, signature.entries ?? 1_000)
            let directory = signature.keep ?? NSTemporaryDirectory() + "dogear-bench-http-\(UUID.timeOrdered().uuidString)"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let bench = HTTPBenchmark(
                entries: entries, notes: max(0, signature.notes ?? entries), seed: UInt64(signature.seed ?? 1),
                seconds: max(1, signature.seconds ?? 10), connections: max(1, signature.connections ?? 32),
                directory: directory, only: signature.routes.map { Set($0.split(separator: ",").map(String.init)) },
                server: signature.server)
            defer { if signature.keep == nil { try? FileManager.default.removeItem(atPath: directory) } }
            try await bench.run { line in context.console.output(line.consoleText()) }
            return
        }
        if signature.what == "scan" {
            let sets = (signature.sets ?? "").split(separator: ",").map(String.init)
            if !sets.isEmpty {
                try ScanSetBenchmark(folders: sets).run(engine: try ScanBenchmark.engine()) { line in
                    context.console.output(line.consoleText())
                }
            }
            guard let photo = signature.photo else {
                if sets.isEmpty {
                    context.console.error("dogear bench scan needs --photo or --sets (scripts/bench-scan.sh draws one)")
                }
                return
            }
            try ScanBenchmark(
                photo: photo, manifest: signature.manifest, iterations: signature.iterations ?? 5,
                bad: (signature.bad ?? "").split(separator: ",").map(String.init)
            ).run { line in context.console.output(line.consoleText()) }
            return
        }
        guard ["search", "import", "stats", "discover"].contains(signature.what) else {
            context.console.error(
                "unknown benchmark '\(signature.what)'; try: dogear bench search --entries 100000 --notes 200000, "
                    + "dogear bench import --rows 10000, dogear bench stats --entries 100000 --sessions 200000, dogear bench discover --works 200000, or dogear bench feed --members 200 --clients 200"
            )
            return
        }
        let entries = max(10, signature.entries ?? 10_000)
        let notes = max(0, signature.notes ?? entries * 2)
        let iterations = max(10, signature.iterations ?? 200)
        let path = signature.keep ?? NSTemporaryDirectory() + "dogear-bench-\(UUID.timeOrdered().uuidString).sqlite"
        try? FileManager.default.removeItem(atPath: path)

        let app = try await Self.application(sqlitePath: path)
        do {
            if signature.what == "discover" {
                let entries = max(10, signature.entries ?? 5_000)
                let runner = DiscoverBenchmark(
                    app: app, works: max(entries, signature.works ?? 200_000), entries: entries,
                    interactions: max(0, signature.interactions ?? 1_000), seed: UInt64(signature.seed ?? 1),
                    iterations: iterations)
                try await runner.run { line in context.console.output(line.consoleText()) }
            } else if signature.what == "stats" {
                let runner = StatsBenchmark(
                    app: app, entries: entries, sessions: max(0, signature.sessions ?? entries * 2),
                    seed: UInt64(signature.seed ?? 1), iterations: iterations, path: path)
                try await runner.run { line in context.console.output(line.consoleText()) }
            } else if signature.what == "import" {
                let runner = ImportBenchmark(
                    app: app, rows: max(1, signature.rows ?? 10_000), seed: UInt64(signature.seed ?? 1),
                    directory: NSTemporaryDirectory())
                try await runner.run { line in context.console.output(line.consoleText()) }
            } else {
                let runner = SearchBenchmark(
                    app: app, entries: entries, notes: notes,
                    seed: UInt64(signature.seed ?? 1), iterations: iterations, path: path)
                try await runner.run { line in context.console.output(line.consoleText()) }
            }
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
        try await app.asyncShutdown()
        if signature.keep == nil {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
    }
}

extension BenchCommand {
    /// A quiet, offline app on a fresh SQLite file with the schema only (a benchmark fills it, then
    /// builds the search index and times that).
    package static func application(sqlitePath path: String) async throws -> Application {
        let app = try await Application.make(.production)
        app.logger.logLevel = .error
        do {
            var config = DogearConfig(database: .sqliteFile(path: path), offline: true, autoMigrate: false)
            config.backgroundEnrichment = false
            try await configure(app, config: config)
            try await app.autoMigrate()
            return app
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
    }
}

extension BenchCommand {
    /// `dogear bench …`, and the reference routes when `DOGEAR_BENCH_ROUTES=true`: the executable adds
    /// them after `configure`, so the server itself carries no benchmark code.
    package static func register(_ app: Application, config: DogearConfig) {
        app.asyncCommands.use(BenchCommand(), as: "bench")
        if config.benchRoutes { BenchRoutes.register(app) }
    }
}
