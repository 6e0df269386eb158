import DogearCore
import DogearSources
import DogearStore
import FluentKit
import Foundation
import SQLKit

/// A book a proposal may be: a catalog work, or a book an online source found (added to the
/// catalog by its ISBN when the reader confirms it).
package struct ScanCandidate: Codable, Sendable, Equatable {
    package var workId: UUID?
    package var isbn: String?
    package var title: String
    package var authors: [String]
    package var coverUrl: String?
    /// "catalog", "openLibrary" or "googleBooks".
    package var source: String
    /// How well it matches what a spine says (Core's `SpineMatch`, 0 to 1); nil for a barcode's book.
    package var score: Double? = nil
}

extension ScanProposal {
    package var candidates: [ScanCandidate] {
        get { (try? JSONDecoder().decode([ScanCandidate].self, from: Data(candidatesJSON.utf8))) ?? [] }
        set { candidatesJSON = String(decoding: (try? JSONEncoder().encode(newValue)) ?? Data("[]".utf8), as: UTF8.self) }
    }
}

/// The candidates for a proposal: a looked-up work as one, a spine's text as the catalog's close
/// matches (ranked by Core's `SpineMatch`, which forgives OCR's slips) and the online sources'.
package struct ScanCandidates {
    package let db: any Database
    package let chain: LookupChain

    package func candidate(for work: Work, edition: Edition?) async throws -> ScanCandidate {
        let authors = try await CatalogLoader(db: db).authorsByWork([work.requireID()])
        return ScanCandidate(
            workId: try work.requireID(), isbn: edition?.isbn13, title: work.title,
            authors: (authors[try work.requireID()] ?? []).map(\.name), coverUrl: edition?.coverURL, source: "catalog")
    }

    package func forSpine(_ text: String, limit: Int) async throws -> [ScanCandidate] {
        guard let query = SpineText.query(from: text) else { return [] }
        var ranked = try await catalogMatches(for: text)
        let online = await chain.search(query, limit: limit)
        for found in online.books {
            let draft = found.draft
            let isbn = draft.isbn.flatMap { try? ISBN($0) }?.isbn13
            let title = draft.title ?? ""
            if let isbn, ranked.contains(where: { $0.candidate.isbn == isbn }) { continue }
            let score = SpineMatch.score(read: text, title: title, authors: draft.authors ?? [])
            guard score > 0 else { continue }
            ranked.append(
                (
                    ScanCandidate(
                        workId: nil, isbn: isbn, title: title, authors: draft.authors ?? [], coverUrl: draft.coverUrl,
                        source: found.source.rawValue, score: (score * 100).rounded() / 100), score
                ))
        }
        // Best first; on a tie the catalog's book, which needs no lookup to confirm.
        return ranked.enumerated().sorted { ($0.element.score, -$0.offset) > ($1.element.score, -$1.offset) }
            .prefix(limit).map(\.element.candidate)
    }

    /// Catalog works sharing a word of four letters or more with the spine, ranked by `SpineMatch`.
    private func catalogMatches(for text: String) async throws -> [(candidate: ScanCandidate, score: Double)] {
        let words = Array(Set(SpineMatch.words(text).filter { $0.count >= 4 }).sorted().prefix(8))
        guard !words.isEmpty else { return [] }
        var query = Work.query(on: db)
            .join(WorkAuthor.self, on: \Work.$id == \WorkAuthor.$work.$id, method: .left)
            .join(Author.self, on: \WorkAuthor.$author.$id == \Author.$id, method: .left)
            .group(.or) { or in
                for word in words {
                    // Four letters of each word: OCR's slips are mostly further along.
                    let pattern = "%" + String(word.prefix(4)).filter { !"%_\\".contains($0) } + "%"
                    or.filter(.sql(raw: "LOWER(works.title)"), .custom("LIKE"), .bind(pattern))
                    or.filter(.sql(raw: "LOWER(authors.name)"), .custom("LIKE"), .bind(pattern))
                }
            }
        query = query.unique().limit(200)
        var seen = Set<UUID>()
        let works = try await query.all().filter { seen.insert($0.id!).inserted }
        guard !works.isEmpty else { return [] }
        let ids = works.compactMap(\.id)
        let authors = try await CatalogLoader(db: db).authorsByWork(ids)
        var editions: [UUID: Edition] = [:]
        for edition in try await Edition.query(on: db).filter(\.$work.$id ~~ ids).all() where editions[edition.$work.id] == nil {
            editions[edition.$work.id] = edition
        }
        return works.compactMap { work in
            let names = (authors[work.id!] ?? []).map(\.name)
            let score = SpineMatch.score(read: text, title: work.title, authors: names)
            guard score > 0 else { return nil }
            return (
                ScanCandidate(
                    workId: work.id, isbn: editions[work.id!]?.isbn13, title: work.title, authors: names,
                    coverUrl: editions[work.id!]?.coverURL, source: "catalog", score: (score * 100).rounded() / 100), score
            )
        }
    }
}
