import Foundation
import Testing
import Vapor
import VaporTesting

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// A minimal browser for page tests: keeps cookies, reads the CSRF token from the page it was given,
/// and posts forms as a browser would (urlencoded).
final class WebClient: @unchecked Sendable {
    let app: Application
    var cookies: [String: String] = [:]
    var csrf = ""
    /// Headers sent with every request, as a browser would (a `Host` the reader reached Dogear by).
    var headers = HTTPHeaders()

    init(_ app: Application) {
        self.app = app
    }

    struct Page {
        let status: HTTPStatus
        let body: String
        let headers: HTTPHeaders
        var location: String? { headers.first(name: .location) }
    }

    @discardableResult
    func get(_ path: String) async throws -> Page {
        let page = try await send(.GET, path, body: nil)
        if let token = Self.csrfToken(in: page.body) { csrf = token }
        return page
    }

    /// Posts a form with the page's CSRF token unless `csrf: false`.
    @discardableResult
    func post(_ path: String, _ fields: [(String, String)], csrf withToken: Bool = true) async throws -> Page {
        var all = fields
        if withToken { all.append(("_csrf", csrf)) }
        let body = all.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        return try await send(.POST, path, body: body)
    }

    /// A form a test sets its scene with: like `post`, but an answer other than 2xx or a form's 303
    /// fails the test there (a refused setup would let a later "nothing changed" pass for nothing).
    @discardableResult
    func must(_ path: String, _ fields: [(String, String)], sourceLocation: SourceLocation = #_sourceLocation) async throws
        -> Page
    {
        let page = try await post(path, fields)
        guard (200..<300).contains(page.status.code) || page.status == .seeOther else {
            Issue.record("setup form \(path) answered \(page.status): \(page.body.prefix(300))", sourceLocation: sourceLocation)
            throw TestFailure("setup form \(path) answered \(page.status)")
        }
        return page
    }

    /// Uploads a file as the import form would: its CSRF token as the first part (when `csrf`), then
    /// the part `field` (`file` unless said).
    @discardableResult
    func upload(_ path: String, _ data: Data, fileName: String, field: String = "file", csrf withToken: Bool = true)
        async throws -> Page
    {
        let boundary = "web-\(UUID().uuidString)"
        var body = ""
        if withToken {
            body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"_csrf\"\r\n\r\n\(csrf)\r\n"
        }
        body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(field)\"; filename=\"\(fileName)\"\r\n"
        body += "Content-Type: text/csv\r\n\r\n"
        var bytes = Data(body.utf8)
        bytes.append(data)
        bytes.append(Data("\r\n--\(boundary)--\r\n".utf8))
        return try await send(
            .POST, path, body: nil, raw: bytes,
            contentType: "multipart/form-data; boundary=\(boundary)")
    }

    /// What the page's own scripts send: JSON with the session cookie and, unless told not to, the
    /// page's CSRF token in `X-CSRF-Token`.
    func script(
        _ method: HTTPMethod, _ path: String, json: Any, csrf withToken: Bool = true, headers extra: [String: String] = [:]
    ) async throws -> Page {
        let saved = headers
        defer { headers = saved }
        if withToken { headers.replaceOrAdd(name: "X-CSRF-Token", value: csrf) }
        for (name, value) in extra { headers.replaceOrAdd(name: name, value: value) }
        let data = try JSONSerialization.data(withJSONObject: json)
        return try await send(method, path, body: nil, raw: data, contentType: "application/json")
    }

    private func send(
        _ method: HTTPMethod, _ path: String, body: String?, raw: Data? = nil,
        contentType: String? = nil
    ) async throws -> Page {
        var headers = self.headers
        if !cookies.isEmpty {
            headers.add(name: .cookie, value: cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; "))
        }
        var buffer: ByteBuffer?
        if let body {
            headers.contentType = .urlEncodedForm
            buffer = ByteBuffer(string: body)
        }
        if let raw, let contentType {
            headers.replaceOrAdd(name: .contentType, value: contentType)
            buffer = ByteBuffer(data: raw)
        }
        let response = try await app.testing().sendRequest(method, path, headers: headers, body: buffer)
        for (name, value) in response.headers.setCookie?.all ?? [:] {
            if value.maxAge == 0 { cookies[name] = nil } else { cookies[name] = value.string }
        }
        return Page(status: response.status, body: response.body.string, headers: response.headers)
    }

    static func csrfToken(in html: String) -> String? {
        guard let range = html.range(of: "name=\"csrf-token\" content=\"") else { return nil }
        let rest = html[range.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }

    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~")))
            ?? text
    }

    /// Signs up through the form and lands signed in.
    func signUp(_ email: String = "ann@example.com", name: String = "Ann", password: String = "long enough") async throws {
        try await get("/signup")
        let page = try await post("/signup", [("email", email), ("displayName", name), ("password", password)])
        guard page.status == .seeOther else { throw TestFailure("sign-up form: \(page.status) \(page.body.prefix(300))") }
        try await get("/")
    }

    /// Signs in through the form an account made elsewhere (the API, another client).
    func signIn(_ email: String = "reader@example.com", password: String = "long enough") async throws {
        try await get("/signin")
        let page = try await post("/signin", [("email", email), ("password", password)])
        guard page.status == .seeOther else { throw TestFailure("sign-in form: \(page.status) \(page.body.prefix(300))") }
        try await get("/")
    }

    /// Adds a book through /add and returns its entry id.
    func addBook(_ fields: [(String, String)]) async throws -> String {
        try await get("/add")
        let page = try await post("/add", fields)
        guard page.status == .seeOther, let location = page.location, location.hasPrefix("/books/") else {
            throw TestFailure("add form: \(page.status) \(page.body.prefix(500))")
        }
        return String(location.dropFirst("/books/".count))
    }
}
