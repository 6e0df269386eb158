import Crypto
import DogearCore
import DogearServices
import DogearStore
import Fluent
import SQLKit
import Vapor

/// `Idempotency-Key` on the API's writes: an app that lost the answer to a write (the
/// connection dropped) sends the same request with the same key again and gets the first answer
/// back, the write applied once. Keys are the signed-in reader's and last 24 hours; Core's
/// `IdempotentReplay` decides what a stored key means.
///
/// The key is claimed (a row with the request's hash) before the request runs and the answer
/// stored after, so a retry that arrives while the first try is still running waits for its answer
/// instead of applying the write twice. Answers below 500 are kept, errors included (a retried 422
/// is the same 422). A 5xx is not: its transaction rolled back, so the key is freed for a retry to
/// apply the write. The request hashed is the method, path, query and body; a streamed upload is
/// hashed by its length and type, as its bytes pass to the upload unread.
package struct IdempotencyMiddleware: AsyncMiddleware {
    package static let header = HTTPHeaders.Name("Idempotency-Key")
    package static let replayedHeader = HTTPHeaders.Name("Idempotent-Replayed")
    /// How long a retry waits for the first try's answer before answering 409.
    package static let waitForFirstTry: Duration = .seconds(15)

    package func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard [.POST, .PATCH, .PUT, .DELETE].contains(request.method), let raw = request.headers.first(name: Self.header),
            let user = request.auth.get(User.self)
        else { return try await next.respond(to: request) }
        let key: String
        do {
            key = try IdempotentReplay.validKey(raw)
        } catch let error as ValidationError {
            throw DomainError.badRequest(error.message, field: error.field)
        }
        let store = IdempotencyStore(db: request.database, userID: try user.requireID(), key: key)
        let hash = try await requestHash(request)
        let started = ContinuousClock.now
        while true {
            let stored = try await store.stored()
            switch IdempotentReplay.decide(stored: stored?.summary, requestHash: hash, now: request.now) {
            case .replay:
                guard let answer = stored?.answer else { continue }
                answer.headers.replaceOrAdd(name: Self.replayedHeader, value: "true")
                return answer
            case .keyReused:
                throw DomainError(
                    .unprocessable, code: .idempotencyKeyReused,
                    "this Idempotency-Key was used for a different request in the last 24 hours; use a new key for a new request",
                    field: "Idempotency-Key")
            case .inProgress:
                guard ContinuousClock.now - started < Self.waitForFirstTry else {
                    throw DomainError(
                        .conflict, code: .requestInProgress,
                        "the first request with this Idempotency-Key is still running; try again in a moment",
                        field: "Idempotency-Key")
                }
                try await Task.sleep(for: .milliseconds(100))
            case .apply:
                guard try await store.claim(hash: hash, now: request.now, replacing: stored != nil) else { continue }
                let response: Response
                do {
                    response = try await next.respond(to: request)
                } catch {
                    response = try APIErrorMiddleware.response(for: error, to: request)
                }
                if response.status.code >= 500 {
                    try await store.release()
                } else if request.route?.userInfo[Self.secretInAnswer] as? Bool == true {
                    try await store.keep(Self.withoutSecret(response))
                } else {
                    try await store.keep(response)
                }
                return response
            }
        }
    }

    private func requestHash(_ request: Request) async throws -> String {
        var hasher = SHA256()
        hasher.update(data: Data("\(request.method.rawValue) \(request.url.path)?\(request.url.query ?? "")\n".utf8))
        if request.route?.userInfo[Self.streamedBody] as? Bool == true {
            let length = request.headers.first(name: .contentLength) ?? ""
            hasher.update(data: Data("stream \(length) \(request.headers.first(name: .contentType) ?? "")".utf8))
        } else {
            // Collected as the route would collect it (and kept on the request for the route).
            let body = try await request.body.collect(max: request.application.routes.defaultMaxBodySize.value).get()
            if let body { hasher.update(data: Data(body.readableBytesView)) }
        }
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }

    /// Marks a route whose body streams to its handler (an upload): the key does not read it.
    package static let streamedBody = "streamedBody"

    /// Marks a route whose answer carries a secret shown once (a new app token, under `token`): the
    /// stored answer keeps everything but the secret, so the idempotency table (and every backup of
    /// it) never holds a usable token. A replay says the token was made; its secret is not shown again.
    package static let secretInAnswer = "secretInAnswer"

    /// The answer as stored for a `secretInAnswer` route: its JSON's `token` set to null.
    package static func withoutSecret(_ response: Response) -> Response {
        let stored = Response(status: response.status, headers: response.headers)
        guard let data = response.body.data ?? response.body.buffer.map({ Data($0.readableBytesView) }),
            var object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        else { return stored }
        if object["token"] != nil { object["token"] = NSNull() }
        if let redacted = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) {
            stored.body = .init(data: redacted)
            stored.headers.remove(name: .contentLength)
        }
        return stored
    }
}

