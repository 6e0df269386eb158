import DogearCore
import DogearScan
import DogearStore
import FluentKit
import Foundation
import SQLKit

/// A reader's shelf scans, for the API and the `/scan` page alike: sending a photo, reading the
/// scans and their proposals, the photo, and the review (confirm, correct, reject, confirm all).
/// Who may see a scan is Core's `ScanAccess`: its reader alone; anyone else is told it does not exist.
package struct ScanService {
    package let db: any Database
    package let user: User
    package let now: Date
    package let queue: any ScanQueue
    package let library: LibraryService
    package let listItems: ListItemService
    package let lookups: BookLookupService

    /// How the reader reviews a proposal: confirm (into the library with a status and owned, or onto
    /// a list), with another work or an ISBN to correct it.
    package struct Confirmation: Sendable {
        package var status: String?
        package var listId: String?
        package var workId: UUID?
        package var isbn: String?

        package init(status: String? = nil, listId: String? = nil, workId: UUID? = nil, isbn: String? = nil) {
            self.status = status
            self.listId = listId
            self.workId = workId
            self.isbn = isbn
        }
    }

    // MARK: sending

    /// Photos a reader may have waiting or being read at once.
    package static let waitingPerReader = 5

    /// Checks the photo from its bytes and header (nothing decoded on the request's thread), stores
    /// it, and queues it for a worker.
    package func create(photo bytes: [UInt8]) async throws -> ShelfScan {
        guard case .available(let engine) = queue.availability else {
            throw DomainError(
                .unavailable, code: .scanningUnavailable,
                "shelf scanning is unavailable on this server: \(queue.unavailableReason ?? "")")
        }
        do {
            _ = try engine.check(bytes)
        } catch {
            throw DomainError(.unprocessable, code: .unreadablePhoto, error.message, field: "photo")
        }
        // A reader's photos are read one at a time; a few may wait, not a thousand (each is up to 20 MB).
        let waiting = try await ShelfScan.query(on: db).filter(\.$user.$id == user.requireID())
            .filter(\.$status ~~ [.queued, .reading, .lookingUp]).count()
        guard waiting < Self.waitingPerReader else {
            var error = DomainError(
                .tooManyRequests, code: .scansWaiting,
                "\(waiting) of your photos are still being read; send this one when they are done")
            error.retryAfterSeconds = 10
            throw error
        }
        let scan = ShelfScan(userID: try user.requireID(), at: now)
        try await db.writeTransaction { db in
            try await scan.create(on: db)
            let type = bytes.starts(with: [0x89, 0x50]) ? "image/png" : "image/jpeg"
            try await ShelfScanPhoto(scanID: try scan.requireID(), contentType: type, bytes: Data(bytes)).create(on: db)
        }
        queue.wake()
        return scan
    }

    // MARK: reading

    /// The reader's scans, newest first.
    package func scans() async throws -> [ShelfScan] {
        try await ShelfScan.query(on: db).filter(\.$user.$id == user.requireID()).sort(\.$createdAt, .descending).limit(100).all()
    }

    /// Proposals of several scans, by scan.
    package func proposals(of scans: [ShelfScan]) async throws -> [UUID: [ScanProposal]] {
        let ids = scans.compactMap(\.id)
        guard !ids.isEmpty else { return [:] }
        return Dictionary(
            grouping: try await ScanProposal.query(on: db).filter(\.$scan.$id ~~ ids).sort(\.$number).all(), by: { $0.$scan.id })
    }

    package func scan(_ id: UUID, for action: ScanAccess.Action) async throws -> ShelfScan {
        guard let scan = try await ShelfScan.find(id, on: db),
            ScanAccess.decide(action, by: scan.$user.id == user.id ? .owner : .otherReader) == .allow
        else { throw DomainError.notFound(.scanNotFound, "no scan with id \(id)") }
        return scan
    }

    package func photo(of id: UUID) async throws -> ShelfScanPhoto {
        let scan = try await scan(id, for: .viewPhoto)
        guard let photo = try await ShelfScanPhoto.find(try scan.requireID(), on: db) else {
            throw DomainError.notFound(
                .photoDeleted,
                "this scan's photo was deleted: its queue was emptied, or it is over \(ScanRetention.photoDays) days old")
        }
        return photo
    }

    /// Deletes a scan, its proposals and its photo; books already confirmed stay in the library.
    package func delete(_ id: UUID) async throws {
        let scan = try await scan(id, for: .delete)
        try await db.writeTransaction { db in
            try await ScanProposal.query(on: db).filter(\.$scan.$id == scan.requireID()).delete()
            try await ShelfScanPhoto.query(on: db).filter(\.$id == scan.requireID()).delete()
            try await scan.delete(on: db)
        }
    }

    // MARK: review

    package func proposal(_ id: UUID, for action: ScanAccess.Action) async throws -> ScanProposal {
        guard let proposal = try await ScanProposal.find(id, on: db),
            ScanAccess.decide(action, by: proposal.$user.id == user.id ? .owner : .otherReader) == .allow
        else { throw DomainError.notFound(.proposalNotFound, "no proposal with id \(id)") }
        return proposal
    }

    /// Confirms a proposal: its book (or the one the reader chose or typed) into the library as
    /// owned, with a status (want to read unless given), or onto one of the reader's lists.
    package func confirm(_ id: UUID, _ confirmation: Confirmation) async throws -> ScanProposal {
        let corrected = confirmation.workId != nil || confirmation.isbn != nil
        let proposal = try await proposal(id, for: corrected ? .correct : .confirm)
        let next = try review(proposal, .confirm(corrected: corrected))
        let workID = try await work(for: proposal, confirmation)
        var entry: UUID?
        if let listID = confirmation.listId {
            do {
                _ = try await listItems.add(to: listID, .init(workId: workID), lookingUpWith: lookups)
            } catch let error as DomainError where error.code == .alreadyOnList {
                // Confirming again what is already there is not an error for a scan.
            }
        } else {
            entry = try await ownedEntry(for: workID, status: confirmation.status)
        }
        let entryID = entry
        try await db.writeTransaction { db in
            proposal.status = next
            proposal.workID = workID
            proposal.entryID = entryID
            proposal.listID = confirmation.listId
            proposal.reviewedAt = now
            try await proposal.save(on: db)
            // A reader confirmed the book: the catalog's work is no longer waiting for review.
            try await db.sql.update(Work.schema).set("review_status", to: ReviewStatus.verified.rawValue)
                .where("id", .equal, workID).where("review_status", .equal, ReviewStatus.pending.rawValue).run()
            try await retireIfDone(proposal, on: db)
        }
        return proposal
    }

    package func reject(_ id: UUID) async throws -> ScanProposal {
        let proposal = try await proposal(id, for: .reject)
        let next = try review(proposal, .reject)
        try await db.writeTransaction { db in
            proposal.status = next
            proposal.reviewedAt = now
            try await proposal.save(on: db)
            try await retireIfDone(proposal, on: db)
        }
        return proposal
    }

    /// Confirms every pending high-confidence proposal of a scan (Core's `ProposalReview.confirmAll`).
    package func confirmAll(_ scanID: UUID, status: String?) async throws -> [ScanProposal] {
        let scan = try await scan(scanID, for: .confirm)
        // Checked before the loop: with nothing pending, a status such as "AAA" was never read.
        if let status { _ = try ReadingStatus.parse(status, field: "status") }
        let proposals = try await ScanProposal.query(on: db).filter(\.$scan.$id == scan.requireID()).sort(\.$number).all()
        var confirmed: [ScanProposal] = []
        for proposal in ProposalReview.confirmAll(
            proposals, status: \.status, confidence: \.confidence, namesBook: { $0.workID != nil })
        {
            confirmed.append(try await confirm(try proposal.requireID(), Confirmation(status: status)))
        }
        return confirmed
    }

    private func review(_ proposal: ScanProposal, _ review: ProposalReview) throws -> ProposalStatus {
        do {
            return try review.apply(to: proposal.status)
        } catch {
            throw DomainError(.conflict, code: .alreadyReviewed, error.message)
        }
    }

    /// The work to confirm: the one the reader chose, the ISBN they typed (looked up), or the
    /// proposal's own (its best candidate, looked up by ISBN when it came from a source).
    private func work(for proposal: ScanProposal, _ confirmation: Confirmation) async throws -> UUID {
        if let workID = confirmation.workId {
            guard try await Work.find(workID, on: db) != nil else {
                throw ValidationError(field: "workId", "no book in the catalog has this id")
            }
            return workID
        }
        if let raw = confirmation.isbn {
            let isbn = try BookLookupService.parseISBN(raw)
            return try await lookups.lookup(isbn).work.requireID()
        }
        if let workID = proposal.workID { return workID }
        // A spine's best candidate stands for the reader only when it matched well enough.
        // (A candidate stored before scores were kept has none, and stands as it did then.)
        let chosen = proposal.candidates.first.flatMap { ($0.score ?? 1) >= SpineMatch.preselectFrom ? $0.isbn : nil }
        if let isbn = proposal.kind == .barcode ? proposal.isbn : chosen, let parsed = try? ISBN(isbn) {
            return try await lookups.lookup(parsed).work.requireID()
        }
        throw ValidationError(field: "workId", "nothing matched this proposal well enough: choose a book, or type its ISBN")
    }

    /// The reader's entry for the work, owned: added with the status, or the existing one marked owned.
    private func ownedEntry(for workID: UUID, status: String?) async throws -> UUID {
        let userID = try user.requireID()
        if let existing = try await LibraryEntry.query(on: db).filter(\.$user.$id == userID).filter(\.$work.$id == workID)
            .first()
        {
            if !existing.owned {
                var patch = UpdateEntryInput()
                patch.owned = .value(true)
                _ = try await library.update(try existing.requireID(), with: patch)
            }
            return try existing.requireID()
        }
        var draft = EntryDraft()
        draft.status = status ?? ReadingStatus.wantToRead.rawValue
        draft.owned = true
        var request = CreateEntryInput(book: nil, entryDraft: draft)
        request.workId = workID
        return try await library.add(request).requireID()
    }

    /// The reader's entries for the proposals' books, by work: a proposal for a book already in the
    /// library says so (confirming it then only marks it owned, or puts it on the list chosen).
    package func entries(for proposals: [ScanProposal]) async throws -> [UUID: LibraryEntry] {
        let works = Array(Set(proposals.compactMap(\.workID)))
        guard !works.isEmpty else { return [:] }
        let held = try await LibraryEntry.query(on: db).filter(\.$user.$id == user.requireID()).filter(\.$work.$id ~~ works).all()
        return Dictionary(held.map { ($0.$work.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The photo goes once no proposal waits (Core's `ScanRetention`).
    private func retireIfDone(_ proposal: ScanProposal, on db: any Database) async throws {
        guard let scan = try await ShelfScan.find(proposal.$scan.id, on: db) else { return }
        try await ScanRetentionSweep(db: db, now: now).deleteIfDone(scan)
    }

    package init(
        db: any Database, user: User, now: Date, queue: any ScanQueue, library: LibraryService, listItems: ListItemService,
        lookups: BookLookupService
    ) {
        self.db = db
        self.user = user
        self.now = now
        self.queue = queue
        self.library = library
        self.listItems = listItems
        self.lookups = lookups
    }
}
