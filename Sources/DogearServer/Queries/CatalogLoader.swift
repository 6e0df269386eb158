import DogearCore
import Fluent
import SQLKit
import Vapor

/// Loads catalog works and editions with their authors and external IDs, a fixed number of queries
/// for any number of them. Shared by the library's entries and the catalog's own pages.
struct CatalogLoader {
    let db: any Database

    /// One work (with its editions) as the catalog routes show it.
    func work(_ work: Work) async throws -> WorkDTO {
        let id = try work.requireID()
        let authors = try await authorsByWork([id])
        let external = try await externalIDs(workIDs: [id], editionIDs: [])
        return try WorkDTO(work, authors: authors[id] ?? [], externalIds: external[id] ?? [:])
    }

    /// Works and editions together, as a lookup answers.
    func book(work: Work, edition: Edition?) async throws -> CatalogBookDTO {
        let workID = try work.requireID()
        let editionIDs = try edition.map { [try $0.requireID()] } ?? []
        let authors = try await authorsByWork([workID])
        let external = try await externalIDs(workIDs: [workID], editionIDs: editionIDs)
        return CatalogBookDTO(
            work: try WorkDTO(work, authors: authors[workID] ?? [], externalIds: external[workID] ?? [:]),
            edition: try edition.map { try EditionDTO($0, externalIds: external[try $0.requireID()] ?? [:]) })
    }

    func authorsByWork(_ workIDs: [UUID]) async throws -> [UUID: [AuthorRef]] {
        try await CatalogRows(sql: db as! any SQLDatabase).authorsByWork(workIDs)
    }

    func externalIDs(workIDs: [UUID], editionIDs: [UUID]) async throws -> [UUID: [String: [String]]] {
        try await CatalogRows(sql: db as! any SQLDatabase).externalIDs(workIDs: workIDs, editionIDs: editionIDs)
    }
}
