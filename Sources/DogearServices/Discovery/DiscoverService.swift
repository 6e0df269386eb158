import DogearCore
import DogearStore
import FluentKit
import Foundation
import SQLKit

/// The discover deck for the signed-in reader, for the API and the `/discover` page alike: the
/// deck (Core's `DeckPlan` and `DeckDealer` over `DiscoverCatalog`'s pools), swipes, undo, what
/// discovery has learned, starting over, and learning once from the library.
package struct DiscoverService {
    package let db: any Database
    package let user: User
    package let now: Date
    package let library: LibraryService
    package let listItems: ListItemService
    package let lookups: BookLookupService
    package let online: Bool

    package static let maxCount = 50
    /// Works brought up to date before a deck is read, at most (the background job does the rest).
    package static let refreshBeforeDeck = 1000
    /// The catalog's genres a deck looks at, most books first.
    package static let knownGenres = 40

    // MARK: the deck

    package func deck(count: Int) async throws -> DeckRecord {
        guard (1...Self.maxCount).contains(count) else {
            throw DomainError.badRequest("count must be 1 to \(Self.maxCount); got \(count)", field: "count")
        }
        let userID = try user.requireID()
        let catalog = DiscoverCatalog(db: db)
        if try await db.sql.raw("SELECT 1 AS one FROM discover_stale LIMIT 1").first() != nil {
            try await catalog.refresh(limit: Self.refreshBeforeDeck)
        }
        let (preferences, interactions, _) = try await self.preferences(of: userID)
        let plan = DeckPlan(preferences: preferences, interactions: interactions)
        let known = try await catalog.genres(limit: Self.knownGenres)
        let seed = Self.seed(userID, interactions)
        let cards: [DeckCard]
        if plan.personal {
            let discovery = Array(plan.discoveryGenres(among: known, seed: seed).prefix(6))
            let discoveryLimit = count / DeckPlan.discoveryEvery + 2
            var pools: [(DiscoverCatalog.Pool, limit: Int)] = plan.genres.map { (.genre($0.key), count * 2) }
            pools += plan.authors.map { (.author($0.id), count) }
            pools += discovery.map { (.genre($0), discoveryLimit) }
            let found = try await catalog.pools(pools, for: userID)
            cards = DeckDealer.personal(
                plan, count: count,
                byGenre: Dictionary(uniqueKeysWithValues: plan.genres.map { ($0.key, found[.genre($0.key)] ?? []) }),
                byAuthor: Dictionary(uniqueKeysWithValues: plan.authors.map { ($0.id, found[.author($0.id)] ?? []) }),
                discovery: discovery.map { ($0, found[.genre($0)] ?? []) })
        } else {
            let genres = Array(plan.coldStartGenres(among: known, seed: seed).prefix(count))
            let limit = genres.isEmpty ? 0 : count / genres.count + 3
            let found = try await catalog.pools(genres.map { (.genre($0), limit) }, for: userID)
            cards = DeckDealer.coldStart(plan, count: count, genres: genres.map { ($0, found[.genre($0)] ?? []) })
        }
        // Never an empty deck while the catalog has books the reader has not got: genres are often
        // missing (an import's books have none), so the rest comes from the catalog, best ranked.
        var dealt = cards
        if dealt.count < count {
            let have = Set(dealt.map(\.candidate.workID))
            let more = try await catalog.pools([(.anyWork, count + have.count)], for: userID)[.anyWork] ?? []
            for candidate in more where dealt.count < count && !have.contains(candidate.workID) {
                guard candidate.genres.allSatisfy({ !plan.avoided.contains($0) }) else { continue }
                dealt.append(DeckCard(candidate: candidate, reason: .inTheCatalog))
            }
        }
        let dtos = try await self.cards(dealt)
        let runDry = dtos.count < count
        return DeckRecord(
            cards: dtos, personal: plan.personal, runDry: runDry, online: online,
            message: runDry ? Self.dryMessage(online: online, none: dtos.isEmpty) : nil)
    }

    /// The card of a book just brought back by an undo, to show first; nil when it is in the
    /// library or swiped again since.
    package func returningCard(_ workID: UUID) async throws -> DeckCardRecord? {
        let userID = try user.requireID()
        let entry = try await LibraryEntry.query(on: db).filter(\.$user.$id == userID).filter(\.$work.$id == workID).first()
        guard entry == nil, try await !swiped(workID, userID: userID) else { return nil }
        return try await backCard(workID)
    }

    /// A book's card as an undo gives it back.
    private func backCard(_ workID: UUID) async throws -> DeckCardRecord? {
        guard let facts = try await DiscoveryLearning.facts(of: [(workID, nil)], on: db.sql)[workID] else { return nil }
        let card = DeckCard(
            candidate: DeckCandidate(workID: workID, genres: facts.genres, authors: facts.authors),
            reason: .popular(facts.genres.first ?? GenreKey(rawValue: "fiction")))
        guard var dto = try await cards([card]).first else { return nil }
        dto.reasonKind = "undone"
        dto.reason = "Back from your last swipe"
        return dto
    }

    package static func dryMessage(online: Bool, none: Bool) -> String {
        let start =
            none
            ? "There are no more books in the catalog for you to swipe." : "These are the last books in the catalog that fit."
        return online
            ? start
                + " Dogear is fetching more for your favourite genres from Open Library and Google Books; come back in a little while."
            : start + " Dogear is offline, so it cannot fetch more; add or import books to grow the catalog."
    }

    /// The same reader with the same number of interactions gets the same deck; each swipe deals anew.
    package static func seed(_ userID: UUID, _ interactions: Int) -> UInt64 {
        let bytes = withUnsafeBytes(of: userID.uuid) { Array($0) }
        let high = bytes[0..<8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        let low = bytes[8..<16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return high ^ low ^ UInt64(interactions)
    }

    // MARK: swipes

    package func swipe(_ request: SwipeInput) async throws -> SwipeRecord {
        guard let action = DiscoveryAction.swipes[request.action] else {
            throw ValidationError(field: "action", "must be right, left or bookmark; got '\(request.action)'")
        }
        let userID = try user.requireID()
        guard try await Work.find(request.workId, on: db) != nil else { throw DomainError.bookNotFound }
        if try await swiped(request.workId, userID: userID) {
            throw DomainError(.conflict, code: .alreadySwiped, "you have swiped this book already; undo to change your mind")
        }
        if let entry = try await LibraryEntry.query(on: db).filter(\.$user.$id == userID)
            .filter(\.$work.$id == request.workId).first()
        {
            throw DomainError(
                .conflict, code: .alreadyInLibrary, "this book is already in your library",
                details: ["entryId": try entry.requireID().uuidString])
        }
        if action == .swipeLeft {
            try await library.write { _, changes in
                changes.learned([.init(action: .swipeLeft, workID: request.workId)], by: userID)
            }
            return SwipeRecord(workId: request.workId, action: request.action)
        }
        let listID = request.listId.flatMap { $0.isEmpty ? nil : $0 } ?? DefaultList.wantToRead.rawValue
        if let defaultList = DefaultList(rawValue: listID) {
            guard defaultList == .wantToRead else {
                throw ValidationError(field: "listId", "a swipe adds to Want to Read or to one of your own lists")
            }
            var draft = EntryDraft()
            draft.status = ReadingStatus.wantToRead.rawValue
            var entry = CreateEntryInput(book: nil, entryDraft: draft)
            entry.workId = request.workId
            let added = try await library.add(entry, fromDeck: action)
            return SwipeRecord(workId: request.workId, action: request.action, listId: listID, entryId: try added.requireID())
        }
        let item = try await listItems.add(
            to: listID, .init(workId: request.workId), lookingUpWith: lookups, fromDeck: action)
        return SwipeRecord(workId: request.workId, action: request.action, listId: listID, listItemId: try item.requireID())
    }

    private func swiped(_ workID: UUID, userID: UUID) async throws -> Bool {
        try await db.sql.raw(
            """
            SELECT 1 AS one FROM discovery_interactions WHERE user_id = \(bind: userID) AND work_id = \(bind: workID)
              AND undone = FALSE AND action IN (\(unsafeRaw: DiscoverCatalog.swipes)) LIMIT 1
            """
        ).first() != nil
    }

    /// Takes back the last swipe: its weights, and the library entry or list item it made (an
    /// entry only while it is still just wanted: a book started since stays).
    package func undo() async throws -> UndoRecord {
        let userID = try user.requireID()
        let undone = try await library.write { [now] db, changes in
            let learning = DiscoveryLearning(db: db, now: now)
            guard let last = try await learning.lastSwipe(of: userID) else {
                throw DomainError(.conflict, code: .nothingToUndo, "there is no swipe to undo")
            }
            try await learning.undo(last, userID: userID)
            if let entryID = last.entryID, let entry = try await LibraryEntry.find(entryID, on: db),
                entry.$user.id == userID, entry.readingState.status == .wantToRead
            {
                try await LibraryService.remove(entry, with: changes)
            }
            if let itemID = last.listItemID, let item = try await ReadingListItem.find(itemID, on: db) {
                let listID = item.$list.id
                try await item.delete(on: db)
                if let list = try await ReadingList.find(listID, on: db) {
                    list.itemCount = try await ReadingListItem.query(on: db).filter(\.$list.$id == listID).count()
                    try await list.save(on: db)
                }
                changes.deleted(.listItem, itemID, of: userID)
                changes.changed(.list, listID, of: userID)
            }
            return last
        }
        // The card comes back whatever became of the book since (a Want to Read entry started
        // meanwhile stays in the library).
        guard let card = try await backCard(undone.workID) else { throw DomainError.bookNotFound }
        return UndoRecord(
            undone: SwipeRecord(
                workId: undone.workID, action: undone.action.swipeName ?? undone.action.rawValue, listId: undone.listID,
                entryId: undone.entryID, listItemId: undone.listItemID),
            card: card)
    }

    // MARK: preferences

    /// What discovery has learned, with the sign-up genres counted in, the interactions, and when
    /// it learned from the library.
    package func preferences(of userID: UUID) async throws -> (Preferences, interactions: Int, learnedLibraryAt: Date?) {
        var preferences = Preferences()
        preferences.seed(user.genrePreferences)
        for row in try await db.sql.raw(
            "SELECT facet, key, score FROM discovery_scores WHERE user_id = \(bind: userID)"
        ).all() {
            let key = try row.decode(column: "key", as: String.self)
            let score = try row.decode(column: "score", as: Int.self)
            if try row.decode(column: "facet", as: String.self) == "genre" {
                preferences.genreScores[GenreKey(rawValue: key), default: 0] += score
            } else if let id = UUID(uuidString: key) {
                preferences.authorScores[id, default: 0] += score
            }
        }
        guard let profile = try await profile(userID) else { return (preferences, 0, nil) }
        preferences.total = profile.total
        preferences.positive = profile.positive
        preferences.negative = profile.negative
        preferences.likedPages = profile.likedPages
        preferences.likedBooksWithPages = profile.likedBooksWithPages
        return (preferences, profile.total, profile.learnedLibraryAt)
    }

    package struct Profile {
        package var total, positive, negative, likedPages, likedBooksWithPages: Int
        package var learnedLibraryAt: Date?
    }

    private func profile(_ userID: UUID) async throws -> Profile? {
        guard let row = try await db.sql.raw("SELECT * FROM discovery_profiles WHERE user_id = \(bind: userID)").first() else {
            return nil
        }
        return Profile(
            total: try row.decode(column: "total", as: Int.self), positive: try row.decode(column: "positive", as: Int.self),
            negative: try row.decode(column: "negative", as: Int.self),
            likedPages: try row.decode(column: "liked_pages", as: Int.self),
            likedBooksWithPages: try row.decode(column: "liked_books_with_pages", as: Int.self),
            learnedLibraryAt: try row.decode(column: "learned_library_at", as: Date?.self))
    }

    /// How many swipes of the reader's stand (not undone): the page offers Undo and its counts
    /// only once there is one ("6 liked" before any swipe came from the library, not the deck).
    package func swipeCount() async throws -> Int {
        try await db.sql.raw(
            """
            SELECT COUNT(*) AS n FROM discovery_interactions WHERE user_id = \(bind: try user.requireID())
              AND undone = FALSE AND action IN (\(unsafeRaw: DiscoverCatalog.swipes))
            """
        ).first()?.decode(column: "n", as: Int.self) ?? 0
    }

    package func preferencesDTO() async throws -> DiscoverPreferencesRecord {
        let userID = try user.requireID()
        let (preferences, interactions, learnedLibraryAt) = try await preferences(of: userID)
        let authorIDs = Array(preferences.authorScores.keys)
        var names: [UUID: String] = [:]
        if !authorIDs.isEmpty {
            for row in try await db.sql.raw("SELECT id, name FROM authors WHERE id IN (\(binds: authorIDs))").all() {
                names[try row.decode(column: "id", as: UUID.self)] = try row.decode(column: "name", as: String.self)
            }
        }
        let genres = preferences.genreScores.filter { $0.value != 0 }
            .sorted { ($0.value, $1.key) > ($1.value, $0.key) }
            .map { DiscoverPreferencesRecord.Score(key: $0.key.rawValue, label: $0.key.label, score: $0.value) }
        let authors = preferences.authorScores.filter { $0.value != 0 }
            .map {
                DiscoverPreferencesRecord.Score(key: $0.key.uuidString, label: names[$0.key] ?? "Unknown author", score: $0.value)
            }
            .sorted { ($0.score, $1.label) > ($1.score, $0.label) }
        return DiscoverPreferencesRecord(
            genres: genres, authors: authors,
            counts: .init(total: preferences.total, positive: preferences.positive, negative: preferences.negative),
            averagePages: preferences.averagePages, preferredLength: preferences.preferredLength?.rawValue,
            personal: interactions >= DeckPlan.personalAfter,
            learnedFromLibraryAt: learnedLibraryAt)
    }

    /// Start over: what discovery learned goes; the books swiped away stay away.
    package func startOver() async throws {
        let userID = try user.requireID()
        try await db.writeTransaction { [now] db in try await DiscoveryLearning(db: db, now: now).forget(userID) }
    }

    /// Learns once from the library as it is (an import teaches nothing by itself): each finished,
    /// did-not-finish and rated book counts as if it had just happened.
    package func learnFromLibrary() async throws -> LearnedRecord {
        let userID = try user.requireID()
        return try await db.writeTransaction { [now] db in
            let sql = db.sql
            let learning = DiscoveryLearning(db: db, now: now)
            if try await sql.raw(
                "SELECT 1 AS one FROM discovery_profiles WHERE user_id = \(bind: userID) AND learned_library_at IS NOT NULL"
            ).first() != nil {
                throw DomainError(
                    .conflict, code: .alreadyLearned,
                    "discovery has learned from your library already; start over to learn again")
            }
            var events: [DiscoveryLearning.Event] = []
            for row in try await sql.raw(
                """
                SELECT id, work_id, edition_id, status, rating FROM library_entries
                WHERE user_id = \(bind: userID) AND (status IN ('read', 'didNotFinish') OR rating IS NOT NULL)
                ORDER BY date_added, id
                """
            ).all() {
                let actions = DiscoveryAction.replayed(
                    status: ReadingStatus(rawValue: try row.decode(column: "status", as: String.self)),
                    rating: try row.decode(column: "rating", as: Int?.self))
                for action in actions {
                    events.append(
                        .init(
                            action: action, workID: try row.decode(column: "work_id", as: UUID.self),
                            editionID: try row.decode(column: "edition_id", as: UUID?.self),
                            entryID: try row.decode(column: "id", as: UUID.self)))
                }
            }
            for chunk in events.chunked(into: 500) { try await learning.record(chunk, userID: userID) }
            try await learning.markLearnedLibrary(userID)
            return LearnedRecord(learned: events.count)
        }
    }

    // MARK: cards

    /// The cards as the reader sees them, in the dealt order: a book's facts, two queries.
    package func cards(_ dealt: [DeckCard]) async throws -> [DeckCardRecord] {
        let ids = dealt.map(\.candidate.workID)
        guard !ids.isEmpty else { return [] }
        let sql = db.sql
        var works: [UUID: any SQLRow] = [:]
        for row in try await sql.raw(
            """
            SELECT w.id AS id, w.title AS title, w.description AS description, w.first_published_year AS year,
              (SELECT ed.cover_url FROM editions ed WHERE ed.work_id = w.id AND ed.cover_url IS NOT NULL
                ORDER BY ed.page_count DESC, ed.id LIMIT 1) AS cover_url,
              (SELECT MAX(ed.page_count) FROM editions ed WHERE ed.work_id = w.id) AS pages
            FROM works w WHERE w.id IN (\(binds: ids))
            """
        ).all() {
            works[try row.decode(column: "id", as: UUID.self)] = row
        }
        let authors = try await CatalogRows(sql: sql).authorsByWork(ids)
        let finishedAuthors = try await self.finishedAuthors(dealt)
        return try dealt.compactMap { card in
            let id = card.candidate.workID
            guard let row = works[id] else { return nil }
            let reason: String
            let genre: GenreKey?
            switch card.reason {
            case .likedAuthor(let author):
                reason = card.reason.text(
                    authorName: authors[id]?.first { $0.id == author }?.name, authorFinished: finishedAuthors.contains(author))
                genre = card.candidate.genres.first
            case .likedGenre(let key), .somethingDifferent(let key), .chosenGenre(let key), .popular(let key):
                reason = card.reason.text(authorName: nil, authorFinished: false)
                genre = key
            case .inTheCatalog:
                reason = card.reason.text(authorName: nil, authorFinished: false)
                genre = card.candidate.genres.first
            }
            return DeckCardRecord(
                workId: id, title: try row.decode(column: "title", as: String.self), authors: authors[id] ?? [],
                coverUrl: try row.decode(column: "cover_url", as: String?.self),
                pages: try row.decode(column: "pages", as: Int?.self), genre: genre?.label,
                description: try row.decode(column: "description", as: String?.self),
                firstPublishedYear: try row.decode(column: "year", as: Int?.self), reasonKind: Self.kind(card.reason),
                reason: reason)
        }
    }

    package static func kind(_ reason: DeckReason) -> String {
        switch reason {
        case .likedGenre: return "likedGenre"
        case .likedAuthor: return "likedAuthor"
        case .somethingDifferent: return "somethingDifferent"
        case .chosenGenre: return "chosenGenre"
        case .popular: return "popular"
        case .inTheCatalog: return "inTheCatalog"
        }
    }

    /// The authors of these cards' "liked author" reasons whom the reader has finished a book by.
    private func finishedAuthors(_ dealt: [DeckCard]) async throws -> Set<UUID> {
        let wanted = Set(
            dealt.compactMap { card -> UUID? in if case .likedAuthor(let id) = card.reason { return id } else { return nil } })
        guard !wanted.isEmpty else { return [] }
        let rows = try await db.sql.raw(
            """
            SELECT DISTINCT wa.author_id AS author_id FROM library_entries e JOIN work_authors wa ON wa.work_id = e.work_id
            WHERE e.user_id = \(bind: try user.requireID()) AND e.status = 'read' AND wa.author_id IN (\(binds: Array(wanted)))
            """
        ).all()
        return Set(try rows.map { try $0.decode(column: "author_id", as: UUID.self) })
    }

    package init(
        db: any Database, user: User, now: Date, library: LibraryService, listItems: ListItemService, lookups: BookLookupService,
        online: Bool
    ) {
        self.db = db
        self.user = user
        self.now = now
        self.library = library
        self.listItems = listItems
        self.lookups = lookups
        self.online = online
    }
}
