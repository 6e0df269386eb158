import DogearCore
import Fluent
import Foundation
import SQLKit
import Testing
import Vapor
import VaporTesting

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// The instant every server test runs at: Saturday 2026-03-14 10:30 UTC, a morning.
let fixedNow = Date(timeIntervalSince1970: 1_773_484_200)
let fixedToday = LocalDate("2026-03-14")!

/// Runs `body` against a fresh, migrated Dogear: in-memory SQLite by default, or a schema of its
/// own on the PostgreSQL server named by `DOGEAR_TEST_POSTGRES_URL`, so parallel tests never share
/// data or race on migrations.
func withDogear(adjust: (inout DogearConfig) -> Void = { _ in }, _ body: (Application) async throws -> Void) async throws {
    let app = try await Application.make(.testing)
    let postgresURL = ProcessInfo.processInfo.environment["DOGEAR_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    let schema = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    var config = DogearConfig(database: postgresURL.map { .postgres(url: $0) } ?? .sqliteMemory, autoMigrate: false)
    config.bcryptCost = 4
    // Uploads and exports go to a folder of this test's own.
    config.dataDirectory = NSTemporaryDirectory() + "dogear-test-" + UUID().uuidString
    if postgresURL != nil { config.postgresSearchPath = [schema] }
    // No test reaches the real Open Library or Google Books: unless a test points the sources at its
    // stub server, they point at a closed port.
    config.openLibraryBaseURL = "http://127.0.0.1:9"
    config.googleBooksBaseURL = "http://127.0.0.1:9"
    config.sourceTimeLimitSeconds = 5
    // Every test's database shares this process's SQLite writer turn, so on a loaded machine a
    // write may wait long behind other tests' writes; the 10 s limit is a production valve, not what
    // these tests check (the one that does sets its own).
    config.writerWaitLimitSeconds = 120
    // Likewise PostgreSQL's pooled connections: the whole suite runs at once on two cores, and a
    // burst test's requests were seen waiting past the 30 s limit for a connection (a 500).
    config.connectionWaitLimitSeconds = 120
    // Tests run the enrichment job themselves, when they want it.
    config.backgroundEnrichment = false
    config.backgroundNotifications = false
    config.backgroundPush = false
    adjust(&config)
    app.clock = .fixed(fixedNow)
    do {
        try await configure(app, config: config)
        let sql = app.db.sql
        if postgresURL != nil {
            try await sql.raw("CREATE SCHEMA \(ident: schema)").run()
        }
        try await app.autoMigrate()
        try await body(app)
        if postgresURL != nil {
            // A photo upload leaves the scan worker reading; it must be done with this schema
            // before the schema goes (on PostgreSQL the drop and its writes deadlocked once).
            await app.scanWorker.stopReading()
            try await sql.raw("DROP SCHEMA \(ident: schema) CASCADE").run()
        }
    } catch {
        // A test that served on a port (event streams) stops its server whatever happened.
        await app.http.server.shared.shutdown()
        try? await app.asyncShutdown()
        throw error
    }
    await app.http.server.shared.shutdown()
    try await app.asyncShutdown()
}

/// A JSON answer, read loosely so tests state what a client would look at.
struct Reply {
    let status: HTTPStatus
    let body: String
    let headers: HTTPHeaders

    var json: Any? { try? JSONSerialization.jsonObject(with: Data(body.utf8), options: [.fragmentsAllowed]) }
    var object: [String: Any] { json as? [String: Any] ?? [:] }
    var array: [[String: Any]] { json as? [[String: Any]] ?? [] }
    subscript(key: String) -> Any? { object[key] }

    /// The error body as the server's own type, or nil when the answer is not an error.
    var error: ErrorBody.Detail? { try? decode(ErrorBody.self).error }
    var errorCode: String? { error?.code }
    var errorField: String? { error?.field }
    var errorMessage: String? { error?.message }

    /// The answer as the server's own type (`EntryDTO`, `LookupDTO`, `Page<EntryDTO>`…), so a test
    /// reads typed values and a field the server renamed or dropped fails the decode.
    func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(T.self, from: Data(body.utf8))
    }

    var entry: EntryDTO { get throws { try decode() } }
    var entries: DogearServer.Page<EntryDTO> { get throws { try decode() } }
}

