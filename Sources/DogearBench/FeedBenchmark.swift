import AsyncHTTPClient
import DogearCore
import DogearServer
import DogearServices
import DogearStore
import Fluent
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import Vapor

/// `dogear bench feed --members 200 --clients 200 [--comments 100]`: one club of `members` readers
/// in a fresh SQLite file (or the database `DATABASE_URL` names), served by a `dogear serve` child
/// process; `clients` of them follow the club's event stream while one posts a burst of comments
/// back to back. Prints the delivery latency (from just before each comment's POST is sent to its
/// arrival at each client, so it includes the write), what was lost or duplicated, the server's
/// memory, and for scale the POST round trip and a raw SQLite read of the feed.
package struct FeedBenchmark {
    package let members: Int
    package let clients: Int
    package let comments: Int
    package let databaseURL: String?

    package func run(print: @escaping (String) -> Void) async throws {
        let directory = NSTemporaryDirectory() + "dogear-bench-feed-\(UUID.timeOrdered().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let url = databaseURL ?? "sqlite://\(directory)/dogear.sqlite"

        let started = ContinuousClock.now
        let seeded = try await seed(url)
        emit(print, ["step": "seed", "members": members, "seconds": seconds(ContinuousClock.now - started)])

        let port = try Self.freePort()
        let server = try startServer(url: url, port: port, directory: directory)
        defer { if server.isRunning { server.terminate() } }
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = clients + 8
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            try await measure(http: http, server: server, port: port, seeded: seeded, url: url, print: print)
        } catch {
            try? await http.shutdown()
            throw error
        }
        try await http.shutdown()
    }

    private func measure(
        http: HTTPClient, server: Process, port: Int, seeded: Seeded, url: String, print: @escaping (String) -> Void
    ) async throws {
        try await waitForHealth(http, port: port)
        let serverRSSIdle = BenchFigures.memory("VmRSS", pid: server.processIdentifier)

        // The clients: each follows the stream and notes when each comment arrives.
        let deliveries = NIOLockedValueBox<[String: [Double]]>([:])
        let ready = NIOLockedValueBox(0)
        let duplicates = NIOLockedValueBox(0)
        let path = "/api/v1/clubs/\(seeded.club)/events"
        var followers: [Task<Void, Never>] = []
        for index in 0..<clients {
            let token = seeded.tokens[index % seeded.tokens.count]
            followers.append(
                Task {
                    var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
                    request.headers.add(name: "Authorization", value: "Bearer \(token)")
                    guard let response = try? await http.execute(request, timeout: .seconds(600)) else { return }
                    var pending = ""
                    var counted = false
                    var seen = Set<String>()
                    do {
                        for try await chunk in response.body {
                            if !counted {
                                counted = true
                                ready.withLockedValue { $0 += 1 }
                            }
                            let arrived = Date().timeIntervalSince1970
                            pending += String(buffer: chunk)
                            while let range = pending.range(of: "\n\n") {
                                let block = pending[..<range.lowerBound]
                                pending = String(pending[range.upperBound...])
                                // The comment's id, which a hidden comment (no body) carries too.
                                guard let data = block.split(separator: "\n").first(where: { $0.hasPrefix("data: ") }),
                                    let object = try? JSONSerialization.jsonObject(with: Data(data.dropFirst(6).utf8))
                                        as? [String: Any],
                                    let comment = object["comment"] as? [String: Any], let id = comment["id"] as? String
                                else { continue }
                                guard seen.insert(id).inserted else {
                                    duplicates.withLockedValue { $0 += 1 }
                                    continue
                                }
                                deliveries.withLockedValue { $0[id, default: []].append(arrived) }
                            }
                        }
                    } catch {}
                })
        }
        let connectDeadline = ContinuousClock.now + .seconds(60)
        while ready.withLockedValue({ $0 }) < clients, ContinuousClock.now < connectDeadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        let connected = ready.withLockedValue { $0 }
        let serverRSSConnected = BenchFigures.memory("VmRSS", pid: server.processIdentifier)

        // The burst: one member posts comment after comment, each as soon as the last one answered.
        var sent: [String: Double] = [:]
        var roundTrips: [Double] = []
        for index in 0..<comments {
            let body = "burst-\(index)"
            var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/api/v1/clubs/\(seeded.club)/comments")
            request.method = .POST
            request.headers.add(name: "Authorization", value: "Bearer \(seeded.tokens[0])")
            request.headers.add(name: "Content-Type", value: "application/json")
            // Every fourth comment is about a page, so spoiler gating runs for every client.
            let place = index % 4 == 0 ? ",\"page\":\(index + 1)" : ""
            request.body = .bytes(ByteBuffer(string: "{\"body\":\"\(body)\"\(place)}"))
            let before = Date().timeIntervalSince1970
            let response = try await http.execute(request, timeout: .seconds(30))
            let answer = try await response.body.collect(upTo: 1 << 20)
            roundTrips.append((Date().timeIntervalSince1970 - before) * 1000)
            guard response.status == .created,
                let object = try JSONSerialization.jsonObject(with: Data(buffer: answer)) as? [String: Any],
                let id = object["id"] as? String
            else { throw BenchFailure("a comment was refused: \(response.status)") }
            sent[id] = before
        }
        let expected = connected * comments
        let deliveryDeadline = ContinuousClock.now + .seconds(60)
        while deliveries.withLockedValue({ $0.values.reduce(0) { $0 + $1.count } }) < expected,
            ContinuousClock.now < deliveryDeadline
        {
            try await Task.sleep(for: .milliseconds(20))
        }
        // A moment more, so a duplicate would have time to show.
        try await Task.sleep(for: .milliseconds(300))
        let serverRSSAfter = BenchFigures.memory("VmRSS", pid: server.processIdentifier)
        let serverPeak = BenchFigures.memory("VmHWM", pid: server.processIdentifier)
        for follower in followers { follower.cancel() }

        let received = deliveries.withLockedValue { $0 }
        var latencies: [Double] = []
        for (body, times) in received {
            guard let start = sent[body] else { continue }
            latencies += times.map { ($0 - start) * 1000 }
        }
        latencies.sort()
        let total = latencies.count
        let duplicated = duplicates.withLockedValue { $0 }
        emit(
            print,
            [
                "step": "delivery", "clients": clients, "connected": connected, "comments": comments,
                "delivered": total, "expected": expected, "lost": max(0, expected - total), "duplicated": duplicated,
                "p50Ms": Self.percentile(latencies, 0.50), "p99Ms": Self.percentile(latencies, 0.99),
                "maxMs": latencies.last.map(Self.round) ?? 0,
            ])
        roundTrips.sort()
        emit(
            print,
            [
                "step": "post", "comments": comments, "p50Ms": Self.percentile(roundTrips, 0.50),
                "p99Ms": Self.percentile(roundTrips, 0.99),
            ])
        emit(
            print,
            [
                "step": "server memory", "rssIdleMB": serverRSSIdle, "rssConnectedMB": serverRSSConnected,
                "rssAfterMB": serverRSSAfter, "peakMB": serverPeak,
            ])
        server.terminate()
        server.waitUntilExit()
        if databaseURL == nil {
            emit(
                print,
                ["step": "baseline: raw SQLite feed reads", "reads": clients, "ms": try await rawReads(url, club: seeded.club)])
        }
    }

    // MARK: seeding

    package struct Seeded {
        package let club: UUID
        package let tokens: [String]
    }

    /// The club, its members (with bearer tokens, no passwords: the bench never signs in) and a
    /// current book, written straight through the models and services.
    private func seed(_ url: String) async throws -> Seeded {
        let app = try await Application.make(.production)
        app.logger.logLevel = .error
        do {
            var config = try DogearConfig.fromEnvironment(["DATABASE_URL": url, "DOGEAR_OFFLINE": "true"])
            config.backgroundEnrichment = false
            config.autoMigrate = false
            try await configure(app, config: config)
            try await app.autoMigrate()
            var tokens: [String] = []
            var users: [User] = []
            for index in 0..<members {
                let user = User(email: "member\(index)@bench.example", passwordHash: "-", displayName: "Member \(index)")
                try await user.create(on: app.db)
                let token = TokenHashing.newToken()
                try await UserToken(userID: try user.requireID(), tokenHash: TokenHashing.hash(token)).create(on: app.db)
                tokens.append(token)
                users.append(user)
            }
            let owner = users[0]
            let membership = ClubMembershipService(db: app.db, user: owner, tiersEnabled: false)
            let club = try await membership.create(ClubDraft(name: "Bench Club"))
            let clubID = try club.requireID()
            for user in users.dropFirst() {
                try await ClubMember(clubID: clubID, userID: try user.requireID(), role: .member).create(on: app.db)
            }
            try await ClubMembershipService.recount(club, on: app.db)
            let today = LocalDate(Date(), in: .gmt)
            let library = LibraryService(db: app.db, user: owner, today: today, now: Date())
            let entry = try await library.add(
                CreateEntryInput(
                    book: BookDraft(title: "The Bench Book", authors: ["A. Writer"], pageCount: 400), entryDraft: EntryDraft()))
            _ = try await WritePipeline(db: app.db, now: Date(), clubEvents: nil).run { _, changes in
                try await ClubReadingService.makeCurrent(
                    entry.$work.id, of: club, startedOn: today, today: today, by: try owner.requireID(), with: changes)
            }
            try await app.asyncShutdown()
            return Seeded(club: clubID, tokens: tokens)
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
    }

    // MARK: the server

    private func startServer(url: String, port: Int, directory: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["serve"]
        var environment = ProcessInfo.processInfo.environment
        environment["DATABASE_URL"] = url
        environment["DOGEAR_PORT"] = String(port)
        environment["DOGEAR_DATA_DIR"] = directory
        environment["DOGEAR_ENRICH"] = "false"
        environment["DOGEAR_OFFLINE"] = "true"
        environment["LOG_LEVEL"] = "error"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return process
    }

    private func waitForHealth(_ http: HTTPClient, port: Int) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if let response = try? await http.execute(
                HTTPClientRequest(url: "http://127.0.0.1:\(port)/health"), timeout: .seconds(2)),
                response.status == .ok
            {
                return
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw BenchFailure("the server did not answer /health within a minute")
    }

    /// The floor: the feed read each client's stream makes, as bare SQL on one SQLite connection.
    private func rawReads(_ url: String, club: UUID) async throws -> Double {
        let app = try await Application.make(.production)
        app.logger.logLevel = .error
        app.databases.use(.sqlite(.file(String(url.dropFirst("sqlite://".count)))), as: .sqlite)
        let sql = app.db.sql
        let started = ContinuousClock.now
        for _ in 0..<clients {
            _ = try await sql.raw(
                "SELECT * FROM club_activities WHERE club_id = \(bind: club) AND id > 0 ORDER BY id LIMIT 100"
            ).all()
        }
        let elapsed = ContinuousClock.now - started
        try await app.asyncShutdown()
        return Self.round(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
    }

    // MARK: figures

    package static func freePort() throws -> Int {
        let probe = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(probe) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(probe, $0, length) == 0 && getsockname(probe, $0, &length) == 0
            }
        }
        guard bound else { throw BenchFailure("no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    package static func percentile(_ sorted: [Double], _ share: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        return round(sorted[min(sorted.count - 1, Int((Double(sorted.count) * share).rounded(.up)) - 1)])
    }

    package static func round(_ value: Double) -> Double { (value * 10).rounded() / 10 }

    private func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private func emit(_ print: (String) -> Void, _ fields: [String: Any]) { BenchFigures.emit("feed", print, fields) }
}

package struct BenchFailure: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}
