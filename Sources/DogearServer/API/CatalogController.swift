import DogearCore
import Fluent
import Vapor

/// /api/v1/books (lookup, search), /api/v1/works, /editions, /authors: the shared catalog, readable
/// by every signed-in user.
struct CatalogController {
    func lookup(req: Request) async throws -> LookupDTO {
        // The ISBN is checked before anything else: a bad one never reaches the network.
        let isbn = try BookLookupService.parseISBN(req.query[String.self, at: "isbn"])
        let outcome = try await req.bookLookup().lookup(isbn)
        let entry = try await LibraryEntry.query(on: req.db)
            .filter(\.$user.$id == req.currentUserID()).filter(\.$work.$id == outcome.work.requireID()).first()
        return LookupDTO(
            book: try await CatalogLoader(db: req.db).book(work: outcome.work, edition: outcome.edition),
            foundIn: outcome.foundIn,
            sources: outcome.attempts.map(SourceAttemptDTO.init),
            inLibrary: try entry?.requireID())
    }

    func search(req: Request) async throws -> SearchDTO {
        let limit = try Self.limit(req)
        return try await CatalogSearchService(db: req.db, chain: req.application.lookupChain, userID: req.currentUserID())
            .search(req.query[String.self, at: "q"] ?? "", limit: limit)
    }

    func work(req: Request) async throws -> WorkPageDTO {
        let id = try req.uuidParameter("id")
        guard let work = try await Work.find(id, on: req.db) else { throw DomainError.bookNotFound }
        let loader = CatalogLoader(db: req.db)
        let entry = try await LibraryEntry.query(on: req.db)
            .filter(\.$user.$id == req.currentUserID()).filter(\.$work.$id == id).first()
        return WorkPageDTO(
            work: try await loader.work(work),
            editions: try await loader.editions(ofWork: id),
            inLibrary: try entry?.requireID())
    }

    func edition(req: Request) async throws -> EditionPageDTO {
        let id = try req.uuidParameter("id")
        guard let edition = try await Edition.find(id, on: req.db),
            let work = try await Work.find(edition.$work.id, on: req.db)
        else { throw DomainError.bookNotFound }
        let book = try await CatalogLoader(db: req.db).book(work: work, edition: edition)
        return EditionPageDTO(edition: book.edition!, work: book.work)
    }

    func author(req: Request) async throws -> AuthorDTO {
        let id = try req.uuidParameter("id")
        guard let author = try await Author.find(id, on: req.db) else {
            throw DomainError.authorNotFound
        }
        let links = try await WorkAuthor.query(on: req.db).filter(\.$author.$id == id)
            .join(Work.self, on: \WorkAuthor.$work.$id == \Work.$id).sort(Work.self, \.$title).all()
        return AuthorDTO(
            id: id, name: author.name, nationality: author.nationality, gender: author.gender,
            culturalRegion: author.culturalRegion, birthYear: author.birthYear, deathYear: author.deathYear,
            works: try links.map {
                let work = try $0.joined(Work.self)
                return .init(id: try work.requireID(), title: work.title)
            })
    }

    static func limit(_ req: Request) throws -> Int {
        guard let raw = req.query[String.self, at: "limit"], !raw.isEmpty else { return 20 }
        guard let limit = Int(raw), (1...40).contains(limit) else {
            throw DomainError.badRequest("must be a whole number from 1 to 40", field: "limit")
        }
        return limit
    }
}
