import DogearCore
import DogearStore
import Foundation

extension LibraryService {
    /// Adds a book; when the request names it only by ISBN, the book is looked up first (catalog,
    /// then the online sources). What the reader set is checked before the lookup, so a typo costs
    /// no network call.
    package func add(_ request: CreateEntryInput, lookingUpWith lookup: BookLookupService) async throws -> LibraryEntry {
        var request = request
        if request.isbn != nil, request.book == nil, request.workId == nil, request.editionId == nil {
            _ = try request.entryDraft.validated()
            let isbn = try BookLookupService.parseISBN(request.isbn)
            let found = try await lookup.lookup(isbn)
            request.editionId = try found.edition?.requireID()
            request.workId = try found.work.requireID()
        }
        return try await add(request)
    }
}
