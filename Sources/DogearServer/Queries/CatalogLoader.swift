import DogearCore
import Fluent
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
        let links = try await WorkAuthor.query(on: db)
            .filter(\.$work.$id ~~ workIDs)
            .join(Author.self, on: \WorkAuthor.$author.$id == \Author.$id)
            .sort(\.$position)
            .all()
        var result: [UUID: [AuthorRef]] = [:]
        for link in links {
            let author = try link.joined(Author.self)
            result[link.$work.id, default: []].append(AuthorRef(id: try author.requireID(), name: author.name))
        }
        return result
    }

    /// External IDs keyed by the work or edition they belong to, then by kind.
    func externalIDs(workIDs: [UUID], editionIDs: [UUID]) async throws -> [UUID: [String: [String]]] {
        let rows = try await ExternalID.query(on: db)
            .group(.or) { or in
                or.filter(\.$work.$id ~~ workIDs)
                if !editionIDs.isEmpty { or.filter(\.$edition.$id ~~ editionIDs) }
            }
            .sort(\.$createdAt)
            .all()
        var result: [UUID: [String: [String]]] = [:]
        for row in rows {
            guard let owner = row.$work.id ?? row.$edition.id else { continue }
            result[owner, default: [:]][row.kind, default: []].append(row.value)
        }
        return result
    }
}
