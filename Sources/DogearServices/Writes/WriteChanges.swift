import DogearCore
import DogearStore
import FluentKit
import Foundation

/// What one write transaction changed, declared by the service as it writes, and the one place
/// where every derived write happens: the work's aggregates, the entries' search documents, what
/// discovery learns, the clubs' feeds and the readers' sync logs. A service says *what* changed
/// (`entryAdded`, `entryChanged`, `changed(.goal, id)`, …); `apply` decides what follows from it,
/// so a new kind of write gets every effect by declaring its changes, never by remembering five calls.
///
/// `WritePipeline.run` makes one per transaction, applies it before the commit and wakes the clubs'
/// live feeds after it. The derived writes are gathered and deduplicated (an entry changed twice is
/// reindexed and logged once) and run in one fixed order, the sync log last: it locks the reader's
/// clock row, and taking that lock last keeps it short and the order the same for every writer.
///
/// Only an entry's removal writes at once (`removing`): its sessions, notes and quotes go with it
/// by cascade, so their tombstones must be written while they are still there.
package final class WriteChanges: @unchecked Sendable {
    // `@unchecked`: a transaction's body runs on one task at a time; the lock only makes that
    // promise checkable should a service ever fan out inside one.
    private let lock = NSLock()
    package let db: any Database
    package let now: Date
    /// Where the derived writes' time goes, when an import benchmark asks (set before `apply`).
    package var phases: ImportPhases? {
        get { withLock { _phases } }
        set { withLock { _phases = newValue } }
    }
    private var _phases: ImportPhases?
    /// When `apply` finished, for a benchmark that times the commit after it.
    package private(set) var appliedAt: ContinuousClock.Instant?

    /// A library entry as it was before the write (its state and rating), for the feed and discovery.
    package struct EntryBefore: Sendable {
        package var state: ReadingState
        package var rating: Int?
        /// What the work's aggregates count besides: whether the entry is public, and its precise rating.
        package var isPublic: Bool
        package var preciseRating: Double?
        package var workID: UUID

        package init(_ entry: LibraryEntry) {
            self.init(
                workID: entry.$work.id, state: entry.readingState, rating: entry.rating, isPublic: entry.isPublic,
                preciseRating: entry.preciseRating)
        }

        package init(_ entry: EntryFacts) {
            self.init(
                workID: entry.workID, state: entry.state, rating: entry.rating, isPublic: entry.isPublic,
                preciseRating: entry.preciseRating)
        }

        private init(workID: UUID, state: ReadingState, rating: Int?, isPublic: Bool, preciseRating: Double?) {
            self.workID = workID
            self.state = state
            self.rating = rating
            self.isPublic = isPublic
            self.preciseRating = preciseRating
        }

        /// Whether the change moves the work's readers, ratings or average (`WorkAggregates`): a
        /// page read or a note does not, and then the work is not measured again. An entry that
        /// moved to another work (a corrected copy) always does.
        package func aggregatesChange(to entry: EntryFacts) -> Bool {
            let counted = { (status: ReadingStatus, reads: Int) in status != .wantToRead || reads > 0 }
            return workID != entry.workID || isPublic != entry.isPublic || rating != entry.rating
                || preciseRating != entry.preciseRating
                || counted(state.status, state.readCount) != counted(entry.state.status, entry.state.readCount)
        }
    }

    private struct EntryNews {
        var entry: EntryFacts
        var before: EntryBefore?
        var learns: Bool
    }

    /// Set once `apply` has run: a change declared after it would be lost, so it is refused.
    private var applied = false
    private var worksToMeasure: Set<UUID> = []
    private var entriesToIndex: [UUID] = []
    private var worksRetitled: Set<UUID> = []
    private var newEntriesToIndex: [UUID] = []
    /// Per entry, in the order first declared: an entry changed twice in one write is news once,
    /// from its state before the first change to its state at the end.
    private var entryNews: [EntryNews] = []
    private var newsIndex: [UUID: Int] = [:]
    /// Entries removed in this write: their removal wins over any change declared for them.
    private var removed: Set<UUID> = []
    private var swipes: [(userID: UUID, events: [DiscoveryLearning.Event])] = []
    private var activities: [ClubActivity] = []
    private var clubsToWake: Set<UUID> = []
    /// Per reader: the objects changed or gone, and the entries changed (whose list items follow).
    private var syncChanges: [UUID: [SyncLog.Change]] = [:]
    private var syncEntries: [UUID: [UUID]] = [:]
    /// Entries whose sessions, notes and quotes an import added to (an app hears of all of them).
    private var syncEntryContents: [UUID: [UUID]] = [:]
    private var readingDays: [ReadingDays.Known] = []

    package init(db: any Database, now: Date) {
        self.db = db
        self.now = now
    }

    /// Marks `day` a reading day of the reader (`ReadingDays.record`), in this write's transaction.
    package func readingDay(userID: UUID, day: LocalDate) async throws {
        guard let written = try await ReadingDays(db: db).record(userID: userID, day: day) else { return }
        withLock { readingDays.append(written) }
    }

    /// The reading days this write wrote, to remember once it has committed (`WritePipeline`).
    package var readingDaysWritten: [ReadingDays.Known] { withLock { readingDays } }

    private func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Records a declaration. One made after the derived writes would be lost: a programmer's
    /// error the tests stop at (a running server keeps serving).
    private func declare(_ body: () -> Void) {
        withLock {
            assert(!applied, "a change was declared after its write's derived writes were made")
            body()
        }
    }

    private func addNews(_ entry: EntryFacts, before: EntryBefore?, learns: Bool) {
        let id = entry.id
        if let index = newsIndex[id] {
            entryNews[index].entry = entry
            entryNews[index].learns = entryNews[index].learns || learns
        } else {
            newsIndex[id] = entryNews.count
            entryNews.append(EntryNews(entry: entry, before: before, learns: learns))
        }
    }

    // MARK: what a service declares

    /// A book was added to a reader's library. `swipe`: the deck's swipe that added it, which is
    /// what discovery learns instead of an add.
    package func entryAdded(_ entry: LibraryEntry, fromSwipe swipe: DiscoveryLearning.Event? = nil) throws {
        let facts = try entry.facts()
        let id = facts.id
        declare {
            worksToMeasure.insert(facts.workID)
            entriesToIndex.append(id)
            if let swipe { swipes.append((facts.userID, [swipe])) }
            addNews(facts, before: nil, learns: swipe == nil)
            syncEntries[facts.userID, default: []].append(id)
        }
    }

    /// A reader's entry changed (status, progress, rating, dates, fields). `searchTextChanged`: its
    /// tags or edition changed, which its search document holds.
    package func entryChanged(_ entry: LibraryEntry, before: EntryBefore, searchTextChanged: Bool = false) throws {
        entryChanged(try entry.facts(), before: before, searchTextChanged: searchTextChanged)
    }

    /// The same, from the entry's facts (a write that changed it without loading its model).
    package func entryChanged(_ entry: EntryFacts, before: EntryBefore, searchTextChanged: Bool = false) {
        let id = entry.id
        let measure = before.aggregatesChange(to: entry)
        declare {
            if measure { worksToMeasure.insert(entry.workID) }
            if searchTextChanged { entriesToIndex.append(id) }
            addNews(entry, before: before, learns: true)
            syncEntries[entry.userID, default: []].append(id)
        }
    }

    /// An entry is about to be deleted, in this transaction: its tombstones and those of its
    /// sessions, notes and quotes are written now (they go with it by cascade), its search document
    /// goes, and its work is measured again at the end.
    package func removing(_ entry: LibraryEntry) async throws {
        let id = try entry.requireID()
        try await SyncLog(db: db, userID: entry.$user.id, now: now).entryDeleting(entry)
        try await SearchIndexer(db: db).remove([id])
        declare {
            worksToMeasure.insert(entry.$work.id)
            removed.insert(id)
        }
    }

    /// A reader's entries are about to go all at once, with their account (their sync log goes
    /// too): their search documents go now, and their works are measured again at the end.
    package func removingAll(_ entryIDs: [UUID], works: [UUID]) async throws {
        try await SearchIndexer(db: db).remove(entryIDs)
        declare { worksToMeasure.formUnion(works) }
    }

    /// An import's batch: entries made (`created`, indexed as new) and filled in (`touched`), and
    /// the entries whose sessions, notes or quotes it added to.
    package func entriesImported(
        userID: UUID, created: [UUID], touched: [UUID], works: Set<UUID>, contentsAddedTo: [UUID]
    ) {
        declare {
            worksToMeasure.formUnion(works)
            newEntriesToIndex += created
            entriesToIndex += touched
            syncEntries[userID, default: []] += created + touched
            syncEntryContents[userID, default: []] += contentsAddedTo
        }
    }

    /// A note or quote changed or went: its entry's search document holds its text.
    package func entryTextChanged(_ type: SyncObjectType, _ id: UUID, entryID: UUID, of userID: UUID, deleted: Bool = false) {
        declare {
            entriesToIndex.append(entryID)
            syncChanges[userID, default: []].append(SyncLog.Change(type: type, id: id, deleted: deleted))
        }
    }

    /// An entry moved to another work (a reader's correction of their copy): the work it left is
    /// measured again as well (its readers and ratings).
    package func entryLeft(work workID: UUID) {
        declare { _ = worksToMeasure.insert(workID) }
    }

    /// A work's or edition's searchable facts changed in the shared catalog (a source's correction,
    /// an enrichment): the search document of every reader's entry of it is written again.
    package func catalogTextChanged(workID: UUID) {
        declare { _ = worksRetitled.insert(workID) }
    }

    /// One of a reader's synced objects (a goal, a list, a list item, a session, the profile, …)
    /// changed.
    package func changed(_ type: SyncObjectType, _ ids: [UUID], of userID: UUID) {
        declare { syncChanges[userID, default: []] += ids.map { SyncLog.Change(type: type, id: $0, deleted: false) } }
    }

    package func changed(_ type: SyncObjectType, _ id: UUID, of userID: UUID) {
        changed(type, [id], of: userID)
    }

    /// One of a reader's synced objects went.
    package func deleted(_ type: SyncObjectType, _ ids: [UUID], of userID: UUID) {
        declare { syncChanges[userID, default: []] += ids.map { SyncLog.Change(type: type, id: $0, deleted: true) } }
    }

    package func deleted(_ type: SyncObjectType, _ id: UUID, of userID: UUID) {
        deleted(type, [id], of: userID)
    }

    /// What a reader did in discovery (a swipe, a list add) for it to learn from.
    package func learned(_ events: [DiscoveryLearning.Event], by userID: UUID) {
        guard !events.isEmpty else { return }
        declare { swipes.append((userID, events)) }
    }

    /// A line for a club's feed (its streams wake after the commit).
    package func clubActivity(_ activity: ClubActivity) {
        declare { activities.append(activity) }
    }

    /// A club changed in a way its open streams must look at again (a member removed, the club
    /// gone, its settings), with no feed line.
    package func clubChanged(_ clubID: UUID) {
        declare { _ = clubsToWake.insert(clubID) }
    }

    // MARK: the derived writes

    /// Writes everything the declared changes imply, inside the transaction; answers the clubs whose
    /// live feeds to wake once it has committed.
    package func apply() async throws -> Set<UUID> {
        let (works, retitled, newIndex, declaredNews, swipes, activities, wakes, sync, entries, contents, removed, phases) =
            withLock {
                applied = true
                return (
                    worksToMeasure, worksRetitled, newEntriesToIndex, entryNews, self.swipes, self.activities, clubsToWake,
                    syncChanges, syncEntries, syncEntryContents, self.removed, _phases
                )
            }
        var index = withLock { entriesToIndex }.filter { !removed.contains($0) }
        let news = declaredNews.filter { !removed.contains($0.entry.id) }
        for chunk in Array(retitled).chunked(into: 500) {
            index += try await LibraryEntry.query(on: db).filter(\.$work.$id ~~ chunk).all().compactMap(\.id)
        }
        var lap = phases?.start()
        if !works.isEmpty { try await WorkAggregates(db: db).refresh(workIDs: UUID.inTextOrder(works)) }
        phases?.record("aggregates", &lap)
        var indexer = SearchIndexer(db: db)
        indexer.phases = phases
        if !newIndex.isEmpty { try await indexer.reindex(newIndex, new: true) }
        let indexedAsNew = Set(newIndex)
        let reindex = Self.unique(index).filter { !indexedAsNew.contains($0) }
        if !reindex.isEmpty { try await indexer.reindex(reindex) }

        let learning = DiscoveryLearning(db: db, now: now)
        for (userID, events) in swipes { _ = try await learning.record(events, userID: userID) }
        for news in news where news.learns {
            try await learning.entryChanged(
                news.entry, statusBefore: news.before?.state.status, ratingBefore: news.before?.rating)
        }

        // The clubs and list items around the changed entries, in one statement for the feed and
        // the log.
        let changedEntries = Self.unique(news.map(\.entry.id) + entries.values.flatMap { $0 })
            .filter { !removed.contains($0) }
        let surroundings = try await EntrySurroundings.load(
            changedEntries, shownIDs: Set(news.filter(\.entry.isPublic).map(\.entry.id)), on: db)

        var clubs = wakes
        let feed = ClubActivityLog(db: db)
        for news in news {
            clubs.formUnion(
                try await feed.entryChanged(
                    news.entry, before: news.before?.state, ratingBefore: news.before?.rating,
                    clubs: surroundings.clubs[news.entry.id] ?? []))
        }
        for activity in activities {
            try await feed.record(activity)
            clubs.insert(activity.$club.id)
        }
        for clubID in wakes { try await feed.wake(clubID) }

        lap = phases?.start()
        // Each reader's log in the order of their ids, the one order every write takes, so two
        // writes that touch several readers never wait on each other's clock locks.
        for userID in Set(sync.keys).union(entries.keys).union(contents.keys).sorted() {
            let log = SyncLog(db: db, userID: userID, now: now)
            var changes = log.entryChanges(
                Self.unique(entries[userID] ?? []).filter { !removed.contains($0) }, items: surroundings.listItems)
            changes += try await log.contentChanges(ofEntries: Self.unique(contents[userID] ?? []))
            changes += sync[userID] ?? []
            try await log.record(changes)
        }
        phases?.record("sync log", &lap)
        if phases != nil { withLock { appliedAt = lap } }
        return clubs
    }

    private static func unique(_ ids: [UUID]) -> [UUID] {
        var seen = Set<UUID>()
        return ids.filter { seen.insert($0).inserted }
    }
}
