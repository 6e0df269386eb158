import DogearCore
import DogearStore
import FluentKit
import Foundation

/// A book a request names in exactly one way: a catalog work, one of the reader's entries, or an
/// ISBN to look up (the catalog first, then the book sources). Lists' items, clubs' books and
/// proposals name books this way.
package struct WorkChoice: Sendable {
    package var workId: UUID?
    package var entryId: UUID?
    package var isbn: String?

    /// The catalog work's id.
    package func resolve(for user: User, on db: any Database, lookups: BookLookupService) async throws -> UUID {
        let given = [workId != nil, entryId != nil, isbn != nil].filter { $0 }.count
        guard given == 1 else {
            throw ValidationError(field: "workId", "give exactly one of workId, entryId or isbn")
        }
        if let workId {
            guard try await Work.find(workId, on: db) != nil else { throw DomainError.bookNotFound }
            return workId
        }
        if let entryId {
            return try await LibraryService.ownEntry(entryId, of: user, on: db).$work.id
        }
        let isbn = try BookLookupService.parseISBN(isbn)
        return try await lookups.lookup(isbn).work.requireID()
    }

    package init(workId: UUID? = nil, entryId: UUID? = nil, isbn: String? = nil) {
        self.workId = workId
        self.entryId = entryId
        self.isbn = isbn
    }
}
