import DogearCore
import Fluent
import SQLKit
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// The entry loader as it was before the lean reads (Fluent models, a query per part), kept as the
/// reference the lean `EntryLoader` and the API's hand-written JSON are compared with byte for byte.
struct ReferenceEntryLoader {
    let db: any Database
    let today: LocalDate

    func load(_ entries: [LibraryEntry]) async throws -> [EntryDTO] {
        guard !entries.isEmpty else { return [] }
        let entryIDs = try entries.map { try $0.requireID() }
        let workIDs = Array(Set(entries.map { $0.$work.id }))
        let sql = db.sql
        var others: [UUID: [(edition: UUID, rating: Int?, dateRead: String?)]] = [:]
        for row in try await sql.raw(
            """
            SELECT entry_id, edition_id, rating, date_read FROM entry_editions
            WHERE entry_id IN (\(binds: entryIDs)) ORDER BY created_at, source_id
            """
        ).all() {
            others[try row.decode(column: "entry_id", as: UUID.self), default: []].append(
                (
                    try row.decode(column: "edition_id", as: UUID.self), try row.decode(column: "rating", as: Int?.self),
                    try row.decode(column: "date_read", as: String?.self)
                ))
        }
        let editionIDs = Array(Set(entries.compactMap { $0.$edition.id } + others.values.flatMap { $0.map(\.edition) }))

        let rows = CatalogRows(sql: sql)
        let authors = try await rows.authorsByWork(workIDs)
        let external = try await rows.externalIDs(workIDs: workIDs, editionIDs: editionIDs)
        let works = try await rows.works(workIDs, authors: authors, externalIds: external)
        let editions = try await rows.editions(editionIDs, externalIds: external)
        let tags = try await rows.tagsByEntry(entryIDs)
        let totals = try await SessionTotalsQuery(db: db).totals(for: entryIDs)
        let history = try await rows.readThroughsByEntry(entryIDs)

        return try entries.map { entry in
            let id = try entry.requireID()
            guard let work = works[entry.$work.id] else {
                throw MissingWork(entryID: id)
            }
            let edition = entry.$edition.id.flatMap { editions[$0] }
            let pace = ReferencePace(
                sessions: totals[id], reading: entry.status == .reading, currentPage: entry.currentPage,
                pageCount: edition?.pageCount, dailyGoalPages: entry.dailyGoalPages, today: today)
            return EntryDTO(
                id: id,
                work: WorkDTO(work),
                edition: edition.map(EditionDTO.init),
                status: entry.status.rawValue,
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
                estimatedFinish: pace.estimatedFinish,
                recommendedBy: entry.recommendedBy,
                wouldRecommend: entry.wouldRecommend,
                isPublic: entry.isPublic,
                countsTowardCulturalGoal: entry.countsTowardCulturalGoal,
                culturalGoalCategory: entry.culturalGoalCategory,
                tags: tags[id] ?? [],
                readThroughs: history[id] ?? [],
                otherEditions: (others[id] ?? []).compactMap { other in
                    editions[other.edition].map {
                        OtherEditionDTO(edition: EditionDTO($0), rating: other.rating, dateRead: other.dateRead)
                    }
                },
                createdAt: entry.createdAt,
                updatedAt: entry.updatedAt)
        }
    }

    func loadOne(_ entry: LibraryEntry) async throws -> EntryDTO {
        try await load([entry])[0]
    }

}

/// Pace worked out here, with Foundation's calendar, rather than by Core's `Pace`: pages a day over
/// the days from the first session to the last (both counted), and the finish that many pages a day
/// (or the daily goal) reaches from today, rounded up to a whole day.
struct ReferencePace {
    var pagesPerDay: Double?
    var estimatedFinish: String?

    init(sessions: SessionTotals?, reading: Bool, currentPage: Int?, pageCount: Int?, dailyGoalPages: Int?, today: LocalDate) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let format = DateFormatter()
        format.calendar = calendar
        format.timeZone = calendar.timeZone
        format.locale = Locale(identifier: "en_US_POSIX")
        format.dateFormat = "yyyy-MM-dd"
        if let sessions, sessions.pagesRead > 0, let first = sessions.firstDate, let last = sessions.lastDate,
            let from = format.date(from: first.description), let to = format.date(from: last.description)
        {
            let days = max(1, calendar.dateComponents([.day], from: from, to: to).day! + 1)
            pagesPerDay = Double(sessions.pagesRead) / Double(days)
        }
        if reading, let pageCount, case let remaining = pageCount - (currentPage ?? 0), remaining > 0,
            let rate = pagesPerDay ?? dailyGoalPages.map(Double.init), rate > 0, let start = format.date(from: today.description)
        {
            let days = Int((Double(remaining) / rate).rounded(.up))
            estimatedFinish = format.string(from: calendar.date(byAdding: .day, value: days, to: start)!)
        }
    }
}

struct MissingWork: Error {
    let entryID: UUID
}

/// The per-entry reads only the reference loader still makes (the app reads them in `EntryLoader`'s
/// one statement).
extension CatalogRows {
    /// Tag display names per entry, alphabetical.
    func tagsByEntry(_ entryIDs: [UUID]) async throws -> [UUID: [String]] {
        guard !entryIDs.isEmpty else { return [:] }
        let rows = try await sql.raw(
            """
            SELECT et.entry_id AS entry_id, t.display AS display FROM entry_tags et JOIN tags t ON t.id = et.tag_id
            WHERE et.entry_id IN (\(binds: entryIDs)) ORDER BY t.key
            """
        ).all()
        var result: [UUID: [String]] = [:]
        for row in rows {
            result[try row.decode(column: "entry_id", as: UUID.self), default: []].append(
                try row.decode(column: "display", as: String.self))
        }
        return result
    }

    func readThroughsByEntry(_ entryIDs: [UUID]) async throws -> [UUID: [ReadThroughDTO]] {
        guard !entryIDs.isEmpty else { return [:] }
        let rows = try await sql.raw(
            """
            SELECT entry_id, started_on, finished_on, outcome FROM read_throughs
            WHERE entry_id IN (\(binds: entryIDs)) ORDER BY created_at
            """
        ).all()
        var result: [UUID: [ReadThroughDTO]] = [:]
        for row in rows {
            result[try row.decode(column: "entry_id", as: UUID.self), default: []].append(
                ReadThroughDTO(
                    startedOn: try row.decode(column: "started_on", as: String?.self),
                    finishedOn: try row.decode(column: "finished_on", as: String?.self),
                    outcome: try row.decode(column: "outcome", as: String.self)))
        }
        return result
    }
}
