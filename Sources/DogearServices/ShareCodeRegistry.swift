import DogearCore
import DogearStore
import FluentKit
import Foundation

/// Hands out share codes for lists (and clubs later). A code is taken by inserting it into
/// `share_codes`, whose unique index is the judge even when two requests race. A code seen taken is
/// tried again with another; a race lost at the index is retried too outside a transaction, while
/// inside a PostgreSQL transaction it spoils the transaction and the request answers 409 "try
/// again" (two requests drawing the same one of 32^6 codes in the same instant).
package struct ShareCodeRegistry {
    package let db: any Database

    /// Takes a new code for this resource, in the caller's transaction.
    package func register<G: RandomNumberGenerator>(
        _ resource: ShareCodeRecord.Resource, id: UUID, using generator: inout G
    ) async throws -> ShareCode {
        try await ShareCodes.withUniqueCode(
            using: &generator, isCollision: Self.isCollision,
            save: { code in
                // Looked up first, so a code already taken never reaches the unique index.
                if try await ShareCodeRecord.query(on: db).filter(\.$code == code.value).first() != nil {
                    throw CodeTaken()
                }
                try await ShareCodeRecord(code: code.value, resource: resource, resourceID: id).create(on: db)
                return code
            })
    }

    package func register(_ resource: ShareCodeRecord.Resource, id: UUID) async throws -> ShareCode {
        var system = SystemRandomNumberGenerator()
        return try await register(resource, id: id, using: &system)
    }

    /// Gives the code back (a replaced or deleted list's), so it opens nothing any more.
    package func release(_ code: String) async throws {
        try await ShareCodeRecord.query(on: db).filter(\.$code == code).delete()
    }

    /// What the resource a code names is, or nil for a code nobody holds.
    package func lookup(_ code: ShareCode) async throws -> ShareCodeRecord? {
        try await ShareCodeRecord.query(on: db).filter(\.$code == code.value).first()
    }

    package struct CodeTaken: Error {}

    /// A code already in the registry: seen before inserting, or by the unique index when another
    /// request inserted the same code in between.
    package static func isCollision(_ error: any Error) -> Bool {
        error is CodeTaken || (error as? any DatabaseError)?.isConstraintFailure == true
    }

    package init(db: any Database) {
        self.db = db
    }
}
