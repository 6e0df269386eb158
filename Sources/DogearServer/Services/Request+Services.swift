import DogearCore
import Vapor

/// The services for the signed-in reader of a request, built one way for the API's controllers and
/// the web pages alike (the database, the reader, and "today" and "now" from the injected clock).
extension Request {
    func libraryService() throws -> LibraryService {
        let user = try currentUser()
        return LibraryService(db: db, user: user, today: today(for: user), now: now, clubEvents: application.clubEvents)
    }

    func libraryQuery() throws -> LibraryQueryService {
        let user = try currentUser()
        return LibraryQueryService(db: db, user: user, today: today(for: user))
    }

    func entryContent() throws -> EntryContentService {
        EntryContentService(library: try libraryService())
    }

    func homeService() throws -> HomeService {
        HomeService(db: db, user: try currentUser(), now: now)
    }

    func importJobs() throws -> ImportJobReader {
        ImportJobReader(db: db, userID: try currentUserID())
    }

    func lists() throws -> ListService {
        ListService(db: db, user: try currentUser(), tiersEnabled: application.tiersEnabled)
    }

    func listItems() throws -> ListItemService {
        ListItemService(lists: try lists())
    }

    func clubMembership() throws -> ClubMembershipService {
        ClubMembershipService(
            db: db, user: try currentUser(), tiersEnabled: application.tiersEnabled, events: application.clubEvents)
    }

    func clubs() throws -> ClubService {
        let membership = try clubMembership()
        return ClubService(membership: membership, today: today(for: membership.user))
    }

    func clubReading() throws -> ClubReadingService {
        let membership = try clubMembership()
        return ClubReadingService(membership: membership, today: today(for: membership.user))
    }

    func clubProposals() throws -> ClubProposalService {
        ClubProposalService(reading: try clubReading())
    }

    func clubFeed() throws -> ClubFeedService {
        ClubFeedService(membership: try clubMembership(), now: application.clock.now)
    }

    func catalog() throws -> CatalogReadService {
        CatalogReadService(db: db, userID: try currentUserID(), lookups: bookLookup())
    }

    func catalogEdits() throws -> CatalogEditService {
        CatalogEditService(db: db, userID: try currentUserID(), now: application.clock.now())
    }

    func bookLookup() -> BookLookupService {
        BookLookupService(db: db, chain: application.lookupChain, now: application.clock.now)
    }

    /// Password reset links, for the API and the pages alike (no reader is signed in for these).
    func passwordResets() -> PasswordResetService {
        PasswordResetService(db: db, now: application.clock.now(), baseURL: application.baseURL)
    }
}

extension Request {
    func stats() throws -> StatsService {
        let user = try currentUser()
        return StatsService(db: db, user: user, today: today(for: user), tiersEnabled: application.tiersEnabled)
    }
}

extension Request {
    /// Years in books: the signed-in reader's, or a shared one read signed out.
    func years() -> YearService {
        let user = auth.get(User.self)
        return YearService(
            db: db, today: user.map { today(for: $0) } ?? LocalDate(now, in: .gmt), baseURL: application.baseURL)
    }

    func discover() throws -> DiscoverService {
        let library = try libraryService()
        return DiscoverService(
            db: db, user: library.user, now: now, library: library, listItems: try listItems(), lookups: bookLookup(),
            online: !application.lookupChain.offline)
    }

    func goals() throws -> GoalService {
        let user = try currentUser()
        return GoalService(db: db, user: user, today: today(for: user))
    }
}