extension Application {
    /// Sends a request with an optional bearer token and a JSON body given as a dictionary or raw text.
    @discardableResult
    func send(
        _ method: HTTPMethod, _ path: String, token: String? = nil, json: Any? = nil, raw: String? = nil,
        headers extra: HTTPHeaders = [:], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Reply {
        var headers = extra
        if let token { headers.bearerAuthorization = BearerAuthorization(token: token) }
        var body: ByteBuffer?
        if let json {
            let data = try JSONSerialization.data(withJSONObject: json, options: [.fragmentsAllowed])
            body = ByteBuffer(data: data)
        } else if let raw {
            body = ByteBuffer(string: raw)
        }
        if body != nil { headers.contentType = .json }
        let response = try await testing().sendRequest(method, path, headers: headers, body: body)
        return Reply(status: response.status, body: response.body.string, headers: response.headers)
    }

    /// A write a test sets its scene with: like `send`, but an answer outside 2xx fails the test
    /// there, with the answer. A "nothing changed" assertion after a refused setup write would
    /// otherwise pass for the wrong reason (the setup, not the product, did nothing).
    @discardableResult
    func must(
        _ method: HTTPMethod, _ path: String, token: String? = nil, json: Any? = nil, raw: String? = nil,
        headers extra: HTTPHeaders = [:], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Reply {
        let reply = try await send(method, path, token: token, json: json, raw: raw, headers: extra)
        guard (200..<300).contains(reply.status.code) else {
            Issue.record(
                "setup write \(method) \(path) answered \(reply.status): \(reply.body.prefix(400))",
                sourceLocation: sourceLocation)
            throw TestFailure("setup write \(method) \(path) answered \(reply.status)")
        }
        return reply
    }

    /// Signs a new user up and returns their token.
    func signUp(_ email: String = "reader@example.com", password: String = "long enough", name: String = "Reader") async throws
        -> String
    {
        let reply = try await send(
            .POST, "/api/v1/auth/signup", json: ["email": email, "password": password, "displayName": name])
        guard reply.status == .created, let token = reply["token"] as? String else {
            throw TestFailure("sign-up failed: \(reply.status) \(reply.body)")
        }
        return token
    }

    /// Signs an existing account in through the API and returns a new token.
    func signIn(_ email: String, password: String = "long enough") async throws -> String {
        let reply = try await send(.POST, "/api/v1/auth/signin", json: ["email": email, "password": password])
        guard reply.status == .ok, let token = reply["token"] as? String else {
            throw TestFailure("sign-in failed: \(reply.status) \(reply.body)")
        }
        return token
    }

    /// Adds a book to the library and returns the entry's JSON.
    func addBook(
        _ token: String, title: String = "Piranesi", authors: [String] = ["Susanna Clarke"],
        pageCount: Int? = 272, isbn: String? = nil, extra: [String: Any] = [:]
    ) async throws -> [String: Any] {
        var book: [String: Any] = ["title": title, "authors": authors]
        if let pageCount { book["pageCount"] = pageCount }
        if let isbn { book["isbn"] = isbn }
        var body: [String: Any] = ["book": book]
        for (key, value) in extra { body[key] = value }
        let reply = try await send(.POST, "/api/v1/library", token: token, json: body)
        guard reply.status == .created else { throw TestFailure("add failed: \(reply.status) \(reply.body)") }
        return reply.object
    }

    /// Adds a book to the library and returns the entry, typed.
    func addEntry(
        _ token: String, title: String = "Piranesi", authors: [String] = ["Susanna Clarke"],
        pageCount: Int? = 272, isbn: String? = nil, extra: [String: Any] = [:]
    ) async throws -> EntryDTO {
        let object = try await addBook(token, title: title, authors: authors, pageCount: pageCount, isbn: isbn, extra: extra)
        let data = try JSONSerialization.data(withJSONObject: object)
        return try Reply(status: .created, body: String(decoding: data, as: UTF8.self), headers: [:]).entry
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
