import DogearCore
import FluentKit
import Foundation
import SQLKit

/// What a year's goals are measured against: the reader's finishes in the year, each with the facts
/// Core's `GoalConditions` asks about, and the minutes and pages of the year's sessions by entry. A fixed
/// number of statements for all of a year's goals; a year's finishes are hundreds at most.
package struct GoalQuery {
    package let db: any Database
    package let userID: UUID
    package let year: Int

    package struct Finish {
        package var entryID: UUID
        /// What the finish adds to pages read beyond its sessions (`finish_facts.unlogged_pages`).
        package var pages: Int
        package var authorIDs: [UUID]
        package var book: GoalConditions.Book
    }

    package struct Year {
        package var finishes: [Finish]
        package var minutesByEntry: [UUID: Int]
        package var sessionPagesByEntry: [UUID: Int]
        package var bookByEntry: [UUID: GoalConditions.Book]
    }

    package func load() async throws -> Year {
        let first = LocalDate(year: year, month: 1, day: 1)!
        let last = LocalDate(year: year, month: 12, day: 31)!
        let query = StatsQuery(db: db, userID: userID, from: first, to: last)
        let rows = try await db.sql.raw(
            """
            SELECT ff.entry_id AS entry_id, ff.work_id AS work_id, ff.unlogged_pages AS pages FROM finish_facts ff
            WHERE \(query.scope)
            """
        ).all()
        let finishes = try rows.map {
            (
                entry: try $0.decode(column: "entry_id", as: UUID.self), work: try $0.decode(column: "work_id", as: UUID.self),
                pages: try $0.decode(column: "pages", as: Int?.self) ?? 0
            )
        }
        let entryIDs = Array(Set(finishes.map(\.entry)))
        let workIDs = Array(Set(finishes.map(\.work)))
        let entries = try await LibraryEntry.query(on: db).filter(\.$id ~~ entryIDs).all()
        let editionIDs = Array(Set(entries.compactMap(\.$edition.id)))
        let works = try await Work.query(on: db).filter(\.$id ~~ workIDs).all()
        let editions = try await Edition.query(on: db).filter(\.$id ~~ editionIDs).all()
        let links = try await WorkAuthor.query(on: db).filter(\.$work.$id ~~ workIDs).sort(\.$position).all()
        let authors = try await Author.query(on: db).filter(\.$id ~~ Array(Set(links.map(\.$author.id)))).all()
        // Authors the reader finished a book by before this year: every finish dated before it.
        let known = try await StatsQuery(
            db: db, userID: userID, from: LocalDate(year: 1, month: 1, day: 1)!, to: first.adding(days: -1)
        ).authorIDs()

        let entryByID = Dictionary(entries.compactMap { e in e.id.map { ($0, e) } }, uniquingKeysWith: { a, _ in a })
        let workByID = Dictionary(works.compactMap { w in w.id.map { ($0, w) } }, uniquingKeysWith: { a, _ in a })
        let editionByID = Dictionary(editions.compactMap { e in e.id.map { ($0, e) } }, uniquingKeysWith: { a, _ in a })
        let authorByID = Dictionary(authors.compactMap { a in a.id.map { ($0, a) } }, uniquingKeysWith: { a, _ in a })
        let authorsByWork = Dictionary(grouping: links, by: { $0.$work.id }).mapValues { $0.map(\.$author.id) }

        var books: [UUID: GoalConditions.Book] = [:]
        var result: [Finish] = []
        for finish in finishes {
            guard let work = workByID[finish.work], let entry = entryByID[finish.entry] else { continue }
            let edition = entry.$edition.id.flatMap { editionByID[$0] }
            let authorIDs = authorsByWork[finish.work] ?? []
            let book = Self.book(
                entry, work, edition, authors: authorIDs.compactMap { authorByID[$0] }, authorIDs: authorIDs, known: known)
            books[finish.entry] = book
            result.append(Finish(entryID: finish.entry, pages: finish.pages, authorIDs: authorIDs, book: book))
        }

        // Minutes and pages: the year's sessions by entry (a minutes goal counts sessions, finished
        // book or not; a pages goal counts their pages beside what each finish adds to them).
        let sessions = try await db.sql.raw(
            """
            SELECT s.entry_id AS entry_id, CAST(SUM(s.minutes) AS BIGINT) AS minutes,
              CAST(COALESCE(SUM(s.pages_read), 0) AS BIGINT) AS pages
            FROM reading_sessions s JOIN library_entries e ON e.id = s.entry_id
            WHERE e.user_id = \(bind: userID) AND s.date >= \(bind: first.description) AND s.date <= \(bind: last.description)
            GROUP BY s.entry_id
            """
        ).all()
        var minutes: [UUID: Int] = [:]
        var pages: [UUID: Int] = [:]
        for row in sessions {
            let entry = try row.decode(column: "entry_id", as: UUID.self)
            minutes[entry] = try row.decode(column: "minutes", as: Int.self)
            pages[entry] = try row.decode(column: "pages", as: Int.self)
        }
        // Books read in sessions but not finished this year still have facts for a goal's conditions.
        let missing = Array(Set(minutes.keys).subtracting(books.keys))
        if !missing.isEmpty {
            let more = try await GoalQuery.facts(of: missing, db: db, known: known)
            books.merge(more) { a, _ in a }
        }
        return Year(finishes: result, minutesByEntry: minutes, sessionPagesByEntry: pages, bookByEntry: books)
    }

    /// Facts of entries that were not finished in the year (for a minutes goal with conditions).
    package static func facts(of entryIDs: [UUID], db: any Database, known: Set<UUID>) async throws -> [UUID: GoalConditions.Book]
    {
        let entries = try await LibraryEntry.query(on: db).filter(\.$id ~~ entryIDs).all()
        var out: [UUID: GoalConditions.Book] = [:]
        for entry in entries {
            guard let id = entry.id, let work = try await Work.find(entry.$work.id, on: db) else { continue }
            let edition = try await entry.$edition.id.asyncMap { try await Edition.find($0, on: db) } ?? nil
            let links = try await WorkAuthor.query(on: db).filter(\.$work.$id == entry.$work.id).sort(\.$position).all()
            let authorIDs = links.map(\.$author.id)
            let authors = try await Author.query(on: db).filter(\.$id ~~ authorIDs).all()
            let byID = Dictionary(authors.compactMap { a in a.id.map { ($0, a) } }, uniquingKeysWith: { a, _ in a })
            out[id] = book(entry, work, edition, authors: authorIDs.compactMap { byID[$0] }, authorIDs: authorIDs, known: known)
        }
        return out
    }

    /// One book as a goal's conditions see it (the one place its facts are put together).
    package static func book(
        _ entry: LibraryEntry, _ work: Work, _ edition: Edition?, authors: [Author], authorIDs: [UUID], known: Set<UUID>
    ) -> GoalConditions.Book {
        GoalConditions.Book(
            genres: work.genres, format: edition?.format.flatMap(EditionFormat.init(rawValue:)),
            translated: Translation.isTranslated(
                originalLanguage: work.originalLanguage, editionLanguage: edition?.language, translator: work.translator),
            authors: authors.map {
                AuthorVoice.Facts(
                    gender: $0.gender.flatMap(AuthorGender.init(rawValue:)),
                    region: $0.culturalRegion.flatMap(CulturalRegion.init(rawValue:)))
            },
            byFirstTimeAuthor: !authorIDs.isEmpty && authorIDs.allSatisfy { !known.contains($0) },
            culturalGoalCategory: entry.countsTowardCulturalGoal ? .some(entry.culturalGoalCategory) : nil)
    }

    package init(db: any Database, userID: UUID, year: Int) {
        self.db = db
        self.userID = userID
        self.year = year
    }
}
