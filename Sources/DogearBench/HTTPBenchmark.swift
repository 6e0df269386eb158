import AsyncHTTPClient
import DogearCore
import DogearServer
import DogearServices
import DogearStore
import DogearViews
import Fluent
import Foundation
import SQLKit
import Vapor

/// `dogear bench http`: a synthetic library in a fresh SQLite file, then `dogear serve` on it as its
/// own process, and wrk (Debian's) on loopback at 32 connections against each route in turn: the
/// trivial route (the ceiling), the hand-written one-statement library page (the floor for that
/// answer), and the real API and page routes. Prints req/s, p50, p99, errors and the server's RSS
/// as JSON lines, and how long the server took from its start to a 200 from `/health`.
package struct HTTPBenchmark {
    package let entries: Int
    package let notes: Int
    package let seed: UInt64
    package let seconds: Int
    package let connections: Int
    package let directory: String
    /// The routes to measure (nil: all).
    package var only: Set<String>? = nil
    /// Another dogear binary to serve with (a build to compare against); nil: this one.
    package var server: String? = nil

    package struct Route {
        package let name: String
        package let path: String
        package let signIn: SignIn
        /// What each request sends: the path as a GET, or requests a Lua function makes.
        package var load: Load = .get
        package enum SignIn { case none, bearer, cookie }
    }

    /// Requests other than one GET: wrk's `request` function, in Lua, returning each request.
    package enum Load {
        case get
        case lua(String)
    }

    /// What the seed made that the routes name.
    package struct Seeded {
        package let token: String
        package let entryID: UUID
        package let listID: UUID
        package let clubID: UUID
        /// Books the reader is reading, whose progress the write routes move.
        package let readingEntries: [UUID]
    }

    package static func routes(_ seeded: Seeded) -> [Route] {
        [
            Route(name: "trivial", path: "/bench/trivial", signIn: .none),
            Route(name: "health", path: "/health", signIn: .none),
            Route(name: "library_sql_floor", path: "/bench/library-sql", signIn: .bearer),
            Route(name: "api_library", path: "/api/v1/library?limit=20", signIn: .bearer),
            Route(name: "api_library_search", path: "/api/v1/library?q=winter+garden", signIn: .bearer),
            Route(name: "api_home", path: "/api/v1/home", signIn: .bearer),
            Route(name: "page_library", path: "/library", signIn: .cookie),
            Route(name: "api_entry", path: "/api/v1/library/\(seeded.entryID)", signIn: .bearer),
            Route(name: "page_book", path: SiteURL.book(seeded.entryID).path, signIn: .cookie),
            Route(name: "api_list_items", path: "/api/v1/lists/\(seeded.listID)/items?limit=20", signIn: .bearer),
            Route(name: "api_club_members", path: "/api/v1/clubs/\(seeded.clubID)/members", signIn: .bearer),
            Route(
                name: "progress_sql_floor", path: "/bench/progress-sql", signIn: .bearer,
                load: .lua(Self.progressRequests(seeded.readingEntries, prefix: "/bench/progress-sql/", suffix: ""))),
            Route(
                name: "api_progress", path: "/api/v1/library/{id}/progress", signIn: .bearer,
                load: .lua(Self.progressRequests(seeded.readingEntries, prefix: "/api/v1/library/", suffix: "/progress"))),
            Route(name: "api_mixed", path: "(mixed)", signIn: .bearer, load: .lua(Self.mixedRequests(seeded.readingEntries))),
        ]
    }

    /// Lua that copies wrk's headers (the sign-in) and adds the JSON content type; `body` posts.
    private static let luaPost = """
        local headers = nil
        local function post(path, body)
          if headers == nil then
            headers = {}
            for key, value in pairs(wrk.headers) do headers[key] = value end
            headers["Content-Type"] = "application/json"
          end
          return wrk.format("POST", path, headers, body)
        end
        local function get(path) return wrk.format("GET", path) end
        local n = 0

        """

    private static func luaList(_ entries: [UUID]) -> String {
        "local entries = {" + entries.map { "\"\($0)\"" }.joined(separator: ", ") + "}\n"
    }

    /// A progress change a request, round the reading books, each page a little further on (every
    /// seeded book has 80 pages or more).
    package static func progressRequests(_ entries: [UUID], prefix: String, suffix: String) -> String {
        luaPost + luaList(entries) + """
            request = function()
              n = n + 1
              local entry = entries[(n % #entries) + 1]
              return post("\(prefix)" .. entry .. "\(suffix)", '{"page":' .. (n % 75 + 1) .. '}')
            end

            """
    }

    /// Reads and writes together, as `scripts/load-mixed.sh` mixes them: in every ten requests three
    /// library pages, two searches, one Home, two progress changes, one status change, one note.
    package static func mixedRequests(_ entries: [UUID]) -> String {
        luaPost + luaList(entries) + """
            local words = {"wi", "gar", "the", "moon", "sea"}
            request = function()
              n = n + 1
              local entry = entries[(n % #entries) + 1]
              local kind = n % 10
              if kind < 3 then return get("/api/v1/library?limit=20") end
              if kind < 5 then return get("/api/v1/library?q=" .. words[(n % #words) + 1]) end
              if kind == 5 then return get("/api/v1/home") end
              if kind < 8 then
                return post("/api/v1/library/" .. entry .. "/progress", '{"page":' .. (n % 75 + 1) .. '}')
              end
              if kind == 8 then
                local status = "reading"
                if n % 20 == 8 then status = "onHold" end
                return post("/api/v1/library/" .. entry .. "/status", '{"status":"' .. status .. '"}')
              end
              return post("/api/v1/library/" .. entry .. "/notes", '{"content":"a note about the sea"}')
            end

            """
    }

    /// Books on the seeded list, and members of the seeded club besides the reader.
    package static let listItems = 100
    package static let clubMembers = 40

    package func run(print: @escaping (String) -> Void) async throws {
        let clock = ContinuousClock()
        let path = (directory as NSString).appendingPathComponent("dogear.sqlite")
        var started = clock.now
        let seeded = try await seed(path: path)
        let token = seeded.token
        emit(
            print,
            ["figure": "data_seconds", "value": BenchFigures.seconds(clock.now - started), "entries": entries, "notes": notes])

        let port = try FeedBenchmark.freePort()
        let log = (directory as NSString).appendingPathComponent("server.log")
        let server = Process()
        server.executableURL = URL(fileURLWithPath: self.server ?? "/proc/self/exe").resolvingSymlinksInPath()
        server.arguments = ["serve"]
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "DATABASE_URL")
        environment["DOGEAR_DATA_DIR"] = directory
        environment["DOGEAR_PORT"] = String(port)
        environment["DOGEAR_ENRICH"] = "false"
        environment["DOGEAR_OFFLINE"] = "true"
        environment["DOGEAR_BENCH_ROUTES"] = "true"
        environment["LOG_LEVEL"] = "error"
        server.environment = environment
        FileManager.default.createFile(atPath: log, contents: nil)
        server.standardOutput = FileHandle(forWritingAtPath: log)
        server.standardError = server.standardOutput
        let base = "http://127.0.0.1:\(port)"
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        started = clock.now
        try server.run()
        defer {
            server.terminate()
            server.waitUntilExit()
        }
        let ready = try await waitForHealth(base, client: client, server: server)
        let startup = clock.now - started
        try await client.shutdown()
        guard ready else {
            throw CommandFailure(
                "the server did not answer /health: \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
        }
        emit(
            print,
            [
                "figure": "cold_start", "entries": entries, "seconds_to_health": (BenchFigures.ms(startup)).rounded() / 1_000,
                "rss_mb": BenchFigures.memory("VmRSS", pid: server.processIdentifier), "target_seconds": 0.5,
            ])

        let report = (directory as NSString).appendingPathComponent("report.lua")
        try Self.wrkReport.write(toFile: report, atomically: true, encoding: .utf8)
        for route in Self.routes(seeded) where only.map({ $0.contains(route.name) }) ?? true {
            var script = report
            var target = base + route.path
            if case .lua(let requests) = route.load {
                script = (directory as NSString).appendingPathComponent("\(route.name).lua")
                try (requests + Self.wrkReport).write(toFile: script, atomically: true, encoding: .utf8)
                target = base + "/"
            }
            var headers: [String] = []
            switch route.signIn {
            case .none: break
            case .bearer: headers = ["-H", "Authorization: Bearer \(token)"]
            case .cookie: headers = ["-H", "Cookie: \(WebCookies.session)=\(token)"]
            }
            // A second of warm-up (caches, the pool's connections), then the measured run.
            _ = try Self.wrk(["-t1", "-c\(connections)", "-d1s"] + headers + [target], script: script)
            let figures = try Self.wrk(["-t1", "-c\(connections)", "-d\(seconds)s"] + headers + [target], script: script)
            var line = figures
            line["figure"] = "http"
            line["route"] = route.name
            line["path"] = route.path
            line["connections"] = connections
            line["entries"] = entries
            line["rss_mb"] = BenchFigures.memory("VmRSS", pid: server.processIdentifier)
            line["peak_rss_mb"] = BenchFigures.memory("VmHWM", pid: server.processIdentifier)
            emit(print, line)
        }
    }

    /// The library, its search index and a session for the one reader; a list of theirs with
    /// `listItems` of their books, and a club they own with `clubMembers` others, reading the
    /// reader's newest book.
    private func seed(path: String) async throws -> Seeded {
        let app = try await BenchCommand.application(sqlitePath: path)
        do {
            let built = try await SyntheticLibrary(db: app.db, entries: entries, notes: notes, seed: seed).build()
            _ = try await SearchIndexer(db: app.db).rebuildAll()
            let secret = TokenHashing.newToken()
            try await UserToken(userID: built.userID, tokenHash: TokenHashing.hash(secret)).create(on: app.db)
            guard let reader = try await User.find(built.userID, on: app.db) else { throw CommandFailure("no reader") }
            let newest = try await LeanRows(db: app.db).all(
                """
                SELECT id, work_id FROM library_entries WHERE user_id = \(bind: built.userID)
                ORDER BY date_added DESC, id DESC LIMIT \(bind: Self.listItems)
                """
            ).map { (entry: try $0.requireUUID("id"), work: try $0.requireUUID("work_id")) }
            guard let first = newest.first else { throw CommandFailure("the library is empty") }
            let reading = try await LeanRows(db: app.db).all(
                """
                SELECT id FROM library_entries WHERE user_id = \(bind: built.userID) AND status = 'reading'
                ORDER BY date_added DESC, id DESC LIMIT 32
                """
            ).map { try $0.requireUUID("id") }
            guard !reading.isEmpty else { throw CommandFailure("no book is being read") }
            let list = try await WritePipeline(db: app.db, now: Date(), clubEvents: nil).run { db, changes in
                let list = try await ListService.make(ValidList(name: "Bench list"), ownerID: built.userID, with: changes)
                for (position, book) in newest.enumerated() {
                    try await ReadingListItem(
                        listID: try list.requireID(), workID: book.work, position: Int64(position + 1) * 1_024
                    )
                    .create(on: db)
                }
                return list
            }
            let club = try await ClubMembershipService(db: app.db, user: reader, tiersEnabled: false)
                .create(ClubDraft(name: "Bench club"))
            let clubID = try club.requireID()
            for index in 0..<Self.clubMembers {
                let member = User(email: "member\(index)@bench.example", passwordHash: "-", displayName: "Member \(index)")
                try await member.create(on: app.db)
                try await ClubMember(clubID: clubID, userID: try member.requireID(), role: .member).create(on: app.db)
            }
            try await ClubMembershipService.recount(club, on: app.db)
            let today = LocalDate(Date(), in: .gmt)
            _ = try await WritePipeline(db: app.db, now: Date(), clubEvents: nil).run { _, changes in
                try await ClubReadingService.makeCurrent(
                    first.work, of: club, startedOn: today, today: today, by: built.userID, with: changes)
            }
            _ = try await app.db.sql.raw("ANALYZE").all()
            _ = try await app.db.sql.raw("PRAGMA wal_checkpoint(TRUNCATE)").all()
            try await app.asyncShutdown()
            return Seeded(
                token: secret, entryID: first.entry, listID: try list.requireID(), clubID: clubID, readingEntries: reading)
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
    }

    private func waitForHealth(_ base: String, client: HTTPClient, server: Process) async throws -> Bool {
        for _ in 0..<30_000 {
            guard server.isRunning else { return false }
            if let response = try? await client.execute(
                HTTPClientRequest(url: base + "/health"), timeout: .seconds(5)), response.status == .ok
            {
                return true
            }
            try await Task.sleep(for: .milliseconds(2))
        }
        return false
    }

    /// wrk's own figures through its `done` hook: requests, errors of every kind, latency percentiles.
    package static let wrkReport = """
        done = function(summary, latency, requests)
          local e = summary.errors
          io.write(string.format(
            '{"requests":%d,"seconds":%.3f,"p50_us":%d,"p99_us":%d,"max_us":%d,"connect_errors":%d,"read_errors":%d,"write_errors":%d,"timeouts":%d,"non_2xx":%d}\\n',
            summary.requests, summary.duration / 1e6, latency:percentile(50), latency:percentile(99), latency.max,
            e.connect, e.read, e.write, e.timeout, e.status))
        end
        """

    package static func wrk(_ arguments: [String], script: String) throws -> [String: Any] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["wrk", "--latency", "-s", script] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        do { try process.run() } catch { throw CommandFailure("wrk is needed (apt-get install wrk): \(error)") }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard let line = text.split(separator: "\n").last(where: { $0.hasPrefix("{\"requests\"") }),
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
            let requests = object["requests"] as? Int, let duration = object["seconds"] as? Double,
            let p50 = object["p50_us"] as? Int, let p99 = object["p99_us"] as? Int
        else { throw CommandFailure("wrk said: \(text)") }
        let errors = ["connect_errors", "read_errors", "write_errors", "timeouts", "non_2xx"]
            .reduce(0) { $0 + (object[$1] as? Int ?? 0) }
        return [
            "requests_per_second": (Double(requests) / max(0.001, duration)).rounded(),
            "p50_ms": Double(p50) / 1_000, "p99_ms": Double(p99) / 1_000,
            "max_ms": Double(object["max_us"] as? Int ?? 0) / 1_000, "errors": errors, "requests": requests,
        ]
    }

    private func emit(_ print: (String) -> Void, _ fields: [String: Any]) { BenchFigures.emit("http", print, fields) }
}
