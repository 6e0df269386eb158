import DogearCore
import DogearServices
import DogearStore
import Vapor

/// `If-Match` and `ETag` on the objects apps sync. A controller wraps the service call
/// of a write to one object in `conditionalWrite`, and a read of one in `tagVersion`; the
/// comparison itself happens in the write's transaction (`WriteCondition`).
extension Request {
    /// Runs `write` under the request's `If-Match`, if it has one, and tags the answer with the
    /// object's version after it. A stale version answers 412 `versionConflict` with the object as
    /// it is now; nothing was written.
    package func conditionalWrite<T: Sendable>(
        _ type: SyncObjectType, _ id: UUID, _ write: @Sendable () async throws -> T
    ) async throws -> T {
        let object = SyncObjectKey(type: type, id: id)
        var expected: IfMatch?
        if let header = headers.first(name: .ifMatch) {
            do {
                expected = try IfMatch.parse(header)
            } catch let error as ValidationError {
                throw DomainError.badRequest(error.message, field: error.field)
            }
        }
        let condition = WriteCondition(object: object, expected: expected)
        do {
            let result = try await WriteCondition.$current.withValue(condition) { try await write() }
            if let numbered = condition.numbered {
                // The version the write's own log gave the object: no read of the log for it.
                storage[VersionTagKey.self] = numbered.deleted ? nil : numbered.version
            } else {
                try await tagVersion(type, id)
            }
            return result
        } catch let error as DomainError where error.code == WriteCondition.conflictCode {
            throw VersionConflict(error: error, current: try await currentChange(object))
        }
    }

    /// Sends the object's version as the answer's `ETag` (nothing when it has none: it is gone).
    package func tagVersion(_ type: SyncObjectType, _ id: UUID) async throws {
        let version = try await SyncVersions(sql: database.sql, userID: try currentUserID()).current(.init(type: type, id: id))
        storage[VersionTagKey.self] = version
    }

    /// The object as the feed would send it now: an upsert, or a tombstone if it was deleted.
    private func currentChange(_ object: SyncObjectKey) async throws -> SyncChangeDTO? {
        let user = try currentUser()
        guard let (version, deletedAt) = try await SyncVersions(sql: database.sql, userID: try user.requireID()).entry(object)
        else { return nil }
        if let deletedAt {
            return SyncChangeDTO(type: object.type, id: object.id, version: version, object: nil, deletedAt: deletedAt)
        }
        let loaded = try await SyncObjects(db: database, user: user, today: today(for: user)).load([object])
        return SyncChangeDTO(type: object.type, id: object.id, version: version, object: loaded[object], deletedAt: nil)
    }
}

private struct VersionTagKey: StorageKey { typealias Value = Int64 }

/// Puts the version a handler tagged (`Request.tagVersion`) on the answer as a strong `ETag`.
package struct VersionTagMiddleware: AsyncMiddleware {
    package func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let response = try await next.respond(to: request)
        if let version = request.storage[VersionTagKey.self], response.status.code < 300 {
            response.headers.replaceOrAdd(name: .eTag, value: IfMatch.etag(version))
        }
        return response
    }
}
