import DogearCore
import Fluent
import SQLKit
import Vapor

/// Builds `EntryDTO`s for a batch of entries with a fixed number of queries, whatever the batch
/// size: works, authors, editions, tags, session totals and read-throughs, each one query by id list.
struct EntryLoader {
    let db: any Database
    let today: LocalDate

    func load(_ entries: [LibraryEntry]) async throws -> [EntryDTO] {
        guard !entries.isEmpty else { return [] }
        let entryIDs = try entries.map { try $0.requireID() }
        let workIDs = Array(Set(entries.map { $0.$work.id }))
        let editionIDs = Array(Set(entries.compactMap { $0.$edition.id }))

        let works = try await Work.query(on: db).filter(\.$id ~~ workIDs).all()
        let worksByID = Dictionary(uniqueKeysWithValues: try works.map { (try $0.requireID(), $0) })
        let catalog = CatalogLoader(db: db)
        let authors = try await catalog.authorsByWork(workIDs)
        var editionsByID: [UUID: Edition] = [:]
        if !editionIDs.isEmpty {
            for edition in try await Edition.query(on: db).filter(\.$id ~~ editionIDs).all() {
                editionsByID[try edition.requireID()] = edition
            }
        }
        let tags = try await tagsByEntry(entryIDs)
        let totals = try await SessionTotalsQuery(db: db).totals(for: entryIDs)
        let history = try await readThroughsByEntry(entryIDs)
        let external = try await catalog.externalIDs(workIDs: workIDs, editionIDs: editionIDs)

        return try entries.map { entry in
            let id = try entry.requireID()
            guard let work = worksByID[entry.$work.id] else {
                throw Abort(.internalServerError, reason: "entry \(id) points at a missing work")
            }
            let edition = entry.$edition.id.flatMap { editionsByID[$0] }
            let status = ReadingStatus(rawValue: entry.status) ?? .wantToRead
            let pace = Pace.compute(sessions: totals[id] ?? SessionTotals(), status: status,
                                    currentPage: entry.currentPage, pageCount: edition?.pageCount,
                                    dailyGoalPages: entry.dailyGoalPages, today: today)
            return EntryDTO(
                id: id,
                work: try WorkDTO(work, authors: authors[entry.$work.id] ?? [], externalIds: external[entry.$work.id] ?? [:]),
                edition: try edition.map { try EditionDTO($0, externalIds: external[try $0.requireID()] ?? [:]) },
                status: entry.status,
                owned: entry.owned,
                onWishlist: entry.onWishlist,
                favorite: entry.favorite,
                rating: entry.rating,
                preciseRating: entry.preciseRating,
                dateAdded: entry.dateAdded,
                dateStarted: entry.dateStarted,
                dateFinished: entry.dateFinished,
                currentPage: entry.currentPage,
                currentMinutes: entry.currentMinutes,
                progress: entry.progress,
                readCount: entry.readCount,
                totalMinutes: entry.totalMinutes,
                dailyGoalPages: entry.dailyGoalPages,
                pagesPerDay: pace.pagesPerDay.map { ($0 * 10).rounded() / 10 },
                estimatedFinish: pace.estimatedFinish?.description,
                recommendedBy: entry.recommendedBy,
                wouldRecommend: entry.wouldRecommend,
                isPublic: entry.isPublic,
                countsTowardCulturalGoal: entry.countsTowardCulturalGoal,
                culturalGoalCategory: entry.culturalGoalCategory,
                tags: tags[id] ?? [],
                readThroughs: history[id] ?? [],
                createdAt: entry.createdAt,
                updatedAt: entry.updatedAt)
        }
    }

    func loadOne(_ entry: LibraryEntry) async throws -> EntryDTO {
        try await load([entry])[0]
    }

    private func tagsByEntry(_ entryIDs: [UUID]) async throws -> [UUID: [String]] {
        let links = try await EntryTag.query(on: db)
            .filter(\.$entry.$id ~~ entryIDs)
            .join(Tag.self, on: \EntryTag.$tag.$id == \Tag.$id)
            .sort(Tag.self, \.$key)
            .all()
        var result: [UUID: [String]] = [:]
        for link in links {
            result[link.$entry.id, default: []].append(try link.joined(Tag.self).display)
        }
        return result
    }

    private func readThroughsByEntry(_ entryIDs: [UUID]) async throws -> [UUID: [ReadThroughDTO]] {
        let rows = try await ReadThrough.query(on: db)
            .filter(\.$entry.$id ~~ entryIDs)
            .sort(\.$createdAt)
            .all()
        var result: [UUID: [ReadThroughDTO]] = [:]
        for row in rows {
            result[row.$entry.id, default: []].append(
                ReadThroughDTO(startedOn: row.startedOn, finishedOn: row.finishedOn, outcome: row.outcome))
        }
        return result
    }
}
