import DogearCore
import FluentKit
import Foundation
import SQLKit

/// Loads catalog works and editions with their authors and external IDs, a fixed number of queries
/// for any number of them. Shared by the library's entries and the catalog's own pages.
package struct CatalogLoader {
    package let db: any Database

    private var rows: CatalogRows { CatalogRows(sql: db.sql) }

    /// One work as the catalog routes show it.
    package func work(_ work: Work) async throws -> WorkRecord {
        try await book(workID: work.requireID(), editionID: nil).work
    }

    /// Works and editions together, as a lookup answers.
    package func book(work: Work, edition: Edition?) async throws -> CatalogBook {
        try await book(workID: work.requireID(), editionID: edition?.requireID())
    }

    package func book(workID: UUID, editionID: UUID?) async throws -> CatalogBook {
        let editionIDs = editionID.map { [$0] } ?? []
        let authors = try await rows.authorsByWork([workID])
        let external = try await rows.externalIDs(workIDs: [workID], editionIDs: editionIDs)
        guard let work = try await rows.works([workID], authors: authors, externalIds: external)[workID] else {
            throw DomainError.bookNotFound
        }
        let edition = try await rows.editions(editionIDs, externalIds: external).values.first
        return CatalogBook(work: work, edition: edition)
    }

    /// Many works at once, keyed by id (missing ids are left out).
    package func works(_ workIDs: [UUID]) async throws -> [UUID: WorkRecord] {
        let ids = Array(Set(workIDs))
        guard !ids.isEmpty else { return [:] }
        return try await rows.works(
            ids, authors: try await rows.authorsByWork(ids), externalIds: try await rows.externalIDs(workIDs: ids, editionIDs: [])
        )
    }

    /// A cover and a page count for each work: the earliest edition's that has one.
    package func bookFacts(_ workIDs: [UUID]) async throws -> [UUID: (coverUrl: String?, pageCount: Int?)] {
        let ids = Array(Set(workIDs))
        guard !ids.isEmpty else { return [:] }
        var result: [UUID: (coverUrl: String?, pageCount: Int?)] = [:]
        for row in try await db.sql.raw(
            "SELECT work_id, cover_url, page_count FROM editions WHERE work_id IN (\(binds: ids)) ORDER BY created_at, id"
        ).all() {
            let workID = try row.decode(column: "work_id", as: UUID.self)
            var facts = result[workID] ?? (nil, nil)
            if facts.coverUrl == nil { facts.coverUrl = try row.decode(column: "cover_url", as: String?.self) }
            if facts.pageCount == nil { facts.pageCount = try row.decode(column: "page_count", as: Int?.self) }
            result[workID] = facts
        }
        return result
    }

    /// Editions of one work, oldest record first.
    package func editions(ofWork workID: UUID) async throws -> [EditionRecord] {
        let ids = try await Edition.query(on: db).filter(\.$work.$id == workID).sort(\.$createdAt).all().map {
            try $0.requireID()
        }
        let external = try await rows.externalIDs(workIDs: [], editionIDs: ids)
        let editions = try await rows.editions(ids, externalIds: external)
        return ids.compactMap { editions[$0] }
    }

    package func authorsByWork(_ workIDs: [UUID]) async throws -> [UUID: [AuthorRef]] {
        try await CatalogRows(sql: db.sql).authorsByWork(workIDs)
    }

    package func externalIDs(workIDs: [UUID], editionIDs: [UUID]) async throws -> [UUID: [String: [String]]] {
        try await CatalogRows(sql: db.sql).externalIDs(workIDs: workIDs, editionIDs: editionIDs)
    }

    package init(db: any Database) {
        self.db = db
    }
}
