import DogearCore
import Foundation
import NIOConcurrencyHelpers
import SQLKit

/// The object a request writes, and with an `If-Match` the version the app last saw of it.
///
/// The version is compared where it cannot go stale: in the write's own transaction, when
/// `SyncLog` numbers the change, holding the reader's clock lock (PostgreSQL) or the writer's
/// turn (SQLite). A stale version throws `versionConflict`, which rolls the write back whole.
/// The log notes the version it gave the object (`numbered`), so the answer's `ETag` needs no
/// read of the log after the commit. The condition travels as a task-local value, because it is
/// the request's, not any one service's: the API's `Request.conditionalWrite` sets it around the
/// service call, and `writeTransaction` carries it into the transaction's task.
package final class WriteCondition: Sendable {
    @TaskLocal package static var current: WriteCondition?

    package let object: SyncObjectKey
    /// Nil without an `If-Match`: the write goes ahead whatever the version.
    package let expected: IfMatch?
    private let checked = NIOLockedValueBox(false)
    private let numberedVersion = NIOLockedValueBox<Numbered?>(nil)

    /// The version this write's log gave the object, and whether the change was its deletion.
    package struct Numbered: Sendable, Equatable {
        package var version: Int64
        package var deleted: Bool
    }

    package init(object: SyncObjectKey, expected: IfMatch?) {
        self.object = object
        self.expected = expected
    }

    package static let conflictCode = ErrorCode.versionConflict

    /// The object's last numbering in this write (nil when the write did not log it).
    package var numbered: Numbered? { numberedVersion.withLockedValue { $0 } }

    /// Called by `SyncLog.record` before it numbers `objects`: checks the condition once, the first
    /// time the write records its object (later records in the same write see their own version).
    package static func check(_ objects: some Sequence<SyncObjectKey>, userID: UUID, on sql: any SQLDatabase) async throws {
        guard let condition = current, let expected = condition.expected, objects.contains(condition.object) else { return }
        guard !condition.checked.withLockedValue({ $0 }) else { return }
        let current = try await SyncVersions(sql: sql, userID: userID).current(condition.object)
        guard expected.matches(current) else {
            throw DomainError(
                .preconditionFailed, code: conflictCode,
                "this \(condition.object.type.rawValue) changed since version \(expected); nothing was written",
                field: "If-Match")
        }
        condition.checked.withLockedValue { $0 = true }
    }

    /// Called by `SyncLog.record` once it has logged `object` at `version`.
    package static func logged(_ object: SyncObjectKey, version: Int64, deleted: Bool) {
        guard let condition = current, condition.object == object else { return }
        condition.numberedVersion.withLockedValue { $0 = Numbered(version: version, deleted: deleted) }
    }
}

extension IfMatch: CustomStringConvertible {
    public var description: String {
        switch self {
        case .any: return "*"
        case .versions(let versions): return versions.map(String.init).joined(separator: ", ")
        }
    }
}

/// Reads versions from the log.
package struct SyncVersions {
    package let sql: any SQLDatabase
    package let userID: UUID

    /// The object's version, nil when it does not exist (never did, or a tombstone).
    package func current(_ object: SyncObjectKey) async throws -> Int64? {
        guard let entry = try await entry(object), entry.deletedAt == nil else { return nil }
        return entry.version
    }

    /// The object's line in the log: its last version and, for a tombstone, when it was deleted.
    package func entry(_ object: SyncObjectKey) async throws -> (version: Int64, deletedAt: Date?)? {
        guard
            let row = try await sql.raw(
                """
                SELECT version, deleted_at FROM sync_changes
                WHERE user_id = \(bind: userID) AND object_type = \(bind: object.type.rawValue) AND object_id = \(bind: object.id)
                """
            ).first()
        else { return nil }
        return (try row.decode(column: "version", as: Int64.self), try row.decode(column: "deleted_at", as: Date?.self))
    }

    package init(sql: any SQLDatabase, userID: UUID) {
        self.sql = sql
        self.userID = userID
    }
}