/// The `idempotency_keys` rows of one reader's key.
package struct IdempotencyStore {
    package let db: any Database
    package let userID: UUID
    package let key: String

    package struct Stored {
        package let summary: IdempotentReplay.Stored
        package let answer: Response?
    }

    package func stored() async throws -> Stored? {
        guard
            let row = try await db.sql.raw(
                """
                SELECT request_hash, created_at, status, headers, body FROM idempotency_keys
                WHERE user_id = \(bind: userID) AND key = \(bind: key)
                """
            ).first()
        else { return nil }
        let status = try row.decode(column: "status", as: Int?.self)
        var answer: Response?
        if let status {
            let response = Response(status: HTTPResponseStatus(statusCode: status))
            let headers = try row.decode(column: "headers", as: String?.self) ?? "[]"
            for pair in try JSONDecoder().decode([[String]].self, from: Data(headers.utf8)) where pair.count == 2 {
                response.headers.add(name: pair[0], value: pair[1])
            }
            if let body = try row.decode(column: "body", as: Data?.self) { response.body = .init(data: body) }
            answer = response
        }
        return Stored(
            summary: .init(
                requestHash: try row.decode(column: "request_hash", as: String.self),
                createdAt: try row.decode(column: "created_at", as: Date.self), answered: status != nil),
            answer: answer)
    }

    /// Claims the key for this request; false when another request claimed it first.
    package func claim(hash: String, now: Date, replacing: Bool) async throws -> Bool {
        try await db.writeTransaction { db in
            if replacing {
                try await db.sql.raw("DELETE FROM idempotency_keys WHERE user_id = \(bind: userID) AND key = \(bind: key)").run()
            }
            // Keys past their day go with any claim (an index on created_at keeps this a seek).
            try await db.sql.raw(
                "DELETE FROM idempotency_keys WHERE created_at < \(bind: now.addingTimeInterval(-IdempotentReplay.keptFor))"
            ).run()
            let inserted = try await db.sql.raw(
                """
                INSERT INTO idempotency_keys (user_id, key, request_hash, created_at)
                VALUES (\(bind: userID), \(bind: key), \(bind: hash), \(bind: now))
                ON CONFLICT (user_id, key) DO NOTHING RETURNING key
                """
            ).all()
            return !inserted.isEmpty
        }
    }

    /// Keeps the answer to replay.
    package func keep(_ response: Response) async throws {
        let kept = response.headers.filter { name, _ in Self.keptHeaders.contains(name.lowercased()) }.map {
            [$0.name, $0.value]
        }
        let headers = String(decoding: try JSONEncoder().encode(kept), as: UTF8.self)
        let body = response.body.data ?? response.body.buffer.map { Data($0.readableBytesView) } ?? Data()
        try await db.writeTransaction { db in
            try await db.sql.raw(
                """
                UPDATE idempotency_keys SET status = \(bind: Int(response.status.code)), headers = \(bind: headers), body = \(bind: body)
                WHERE user_id = \(bind: userID) AND key = \(bind: key)
                """
            ).run()
        }
    }

    package func release() async throws {
        try await db.writeTransaction { db in
            try await db.sql.raw("DELETE FROM idempotency_keys WHERE user_id = \(bind: userID) AND key = \(bind: key)").run()
        }
    }

    package static let keptHeaders: Set<String> = ["content-type", "etag", "location", "retry-after"]
}
