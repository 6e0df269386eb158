import DogearCore
import DogearStore
import FluentKit
import Foundation
import SQLKit

/// Deleting a reader's account: everything that is theirs goes, in one transaction, and the shared
/// catalog stays. The reader asks for it with their password (`AccountService.deleteAccount`); the
/// operator with `dogear user delete EMAIL`.
///
/// Every table that names the reader is emptied of them explicitly, not left to foreign-key
/// cascades, so the rule holds on a database where cascades are off and reads as a list. Where
/// their going would take other readers' things with it, those are kept:
/// - a club they own passes to its longest-standing admin, else member (Core's `ClubSuccession`);
///   a club where they were alone is deleted and its join code freed;
/// - other readers' replies to their comments stay, as comments of their own;
/// - other readers' saves of their lists go with the lists (a list is its owner's to keep);
/// - the works they read get their aggregates recounted without them.
package struct AccountDeletion {
    package let db: any Database
    /// Wakes the clubs they were in, so their open streams end and the others' pages update.
    package var clubEvents: (any ClubAnnouncing)?
    /// When it happens: other readers' saves of their lists become tombstones of this time.
    package var now: Date = Date()

    package struct Summary: Sendable, Equatable {
        package var entries = 0
        package var lists = 0
        package var clubsHandedOn = 0
        package var clubsDeleted = 0
        package var uploads = 0
    }

    @discardableResult
    package func delete(_ user: User) async throws -> Summary {
        let userID = try user.requireID()
        let (summary, files) = try await WritePipeline(db: db, now: now, clubEvents: clubEvents).run { db, changes in
            var summary = Summary()
            // The reader's open event streams end; the others see the member list change.
            for clubID in try await Self.leaveClubs(userID, on: db, summary: &summary) { changes.clubChanged(clubID) }
            try await Self.deleteClubLife(userID, on: db)
            try await Self.deleteClubTalk(userID, on: db)
            summary.lists = try await Self.deleteLists(userID, with: changes)
            summary.entries = try await Self.deleteLibrary(userID, with: changes)
            let jobs = try await ImportJob.query(on: db).filter(\.$user.$id == userID).all()
            summary.uploads = jobs.count
            for chunk in jobs.compactMap(\.id).chunked(into: 500) {
                try await ImportRowRecord.query(on: db).filter(\.$job.$id ~~ chunk).delete()
            }
            try await db.sql.delete(from: "import_waiting_books").where("user_id", .equal, userID).run()
            try await ImportJob.query(on: db).filter(\.$user.$id == userID).delete()
            // Shelf scans: proposals, photos (which name the reader only through their scan), scans.
            try await db.sql.delete(from: ScanProposal.schema).where("user_id", .equal, userID).run()
            try await db.sql.raw(
                "DELETE FROM scan_photos WHERE scan_id IN (SELECT id FROM scans WHERE user_id = \(bind: userID))"
            ).run()
            try await db.sql.delete(from: ShelfScan.schema).where("user_id", .equal, userID).run()
            try await UserToken.query(on: db).filter(\.$user.$id == userID).delete()
            try await AccountLink.query(on: db).filter(\.$user.$id == userID).delete()
            try await Identity.query(on: db).filter(\.$user.$id == userID).delete()
            try await SignInNonce.query(on: db).filter(\.$user.$id == userID).delete()
            try await ReadingGoal.query(on: db).filter(\.$user.$id == userID).delete()
            try await YearShare.query(on: db).filter(\.$user.$id == userID).delete()
            try await db.sql.delete(from: "reading_days").where("user_id", .equal, userID).run()
            // Their finishes went with their library; the years those were counted in go now.
            try await db.sql.delete(from: "stats_year_figures").where("user_id", .equal, userID).run()
            // What discovery learned of them (the interactions would go with the user row; said here too).
            for table in ["discovery_interactions", "discovery_scores", "discovery_profiles"] {
                try await db.sql.delete(from: table).where("user_id", .equal, userID).run()
            }
            // Their change log and stored answers: no app of theirs will sync again.
            for table in ["sync_changes", "sync_clocks", "idempotency_keys"] {
                try await db.sql.delete(from: table).where("user_id", .equal, userID).run()
            }
            // What they gave the shared catalog stays, and the history that someone set it; not who.
            try await db.sql.update("catalog_changes").set("user_id", to: SQLLiteral.null).where("user_id", .equal, userID)
                .run()
            try await user.delete(on: db)
            return (summary, jobs.map(\.filePath))
        }
        for path in files { try? FileManager.default.removeItem(atPath: path) }
        return summary
    }

    /// The clubs the reader owns, each with who would take it over (nil: it would be deleted), for
    /// the page that asks before deleting.
    package func ownedClubs(of user: User) async throws -> [(club: Club, heir: String?)] {
        let userID = try user.requireID()
        var result: [(club: Club, heir: String?)] = []
        for club in try await Club.query(on: db).filter(\.$owner.$id == userID).sort(\.$name).all() {
            let members = try await ClubMember.query(on: db).filter(\.$club.$id == club.requireID()).all()
            let heirID = ClubSuccession.heir(of: userID, among: Self.candidates(members))
            var heir: String?
            if let heirID { heir = try await User.find(heirID, on: db)?.displayName }
            result.append((club, heir))
        }
        return result
    }

    private static func candidates(_ members: [ClubMember]) -> [ClubSuccession.Member] {
        members.map {
            ClubSuccession.Member(
                id: $0.$user.id, role: ClubMembershipService.actor($0.role), joined: $0.createdAt ?? .distantPast)
        }
    }

    /// Leaves every club; an owned club passes on or, when they were alone, is deleted.
    /// Returns the clubs touched.
    private static func leaveClubs(_ userID: UUID, on db: any Database, summary: inout Summary) async throws -> [UUID] {
        let memberships = try await ClubMember.query(on: db).filter(\.$user.$id == userID).all()
        let clubIDs = memberships.map { $0.$club.id }
        for clubID in clubIDs {
            guard let club = try await Club.find(clubID, on: db) else { continue }
            let members = try await ClubMember.query(on: db).filter(\.$club.$id == clubID).all()
            if club.$owner.id == userID {
                guard let heirID = ClubSuccession.heir(of: userID, among: candidates(members)),
                    let heir = members.first(where: { $0.$user.id == heirID })
                else {
                    try await ShareCodeRegistry(db: db).release(club.joinCode)
                    try await club.delete(on: db)
                    summary.clubsDeleted += 1
                    continue
                }
                heir.role = .owner
                try await heir.save(on: db)
                club.$owner.id = heirID
                summary.clubsHandedOn += 1
            }
            try await ClubMember.query(on: db).filter(\.$club.$id == clubID).filter(\.$user.$id == userID).delete()
            try await ClubMembershipService.recount(club, on: db)
        }
        return clubIDs
    }

    /// Meetings, notifications and the calendar: their votes and answers; the notifications to
    /// them, by them, about them (a join) or about their comments (which go next); their calendar
    /// address, notification settings and digests. Meetings they planned stay the club's, planner
    /// forgotten. Run before their comments go, while those still say whose they are.
    private static func deleteClubLife(_ userID: UUID, on db: any Database) async throws {
        try await db.sql.raw(
            """
            DELETE FROM notifications WHERE user_id = \(bind: userID) OR actor_id = \(bind: userID)
              OR subject_id = \(bind: userID) OR subject_id IN (SELECT id FROM club_comments WHERE author_id = \(bind: userID))
            """
        ).run()
        for table in [
            "meeting_votes", "meeting_rsvps", "calendar_feeds", "notification_settings", "digest_runs", "digest_unsubscribes",
            "push_subscriptions",
        ] {
            try await db.sql.delete(from: table).where("user_id", .equal, userID).run()
        }
        try await db.sql.update("club_meetings").set("created_by", to: SQLLiteral.null).where("created_by", .equal, userID)
            .run()
    }

    /// Their comments, proposals, votes and feed lines. Other readers' replies to their comments
    /// are kept as comments of their own.
    private static func deleteClubTalk(_ userID: UUID, on db: any Database) async throws {
        let own = try await ClubComment.query(on: db).filter(\.$author.$id == userID).all().compactMap(\.id)
        for chunk in own.chunked(into: 500) {
            try await ClubComment.query(on: db).filter(\.$parent.$id ~~ chunk).filter(\.$author.$id != userID)
                .set(\.$parent.$id, to: nil).update()
        }
        try await ClubComment.query(on: db).filter(\.$author.$id == userID).delete()
        try await ClubVote.query(on: db).filter(\.$user.$id == userID).delete()
        let proposals = try await ClubProposal.query(on: db).filter(\.$proposer.$id == userID).all().compactMap(\.id)
        for chunk in proposals.chunked(into: 500) {
            try await ClubVote.query(on: db).filter(\.$proposal.$id ~~ chunk).delete()
        }
        try await ClubProposal.query(on: db).filter(\.$proposer.$id == userID).delete()
        try await ClubActivity.query(on: db).filter(\.$actor.$id == userID).delete()
    }

    /// Their lists (with their items, others' saves and their share codes) and the lists they saved.
    private static func deleteLists(_ userID: UUID, with changes: WriteChanges) async throws -> Int {
        let db = changes.db
        let lists = try await ReadingList.query(on: db).filter(\.$owner.$id == userID).all()
        let ids = lists.compactMap(\.id)
        // The readers who saved them see their saves go, each in their own log.
        for chunk in ids.chunked(into: 500) {
            for saved in try await SavedList.query(on: db).filter(\.$list.$id ~~ chunk).all() where saved.$user.id != userID {
                changes.deleted(.savedList, saved.$list.id, of: saved.$user.id)
            }
        }
        for chunk in ids.chunked(into: 500) {
            try await ReadingListItem.query(on: db).filter(\.$list.$id ~~ chunk).delete()
            try await SavedList.query(on: db).filter(\.$list.$id ~~ chunk).delete()
            try await ShareCodeRecord.query(on: db).filter(\.$resourceID ~~ chunk).delete()
        }
        try await SavedList.query(on: db).filter(\.$user.$id == userID).delete()
        try await ReadingList.query(on: db).filter(\.$owner.$id == userID).delete()
        return lists.count
    }

    /// Their library: entries and everything hung on them, their tags, and their search documents
    /// (the works they read are measured again without them). Returns how many entries went.
    private static func deleteLibrary(_ userID: UUID, with changes: WriteChanges) async throws -> Int {
        let db = changes.db
        let entries = try await LibraryEntry.query(on: db).filter(\.$user.$id == userID).all()
        let ids = entries.compactMap(\.id)
        try await changes.removingAll(ids, works: Array(Set(entries.map { $0.$work.id })))
        for chunk in ids.chunked(into: 500) {
            try await EntryTag.query(on: db).filter(\.$entry.$id ~~ chunk).delete()
            try await ReadThrough.query(on: db).filter(\.$entry.$id ~~ chunk).delete()
            try await EntryEdition.query(on: db).filter(\.$entry.$id ~~ chunk).delete()
            try await ReadingSession.query(on: db).filter(\.$entry.$id ~~ chunk).delete()
            try await ImportedFields.query(on: db).filter(\.$entry.$id ~~ chunk).delete()
        }
        try await Note.query(on: db).filter(\.$user.$id == userID).delete()
        try await Quote.query(on: db).filter(\.$user.$id == userID).delete()
        try await LibraryEntry.query(on: db).filter(\.$user.$id == userID).delete()
        try await Tag.query(on: db).filter(\.$user.$id == userID).delete()
        return entries.count
    }

    package init(db: any Database, clubEvents: (any ClubAnnouncing)? = nil, now: Date = Date()) {
        self.db = db
        self.clubEvents = clubEvents
        self.now = now
    }
}
