import DogearCore
import DogearServices
import DogearStore
import DogearViews
import Fluent
import Vapor

/// The services for the signed-in reader of a request, built one way for the API's controllers and
/// the web pages alike (the database, the reader, and "today" and "now" from the injected clock).
extension Request {
    /// The database a request's services use: the app's, or, for an operation of an atomic batch
    /// (`BatchController`), the batch's one transaction, so all its operations commit or none.
    package var database: any Database { storage[BatchTransactionKey.self] ?? db }

    /// Who wakes the clubs' live feeds after this request's writes: the hub, or, for an operation of
    /// an atomic batch, the batch's collector, which wakes them once the batch has committed.
    package var clubAnnouncer: any ClubAnnouncing { storage[BatchAnnouncementsKey.self] ?? application.clubEvents }

    package func libraryService() throws -> LibraryService {
        let user = try currentUser()
        return LibraryService(db: database, user: user, today: today(for: user), now: now, clubEvents: clubAnnouncer)
    }

    package func libraryQuery() throws -> LibraryQueryService {
        let user = try currentUser()
        return LibraryQueryService(db: database, user: user, today: today(for: user))
    }

    package func entryContent() throws -> EntryContentService {
        EntryContentService(library: try libraryService())
    }

    package func homeService() throws -> HomeService {
        HomeService(db: database, user: try currentUser(), now: now)
    }

    package func importJobs() throws -> ImportJobReader {
        ImportJobReader(db: database, userID: try currentUserID())
    }

    package func highlightImport() throws -> HighlightImport {
        HighlightImport(db: database, userID: try currentUserID(), now: now)
    }

    package func scans() throws -> ScanService {
        ScanService(
            db: database, user: try currentUser(), now: now,
            queue: ScanWorkerQueue(worker: application.scanWorker, application: application),
            library: try libraryService(), listItems: try listItems(), lookups: bookLookup())
    }

    package func lists() throws -> ListService {
        ListService(
            db: database, user: try currentUser(), tiersEnabled: application.tiersEnabled, now: now,
            codeGuesses: try codeGuesses())
    }

    package func listItems() throws -> ListItemService {
        ListItemService(lists: try lists())
    }

    package func clubMembership() throws -> ClubMembershipService {
        ClubMembershipService(
            db: database, user: try currentUser(), tiersEnabled: application.tiersEnabled, events: clubAnnouncer,
            now: application.clock.now, codeGuesses: try codeGuesses())
    }

    package func clubs() throws -> ClubService {
        let membership = try clubMembership()
        return ClubService(membership: membership, today: today(for: membership.user))
    }

    package func clubReading() throws -> ClubReadingService {
        let membership = try clubMembership()
        return ClubReadingService(membership: membership, today: today(for: membership.user))
    }

    package func clubProposals() throws -> ClubProposalService {
        ClubProposalService(reading: try clubReading())
    }

    package func clubFeed() throws -> ClubFeedService {
        ClubFeedService(membership: try clubMembership(), now: application.clock.now)
    }

    package func clubMeetings() throws -> ClubMeetingService {
        ClubMeetingService(membership: try clubMembership(), now: application.clock.now)
    }

    package func pushSubscriptions() throws -> PushSubscriptionService {
        PushSubscriptionService(
            db: database, userID: try currentUserID(), now: application.clock.now(),
            services: application.webPush?.services ?? [])
    }

    package func notifications() throws -> NotificationService {
        NotificationService(db: database, userID: try currentUserID(), now: application.clock.now())
    }

    package func catalog() throws -> CatalogReadService {
        CatalogReadService(db: database, userID: try currentUserID(), lookups: bookLookup())
    }

    package func catalogEdits() throws -> CatalogEditService {
        CatalogEditService(db: database, userID: try currentUserID(), now: application.clock.now())
    }

    package func bookLookup() -> BookLookupService {
        BookLookupService(
            db: database, chain: application.lookupChain, now: application.clock.now,
            lookedUpBefore: storage[BatchLookupsKey.self])
    }

    /// Password reset links, for the API and the pages alike (no reader is signed in for these).
    package func passwordResets() -> PasswordResetService {
        PasswordResetService(
            db: database, now: application.clock.now(), baseURL: application.baseURL,
            resetPath: { SiteURL.resetPassword($0).path })
    }
}

extension Request {
    package func stats() throws -> StatsService {
        let user = try currentUser()
        return StatsService(db: database, user: user, today: today(for: user), tiersEnabled: application.tiersEnabled)
    }
}

extension Request {
    /// Years in books: the signed-in reader's, or a shared one read signed out.
    package func years() -> YearService {
        let user = auth.get(User.self)
        return YearService(
            db: database, today: user.map { today(for: $0) } ?? LocalDate(now, in: .gmt), baseURL: baseURL)
    }

    package func discover() throws -> DiscoverService {
        let library = try libraryService()
        return DiscoverService(
            db: database, user: library.user, now: now, library: library, listItems: try listItems(), lookups: bookLookup(),
            online: !application.lookupChain.offline)
    }

    package func syncFeed() throws -> SyncService {
        let user = try currentUser()
        return SyncService(db: database, user: user, today: today(for: user), now: now, retention: application.syncRetention)
    }

    package func goals() throws -> GoalService {
        let user = try currentUser()
        return GoalService(db: database, user: user, today: today(for: user), now: now)
    }
}

/// Where an atomic batch leaves its transaction for its operations' requests.
package struct BatchTransactionKey: StorageKey { package typealias Value = any Database }
package struct BatchAnnouncementsKey: StorageKey { package typealias Value = DeferredClubAnnouncements }

package struct BatchLookupsKey: StorageKey { package typealias Value = BatchLookups }
