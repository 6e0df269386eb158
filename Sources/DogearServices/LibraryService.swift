import DogearCore
import DogearStore
import FluentKit
import Foundation
import SQLKit

/// The personal library: every write to a user's entries goes through here, so the API and
/// the web pages apply the same rules. Each operation runs in one transaction: a rejected request
/// changes nothing.
package struct LibraryService {
    package let db: any Database
    package let user: User
    package let today: LocalDate
    package let now: Date
    /// Wakes the live feeds of the reader's clubs after a change they were told of (none in tools and tests that do not listen).
    package var clubEvents: (any ClubAnnouncing)? = nil

    /// The user's entry with this id; another user's id is "not found", never "forbidden".
    package func entry(_ id: UUID, on db: (any Database)? = nil) async throws -> LibraryEntry {
        try await Self.ownEntry(id, of: user, on: db ?? self.db)
    }

    package static func ownEntry(_ id: UUID, of user: User, on db: any Database) async throws -> LibraryEntry {
        guard
            let entry = try await LibraryEntry.query(on: db).filter(\.$id == id).filter(\.$user.$id == user.requireID())
                .first()
        else { throw DomainError.entryNotFound }
        return entry
    }

    /// Adds a book to the library. From the discover deck, `deck` is the swipe that added it: that
    /// swipe is what discovery learns, not an add to a list as well.
    package func add(_ request: CreateEntryInput, fromDeck deck: DiscoveryAction? = nil) async throws -> LibraryEntry {
        let fields = try request.entryDraft.validated()
        let book: ValidBook?
        do {
            book = try request.book?.validated()
        } catch let error as ValidationError {
            throw error.nested(in: "book")
        }
        if book == nil, request.workId == nil, request.editionId == nil {
            throw ValidationError(
                field: "book", "give the book (title and authors), an isbn to look up, or a workId or editionId")
        }
        let userID = try user.requireID()
        return try await write { db, changes in
            let (work, edition) = try await resolveBook(
                book: book, workID: request.workId,
                editionID: request.editionId, on: db)
            let workID = try work.requireID()
            if let existing = try await LibraryEntry.query(on: db)
                .filter(\.$user.$id == userID).filter(\.$work.$id == workID).first()
            {
                throw DomainError(
                    .conflict, code: .alreadyInLibrary, "this book is already in your library",
                    details: ["entryId": try existing.requireID().uuidString])
            }
            let entry = LibraryEntry(
                userID: userID, workID: workID, editionID: try edition?.requireID(), dateAdded: now, fields: fields)
            let change = StatusRules.change(
                entry.readingState, to: fields.status, length: length(work, edition),
                today: today, givenStarted: fields.dateStarted, givenFinished: fields.dateFinished)
            entry.readingState = change.state
            if change.state.status == .reading || change.state.status == .read { entry.lastReadAt = now }
            try await entry.create(on: db)
            try await TagService(db: db, userID: userID, now: now).setTags(fields.tags, on: try entry.requireID())
            try changes.entryAdded(
                entry,
                fromSwipe: deck.map {
                    .init(
                        action: $0, workID: workID, editionID: entry.$edition.id, listID: DefaultList.wantToRead.rawValue,
                        entryID: entry.id)
                })
            return entry
        }
    }

    private func resolveBook(book: ValidBook?, workID: UUID?, editionID: UUID?, on db: any Database) async throws -> (
        Work, Edition?
    ) {
        if let editionID {
            guard let edition = try await Edition.find(editionID, on: db) else {
                throw DomainError.notFound(.bookNotFound, "no edition with id \(editionID)")
            }
            let work = try await Work.find(edition.$work.id, on: db)!
            return (work, edition)
        }
        if let workID {
            guard let work = try await Work.find(workID, on: db) else {
                throw DomainError.notFound(.bookNotFound, "no work with id \(workID)")
            }
            return (work, nil)
        }
        let resolved = try await CatalogService(db: db).findOrCreate(book!)
        return (resolved.work, resolved.edition)
    }

    /// Changes an entry; `copy` corrects the book's facts of the reader's copy in the same
    /// transaction (`correct(_:_:on:changes:)`), so one refused field writes nothing of either.
    package func update(_ id: UUID, with patch: UpdateEntryInput, correcting copy: CopyCorrectionInput? = nil) async throws
        -> LibraryEntry
    {
        try await write { db, changes in
            let entry = try await entry(id, on: db)
            if let copy { try await correct(entry, copy, on: db, changes: changes) }
            let before = WriteChanges.EntryBefore(entry)
            var tags: [TagName]?
            if let change = patch.tags.change { tags = try TagName.list(change ?? []) }
            if let change = patch.editionId.change {
                if let editionID = change {
                    guard let edition = try await Edition.find(editionID, on: db), edition.$work.id == entry.$work.id else {
                        throw ValidationError(field: "editionId", "is not an edition of this book")
                    }
                }
                entry.$edition.id = change
            }
            if let change = patch.owned.change { entry.owned = try required(change, "owned") }
            if let change = patch.onWishlist.change { entry.onWishlist = try required(change, "onWishlist") }
            if let change = patch.favorite.change { entry.favorite = try required(change, "favorite") }
            if let change = patch.isPublic.change { entry.isPublic = try required(change, "isPublic") }
            if let change = patch.countsTowardCulturalGoal.change {
                entry.countsTowardCulturalGoal = try required(change, "countsTowardCulturalGoal")
            }
            if let change = patch.rating.change { entry.rating = try Rating.validateStars(change) }
            if let change = patch.preciseRating.change { entry.preciseRating = try Rating.validatePrecise(change) }
            if let change = patch.dailyGoalPages.change {
                entry.dailyGoalPages = try change.map {
                    try Validate.number($0, field: "dailyGoalPages", in: Limits.dailyGoalPages)
                }
            }
            if let change = patch.recommendedBy.change {
                entry.recommendedBy = try Validate.optionalText(
                    change, field: "recommendedBy", maxLength: Limits.recommendedByMaxLength)
            }
            if let change = patch.wouldRecommend.change { entry.wouldRecommend = change }
            if let change = patch.culturalGoalCategory.change {
                entry.culturalGoalCategory = try Validate.optionalText(
                    change, field: "culturalGoalCategory", maxLength: Limits.shortTextMaxLength)
            }
            // Dates the request gives are set as given and cleared by null; a status change in the
            // same request then adds automatic dates only if the request gave none.
            var state = entry.readingState
            var givenStarted: LocalDate?
            var givenFinished: LocalDate?
            if let change = patch.dateStarted.change {
                givenStarted = try EntryDraft.date(change, field: "dateStarted")
                state.dateStarted = givenStarted
            }
            if let change = patch.dateFinished.change {
                givenFinished = try EntryDraft.date(change, field: "dateFinished")
                state.dateFinished = givenFinished
            }
            let explicitDates = patch.dateStarted.change != nil || patch.dateFinished.change != nil
            if let change = patch.status.change {
                let parsed = try ReadingStatus.parse(try required(change, "status"), field: "status")
                if parsed.onWishlist, patch.onWishlist.change == nil { entry.onWishlist = true }
                let result = StatusRules.change(
                    state, to: parsed.status, length: try await bookLength(of: entry, on: db), today: today,
                    givenStarted: givenStarted, givenFinished: givenFinished, requestGaveDates: explicitDates)
                state = result.state
                try await archive(result.archived, of: entry, on: db)
            }
            stampReading(entry, becoming: state)
            try await entry.saveChanges(on: db)
            if let tags {
                try await TagService(db: db, userID: try user.requireID(), now: now).setTags(tags, on: try entry.requireID())
            }
            try changes.entryChanged(entry, before: before, searchTextChanged: tags != nil || patch.editionId.change != nil)
            return entry
        }
    }

    package func changeStatus(_ id: UUID, to request: StatusChangeInput) async throws -> LibraryEntry {
        let parsed = try ReadingStatus.parse(request.status, field: "status")
        let date = try EntryDraft.date(request.date, field: "date")
        if date != nil, ![.reading, .read, .didNotFinish].contains(parsed.status) {
            throw ValidationError(field: "date", "a date goes with reading (started), read (finished) or didNotFinish (stopped)")
        }
        return try await write { db, changes in
            let (entry, length) = try await entryAndLength(id, on: db)
            let before = WriteChanges.EntryBefore(entry)
            let result = StatusRules.change(
                entry.readingState, to: parsed.status, length: length, today: today,
                givenStarted: parsed.status == .reading ? date : nil,
                givenFinished: parsed.status == .reading ? nil : date)
            if parsed.onWishlist { entry.onWishlist = true }
            stampReading(entry, becoming: result.state)
            try await archive(result.archived, of: entry, on: db)
            try await entry.saveChanges(on: db)
            try changes.entryChanged(entry, before: before)
            return entry
        }
    }

    /// Logs a page or minutes read. Written without the entry's Fluent model
    /// (`EntryForWrite.state`): a page read is the write readers make most.
    package func logProgress(_ id: UUID, _ input: ProgressInput) async throws {
        let userID = try user.requireID()
        try await write { db, changes in
            guard let found = try await EntryForWrite.state(id, of: userID, on: db) else {
                throw DomainError.entryNotFound
            }
            var entry = found.entry
            let before = WriteChanges.EntryBefore(entry)
            let result = try ProgressRules.update(entry.state, with: input, length: found.length, today: today)
            try await archive(result.archived, ofEntry: id, on: db)
            try await EntryForWrite.save(
                id, from: entry.state, to: result.state,
                lastReadAt: result.state.isReading(since: entry.state) ? now : nil, on: db)
            entry.state = result.state
            // A progress update makes today a reading day (streaks, the calendar).
            try await changes.readingDay(userID: userID, day: today)
            changes.entryChanged(entry, before: before)
        }
    }

    package func delete(_ id: UUID) async throws {
        try await write { db, changes in try await Self.remove(try await entry(id, on: db), with: changes) }
    }

    /// Takes an entry out of the library inside the caller's transaction (a delete, or undoing the
    /// deck's swipe that added it).
    package static func remove(_ entry: LibraryEntry, with changes: WriteChanges) async throws {
        // Notes, quotes, sessions, tags links and read-throughs go with it (ON DELETE CASCADE), so
        // the sync log hears of them first; the catalog work stays for other readers.
        try await changes.removing(entry)
        try await entry.delete(on: changes.db)
    }

    // MARK: helpers

    /// A write of the reader's through the one write path (`WritePipeline`): its changes' sync log,
    /// search documents, aggregates, discovery and club feeds follow from what `body` declares.
    package func write<T: Sendable>(
        _ body: @escaping @Sendable (any Database, WriteChanges) async throws -> T
    ) async throws -> T {
        try await WritePipeline(db: db, now: now, clubEvents: clubEvents).run(body)
    }

    /// Sets the entry's reading state, and stamps `lastReadAt` (Home's order) when the change is
    /// reading rather than an edit.
    package func stampReading(_ entry: LibraryEntry, becoming state: ReadingState) {
        if state.isReading(since: entry.readingState) { entry.lastReadAt = now }
        entry.readingState = state
    }

    package func catalogFacts(of entry: LibraryEntry, on db: any Database) async throws -> (Work, Edition?) {
        let work = try await Work.find(entry.$work.id, on: db)!
        let edition = try await entry.$edition.id.asyncMap { try await Edition.find($0, on: db) } ?? nil
        return (work, edition)
    }

    /// The reader's own entry and its book's length in one statement (a page or a status change
    /// needs both, and each statement inside the writers' line is a turn of the thread pool).
    /// Not the reader's, or not there: `entryNotFound`, as `ownEntry` answers.
    package func entryAndLength(_ id: UUID, on db: any Database) async throws -> (LibraryEntry, BookLength) {
        guard let found = try await EntryForWrite.load(id, of: try user.requireID(), on: db) else {
            throw DomainError.entryNotFound
        }
        return found
    }

    /// The book's length as the entry's edition (pages) and work (minutes) give it, in one read:
    /// what a status or progress change measures against, without loading either model.
    package func bookLength(of entry: LibraryEntry, on db: any Database) async throws -> BookLength {
        let row = try await db.sql.raw(
            """
            SELECT w.estimated_minutes AS minutes,
              (SELECT page_count FROM editions WHERE id = \(bind: entry.$edition.id)) AS pages
            FROM works w WHERE w.id = \(bind: entry.$work.id)
            """
        ).first()
        return BookLength(
            pageCount: try row?.decode(column: "pages", as: Int?.self),
            minutes: try row?.decode(column: "minutes", as: Int?.self))
    }

    package func length(_ work: Work, _ edition: Edition?) -> BookLength {
        BookLength(pageCount: edition?.pageCount, minutes: work.estimatedMinutes)
    }

    package func archive(_ past: PastReadThrough?, of entry: LibraryEntry, on db: any Database) async throws {
        try await archive(past, ofEntry: try entry.requireID(), on: db)
    }

    package func archive(_ past: PastReadThrough?, ofEntry entryID: UUID, on db: any Database) async throws {
        guard let past else { return }
        try await ReadThrough(
            entryID: entryID, startedOn: past.started?.description,
            finishedOn: past.finished?.description, outcome: past.outcome.rawValue
        ).create(on: db)
    }

    private func required<T>(_ value: T?, _ field: String) throws -> T {
        guard let value else { throw ValidationError(field: field, "cannot be null") }
        return value
    }

    package init(db: any Database, user: User, today: LocalDate, now: Date, clubEvents: (any ClubAnnouncing)? = nil) {
        self.db = db
        self.user = user
        self.today = today
        self.now = now
        self.clubEvents = clubEvents
    }
}
