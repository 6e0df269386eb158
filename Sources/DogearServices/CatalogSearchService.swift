import DogearCore
import DogearSources
import DogearStore
import FluentKit
import Foundation
import SQLKit

/// Catalog search: books already in the local catalog first, then both online sources
/// merged and de-duplicated by ISBN, each marked with the reader's entry when they have the book.
package struct CatalogSearchService {
    package let db: any Database
    package let chain: LookupChain
    package let userID: UUID

    package func search(_ rawQuery: String, limit: Int) async throws -> SearchRecord {
        let query = rawQuery.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !query.isEmpty else { throw ValidationError(field: "q", "type a title, an author or both") }
        guard query.count <= 200 else { throw ValidationError(field: "q", "must be at most 200 characters") }

        let local = try await localMatches(query, limit: limit)
        let online = await chain.search(query, limit: limit)
        var items = local
        var seenISBNs = Set(local.compactMap(\.isbn13))
        var seenWorks = Set(local.compactMap(\.workId))
        for found in online.books {
            let item = Self.item(found)
            if let isbn = item.isbn13, !seenISBNs.insert(isbn).inserted { continue }
            items.append(item)
        }
        items = Array(items.prefix(limit))
        items = try await markOwned(items, seenWorks: &seenWorks)
        return SearchRecord(items: items, sources: online.attempts.map(SourceAttemptRecord.init))
    }

    /// Works whose title, or an author's name, contains every word typed.
    private func localMatches(_ query: String, limit: Int) async throws -> [SearchResultRecord] {
        let words = query.lowercased().split(separator: " ").prefix(6).map(String.init)
        var workQuery = Work.query(on: db)
            .join(WorkAuthor.self, on: \Work.$id == \WorkAuthor.$work.$id, method: .left)
            .join(Author.self, on: \WorkAuthor.$author.$id == \Author.$id, method: .left)
        for word in words {
            // LIKE's wildcards are dropped rather than escaped: escaping differs between the databases.
            let pattern = "%" + word.filter { !"%_\\".contains($0) } + "%"
            workQuery = workQuery.group(.or) { or in
                or.filter(.sql(raw: "LOWER(works.title)"), .custom("LIKE"), .bind(pattern))
                or.filter(.sql(raw: "LOWER(authors.name)"), .custom("LIKE"), .bind(pattern))
            }
        }
        let works = try await workQuery.unique().limit(limit).all()
        var seen = Set<UUID>()
        let unique = try works.filter { seen.insert(try $0.requireID()).inserted }
        guard !unique.isEmpty else { return [] }
        let ids = try unique.map { try $0.requireID() }
        let loader = CatalogLoader(db: db)
        let authors = try await loader.authorsByWork(ids)
        let external = try await loader.externalIDs(workIDs: ids, editionIDs: [])
        var editionsByWork: [UUID: Edition] = [:]
        for edition in try await Edition.query(on: db).filter(\.$work.$id ~~ ids).all()
        where editionsByWork[edition.$work.id] == nil {
            editionsByWork[edition.$work.id] = edition
        }
        return try unique.map { work in
            let id = try work.requireID()
            let edition = editionsByWork[id]
            return SearchResultRecord(
                title: work.title, subtitle: work.subtitle, authors: (authors[id] ?? []).map(\.name),
                isbn13: edition?.isbn13, isbn10: edition?.isbn10, coverUrl: edition?.coverURL,
                pageCount: edition?.pageCount, publisher: edition?.publisher, publishedDate: edition?.publishedDate,
                firstPublishedYear: work.firstPublishedYear, description: work.summary.map(Self.excerpt),
                source: "catalog", workId: id, externalIds: external[id] ?? [:], inLibrary: nil)
        }
    }

    /// Marks results the reader already has: by ISBN, or by the catalog work.
    private func markOwned(_ items: [SearchResultRecord], seenWorks: inout Set<UUID>) async throws -> [SearchResultRecord] {
        let isbns = items.compactMap(\.isbn13)
        var entryByISBN: [String: UUID] = [:]
        if !isbns.isEmpty {
            let rows = try await LibraryEntry.query(on: db)
                .filter(\.$user.$id == userID)
                .join(Edition.self, on: \LibraryEntry.$work.$id == \Edition.$work.$id)
                .filter(Edition.self, \.$isbn13 ~~ isbns)
                .all()
            for entry in rows {
                if let isbn = try entry.joined(Edition.self).isbn13 { entryByISBN[isbn] = try entry.requireID() }
            }
        }
        var entryByWork: [UUID: UUID] = [:]
        let workIDs = Array(Set(items.compactMap(\.workId)))
        if !workIDs.isEmpty {
            for entry in try await LibraryEntry.query(on: db).filter(\.$user.$id == userID).filter(\.$work.$id ~~ workIDs).all() {
                entryByWork[entry.$work.id] = try entry.requireID()
            }
        }
        return items.map { item in
            var marked = item
            marked.inLibrary = item.isbn13.flatMap { entryByISBN[$0] } ?? item.workId.flatMap { entryByWork[$0] }
            return marked
        }
    }

    package static func item(_ found: FoundBook) -> SearchResultRecord {
        let draft = found.draft
        let isbn = draft.isbn.flatMap { try? ISBN($0) }
        return SearchResultRecord(
            title: draft.title ?? "", subtitle: draft.subtitle, authors: draft.authors ?? [],
            isbn13: isbn?.isbn13, isbn10: isbn?.isbn10, coverUrl: draft.coverUrl, pageCount: draft.pageCount,
            publisher: draft.publisher, publishedDate: draft.publishedDate, firstPublishedYear: draft.firstPublishedYear,
            description: draft.description.map(excerpt), source: found.source.rawValue, workId: nil,
            externalIds: draft.externalIds ?? [:], inLibrary: nil)
    }

    /// Results show the start of a description; the book page has all of it.
    package static func excerpt(_ text: String) -> String {
        text.count <= 300 ? text : String(text.prefix(299)) + "…"
    }

    package init(db: any Database, chain: LookupChain, userID: UUID) {
        self.db = db
        self.chain = chain
        self.userID = userID
    }
}
