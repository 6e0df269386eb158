import DogearCore
import DogearServices
import DogearStore
import Fluent
import Foundation
import SQLKit

/// The changes feed: a page of a reader's changes after a cursor, in version order,
/// upserts with their objects and deletions as tombstones. `SyncLog` writes what this reads.
package struct SyncService {
    package let db: any Database
    package let user: User
    package let today: LocalDate
    package let now: Date
    package let retention: SyncRetention

    package func page(since raw: String?, limit rawLimit: String?) async throws -> SyncPageDTO {
        let limit = try Self.limit(rawLimit)
        let cursor: SyncCursor?
        do {
            cursor = try raw.flatMap { $0.isEmpty ? nil : $0 }.map { try SyncCursor.decode($0) }
        } catch let error as ValidationError {
            throw DomainError.badRequest("since \(error.message)", field: "since")
        }
        let userID = try user.requireID()
        try await forgetExpiredTombstones(of: userID)
        let sql = db.sql
        let epoch = try await Self.epoch(on: sql)
        let clock = try await sql.raw(
            "SELECT version, forgotten_through FROM sync_clocks WHERE user_id = \(bind: userID)"
        ).first()
        let latest = try clock?.decode(column: "version", as: Int64.self) ?? 0
        let forgotten = try clock?.decode(column: "forgotten_through", as: Int64.self) ?? 0
        let since: Int64
        switch SyncResume.from(cursor, epoch: epoch, latest: latest, forgottenThrough: forgotten) {
        case .after(let version): since = version
        case .resyncRequired(let reason): throw DomainError(.gone, code: .resyncRequired, reason, field: "since")
        }
        let rows = try await sql.raw(
            """
            SELECT object_type, object_id, version, deleted_at FROM sync_changes
            WHERE user_id = \(bind: userID) AND version > \(bind: since)
            ORDER BY version LIMIT \(unsafeRaw: String(limit + 1))
            """
        ).all()
        var changes: [(key: SyncObjectKey, version: Int64, deletedAt: Date?)] = []
        for row in rows.prefix(limit) {
            guard let type = SyncObjectType(rawValue: try row.decode(column: "object_type", as: String.self)) else { continue }
            changes.append(
                (
                    SyncObjectKey(type: type, id: try row.decode(column: "object_id", as: UUID.self)),
                    try row.decode(column: "version", as: Int64.self), try row.decode(column: "deleted_at", as: Date?.self)
                ))
        }
        let objects = try await SyncObjects(db: db, user: user, today: today).load(
            changes.filter { $0.deletedAt == nil }.map(\.key))
        var answer: [SyncChangeDTO] = []
        for change in changes {
            if let deletedAt = change.deletedAt {
                answer.append(
                    .init(type: change.key.type, id: change.key.id, version: change.version, object: nil, deletedAt: deletedAt))
            } else if let object = objects[change.key] {
                answer.append(
                    .init(type: change.key.type, id: change.key.id, version: change.version, object: object, deletedAt: nil))
            }
            // An upsert whose object is gone was deleted after this page's read; its tombstone,
            // with a higher version, is on a later page.
        }
        let next = changes.last?.version ?? since
        return SyncPageDTO(
            changes: answer, nextCursor: SyncCursor(epoch: epoch, version: next).encoded, hasMore: rows.count > limit)
    }

    package static func limit(_ raw: String?) throws -> Int {
        // Left out, the default; sent empty, refused like any other value that is not a number (an
        // app that means "the default" leaves it out).
        guard let raw else { return SyncPageSize.default }
        guard let number = Int(raw) else { throw DomainError.badRequest("limit must be a number; got '\(raw)'", field: "limit") }
        do {
            return try SyncPageSize.validated(number)
        } catch let error as ValidationError {
            throw DomainError.badRequest("limit \(error.message); got \(number)", field: "limit")
        }
    }

    package static func epoch(on sql: any SQLDatabase) async throws -> String {
        try await sql.raw("SELECT epoch FROM sync_epoch WHERE id = 1").first()?.decode(column: "epoch", as: String.self) ?? ""
    }

    /// Tombstones past their retention go, and the reader's clock remembers the newest of them, so
    /// a cursor from before them asks for a resync instead of missing a deletion. A read first:
    /// most syncs have nothing to forget and write nothing.
    private func forgetExpiredTombstones(of userID: UUID) async throws {
        let cutoff = retention.cutoff(now: now)
        let expired: SQLQueryString =
            "FROM sync_changes WHERE user_id = \(bind: userID) AND deleted_at IS NOT NULL AND deleted_at < \(bind: cutoff)"
        guard try await db.sql.raw("SELECT 1 AS one " + expired + " LIMIT 1").first() != nil else { return }
        try await db.writeTransaction { db in
            let sql = db.sql
            guard
                let newest = try await sql.raw("SELECT MAX(version) AS newest " + expired).first()?
                    .decode(column: "newest", as: Int64?.self)
            else { return }
            try await sql.raw("DELETE " + expired).run()
            try await sql.raw(
                """
                UPDATE sync_clocks SET forgotten_through = \(bind: newest)
                WHERE user_id = \(bind: userID) AND forgotten_through < \(bind: newest)
                """
            ).run()
        }
    }
}
