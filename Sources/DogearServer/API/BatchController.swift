import DogearCore
import DogearServices
import DogearStore
import Fluent
import Vapor

/// /api/v1/batch: an app's queue of offline writes in one request. Each operation runs
/// through the API's own routes, as a request of its own signed in as the batch, so it answers
/// exactly what the single route answers, `If-Match` and `Idempotency-Key` included.
///
/// Operations run in order and stand alone: one failing does not undo the others. With
/// `atomic: true` they share one transaction (`Request.database` hands it to their services), and
/// the first failure rolls back every operation before it.
///
/// Only routes marked `batchable()` may be held (`BatchRouter`). An atomic batch never waits on the
/// network inside its transaction (which holds every other writer back on SQLite): the ISBNs its
/// operations name are looked up before it begins, and inside it lookups read the catalog only.
package struct BatchController {
    package func apply(req: Request) async throws -> BatchDTO {
        let (atomic, operations) = try req.content.decode(BatchRequest.self).validated(against: req.application.batchRouter)
        guard atomic else {
            var results: [BatchResultDTO] = []
            for operation in operations { results.append(try await run(operation, for: req, in: nil, lookedUp: nil)) }
            return BatchDTO(atomic: false, committed: true, results: results)
        }
        let lookedUp = await lookUpBefore(operations.map(\.body), for: req)
        // The clubs its operations tell are woken once the batch has committed, not as each ends.
        let announcements = DeferredClubAnnouncements()
        do {
            let results = try await req.db.writeTransaction { transaction in
                var results: [BatchResultDTO] = []
                for (index, operation) in operations.enumerated() {
                    let result = try await run(
                        operation, for: req, in: (transaction, announcements), lookedUp: lookedUp)
                    results.append(result)
                    if result.status >= 400 { throw StoppedAt(index: index, results: results) }
                }
                return results
            }
            announcements.flush(to: req.application.clubEvents)
            return BatchDTO(atomic: true, committed: true, results: results)
        } catch let stopped as StoppedAt {
            var results = stopped.results
            for index in results.indices.dropLast() { results[index].outcome = "rolledBack" }
            return BatchDTO(atomic: true, committed: false, failedIndex: stopped.index, results: results)
        }
    }

    /// Every ISBN the operations name (`"isbn"` in a body: an add, a list's item, a club's book or
    /// proposal, a scan's correction), looked up now, outside any transaction: what is found lands
    /// in the catalog, and what is not is remembered with what each source said.
    private func lookUpBefore(_ bodies: [JSONValue?], for req: Request) async -> BatchLookups {
        var lookedUp = BatchLookups()
        let lookups = req.bookLookup()
        for case .object(let body)? in bodies {
            guard case .string(let raw)? = body["isbn"], let isbn = try? ISBN(raw), lookedUp.failures[isbn.isbn13] == nil
            else { continue }
            do {
                _ = try await lookups.lookup(isbn)
            } catch {
                lookedUp.failures[isbn.isbn13] = error
            }
        }
        return lookedUp
    }

    /// The failure that stops an atomic batch, carrying the answers so far out of the rolled-back transaction.
    private struct StoppedAt: Error {
        package let index: Int
        package let results: [BatchResultDTO]
    }

    private func run(
        _ operation: (method: HTTPMethod, path: String, body: JSONValue?, headers: [String: String]), for parent: Request,
        in transaction: (db: any Database, announcements: DeferredClubAnnouncements)?, lookedUp: BatchLookups?
    ) async throws -> BatchResultDTO {
        var headers = HTTPHeaders()
        if let authorization = parent.headers.first(name: .authorization) {
            headers.add(name: .authorization, value: authorization)
        }
        for (name, value) in operation.headers { headers.add(name: name, value: value) }
        var body: ByteBuffer?
        if let json = operation.body {
            headers.contentType = .json
            body = ByteBuffer(data: try JSONEncoder().encode(json))
        }
        let request = Request(
            application: parent.application, method: operation.method, url: URI(string: operation.path), headers: headers,
            collectedBody: body, remoteAddress: parent.remoteAddress, logger: parent.logger, on: parent.eventLoop)
        if let transaction {
            request.storage[BatchTransactionKey.self] = transaction.db
            request.storage[BatchAnnouncementsKey.self] = transaction.announcements
        }
        if let lookedUp { request.storage[BatchLookupsKey.self] = lookedUp }
        // Signed in as the batch, with its token's scopes.
        if let token = parent.auth.get(UserToken.self), let user = parent.auth.get(User.self) {
            request.auth.login(token)
            request.auth.login(user)
        }
        let response = try await parent.application.responder.respond(to: request).get()
        var answer: JSONValue?
        if let data = response.body.data ?? response.body.buffer.map({ Data($0.readableBytesView) }), !data.isEmpty {
            answer = (try? JSONDecoder().decode(JSONValue.self, from: data)) ?? .string(String(decoding: data, as: UTF8.self))
        }
        var kept: [String: String] = [:]
        for name in ["ETag", "Location", IdempotencyMiddleware.replayedHeader.description] {
            if let value = response.headers.first(name: name) { kept[name] = value }
        }
        let status = Int(response.status.code)
        return BatchResultDTO(status: status, outcome: status < 400 ? "applied" : "failed", headers: kept, body: answer)
    }
}
