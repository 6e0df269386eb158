import AsyncHTTPClient
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// One Server-Sent Event as a client reads it.
struct ServerEvent: Sendable {
    var id: String?
    var event: String?
    var data: String

    /// The activity an `activity` event carries.
    func activity() throws -> ClubActivityDTO {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(ClubActivityDTO.self, from: Data(data.utf8))
    }
}

/// A real HTTP client on an event stream of a running Dogear (the in-memory test client waits for a
/// body to end, which an event stream never does).
final class EventStreamConnection: Sendable {
    let status: HTTPResponseStatus
    let headers: HTTPHeaders
    private let received = NIOLockedValueBox<(events: [ServerEvent], ended: Bool)>(([], false))
    private let reader = NIOLockedValueBox<Task<Void, Never>?>(nil)

    private init(status: HTTPResponseStatus, headers: HTTPHeaders) {
        self.status = status
        self.headers = headers
    }

    static func open(port: Int, path: String, token: String?, lastEventID: String? = nil) async throws -> EventStreamConnection {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let lastEventID { request.headers.add(name: "Last-Event-ID", value: lastEventID) }
        request.headers.add(name: "Accept", value: "text/event-stream")
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(600))
        let connection = EventStreamConnection(status: response.status, headers: response.headers)
        let task = Task { [received = connection.received] in
            var pending = ""
            do {
                for try await chunk in response.body {
                    pending += String(buffer: chunk)
                    while let range = pending.range(of: "\n\n") {
                        let block = String(pending[..<range.lowerBound])
                        pending = String(pending[range.upperBound...])
                        if let event = Self.parse(block) { received.withLockedValue { $0.events.append(event) } }
                    }
                }
            } catch {}
            received.withLockedValue { $0.ended = true }
        }
        connection.reader.withLockedValue { $0 = task }
        return connection
    }

    /// The next event, or nil when the stream ended or nothing came within `limit` (a guard against
    /// a test hanging, not a measurement: long, as the whole suite at once on two cores is slow).
    func next(within limit: Duration = .seconds(120)) async throws -> ServerEvent? {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            let (event, ended) = received.withLockedValue { state -> (ServerEvent?, Bool) in
                if state.events.isEmpty { return (nil, state.ended) }
                return (state.events.removeFirst(), false)
            }
            if let event { return event }
            if ended { return nil }
            try await Task.sleep(for: .milliseconds(10))
        }
        return nil
    }

    /// Events until `count` came or none came for `quiet`.
    func collect(_ count: Int, quiet: Duration = .seconds(120)) async throws -> [ServerEvent] {
        var events: [ServerEvent] = []
        while events.count < count, let event = try await next(within: quiet) { events.append(event) }
        return events
    }

    func close() {
        reader.withLockedValue { $0?.cancel() }
    }

    /// A block of `field: value` lines; comment lines (":") alone make no event.
    static func parse(_ block: String) -> ServerEvent? {
        var event = ServerEvent(id: nil, event: nil, data: "")
        var sawData = false
        for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(":") { continue }
            let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            let field = String(parts[0])
            var value = parts.count > 1 ? String(parts[1]) : ""
            if value.hasPrefix(" ") { value.removeFirst() }
            switch field {
            case "id": event.id = value
            case "event": event.event = value
            case "data":
                event.data += (sawData ? "\n" : "") + value
                sawData = true
            default: break
            }
        }
        return sawData ? event : nil
    }
}

/// How long a test's request over a real connection may go unanswered before it fails. A hang
/// guard, not a timing check: the whole suite runs every test at once on two cores, and there one
/// answer has been seen to take 20 s (a retry that first waits the idempotency key's 15 s for the
/// try before it). At 30 s such a test failed a CI run with `deadlineExceeded` and nothing wrong.
let realConnectionTimeout: TimeAmount = .minutes(5)

extension Application {
    /// Serves on a free loopback port for tests that need a real connection; returns the port.
    func serveOnFreePort() async throws -> Int {
        try await server.start(address: .hostname("127.0.0.1", port: 0))
        guard let port = http.server.shared.localAddress?.port else { throw TestFailure("the server has no port") }
        return port
    }
}
