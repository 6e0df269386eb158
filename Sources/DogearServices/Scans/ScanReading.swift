import DogearCore
import DogearScan
import DogearSources
import DogearStore
import FluentKit
import Foundation
import SQLKit

/// What a scan's photo proposes, written once its image is read: each barcode's ISBN looked up
/// through the lookup chain (a high-confidence proposal), each spine's text searched in the catalog
/// and the online sources (a low-confidence one with its candidates, best first). Numbered left to
/// right as the reader sees them on the photo.
package struct ScanReading {
    package let db: any Database
    package let chain: LookupChain
    package let now: @Sendable () -> Date
    package let logger: Logger

    /// At most this many candidates a spine offers.
    package static let candidatesPerSpine = 5

    package func propose(_ scanID: UUID, from reading: PhotoReading, spinesUnavailable: ScanUnavailable?) async throws {
        guard let scan = try await ShelfScan.find(scanID, on: db) else { return }
        let userID = scan.$user.id
        // The upright photo replaces the upload (and with it the phone's location and metadata).
        try await db.writeTransaction { db in
            scan.status = .lookingUp
            scan.photoWidth = reading.width
            scan.photoHeight = reading.height
            try await scan.save(on: db)
            try await db.sql.update(ShelfScanPhoto.schema)
                .set("content_type", to: "image/jpeg").set("bytes", to: Data(reading.jpeg))
                .where("scan_id", .equal, scanID).run()
        }
        var drafts: [(box: ScanBox, make: (Int) -> ScanProposal)] = []
        for barcode in reading.barcodes {
            let proposal = try await barcodeProposal(barcode.isbn, box: barcode.box, scanID: scanID, userID: userID)
            drafts.append((barcode.box, proposal))
        }
        for spine in reading.spines {
            let proposal = try await spineProposal(spine, scanID: scanID, userID: userID)
            drafts.append((spine.box, proposal))
        }
        let proposals = drafts.sorted { ($0.box.x, $0.box.y) < ($1.box.x, $1.box.y) }.enumerated().map { $1.make($0 + 1) }
        try await db.writeTransaction { db in
            try await proposals.create(on: db)
            scan.status = .done
            scan.finishedAt = now()
            scan.spinesMessage =
                spinesUnavailable.map { "spines were not read: \($0.reason)" }
                ?? (reading.spinesCutShort ? "the time limit came before every spine was read" : nil)
            if proposals.isEmpty {
                scan.message = "no barcode or spine title was found on this photo; a closer, sharper photo may help"
            }
            try await scan.save(on: db)
            if proposals.isEmpty { try await ScanRetentionSweep(db: db, now: now()).deletePhoto(of: scan) }
        }
    }

    package func fail(_ scanID: UUID, _ message: String) async throws {
        guard let scan = try await ShelfScan.find(scanID, on: db) else { return }
        try await db.writeTransaction { db in
            scan.status = .failed
            scan.message = message
            scan.finishedAt = now()
            try await scan.save(on: db)
            try await ScanRetentionSweep(db: db, now: now()).deletePhoto(of: scan)
        }
    }

    /// A barcode's book through the lookup chain. A work the lookup brought into the catalog that no
    /// reader has yet waits as `pending` until this reader confirms it.
    private func barcodeProposal(_ isbn: ISBN, box: ScanBox, scanID: UUID, userID: UUID) async throws
        -> (Int) -> ScanProposal
    {
        var candidate: ScanCandidate?
        var message: String?
        do {
            let outcome = try await BookLookupService(db: db, chain: chain, now: now).lookup(isbn)
            let work = outcome.work
            if outcome.foundIn != "catalog", work.readersCount == 0, work.reviewStatus != ReviewStatus.pending.rawValue {
                work.reviewStatus = ReviewStatus.pending.rawValue
                try await work.save(on: db)
            }
            candidate = try await ScanCandidates(db: db, chain: chain).candidate(for: work, edition: outcome.edition)
        } catch let error as DomainError where error.code == .bookNotFound {
            message = "no source knows ISBN \(isbn.isbn13): confirm with a title typed, or type another ISBN"
        }
        let found = candidate
        let note = message
        return { number in
            let proposal = ScanProposal(
                scanID: scanID, userID: userID, number: number, kind: .barcode, confidence: .high, box: box)
            proposal.isbn = isbn.isbn13
            proposal.message = note
            proposal.workID = found?.workId
            proposal.candidates = found.map { [$0] } ?? []
            return proposal
        }
    }

    /// A spine's text searched: the catalog's close matches first, then the online sources'.
    private func spineProposal(_ spine: SpineReading, scanID: UUID, userID: UUID) async throws -> (Int) -> ScanProposal {
        let candidates = try await ScanCandidates(db: db, chain: chain).forSpine(spine.text, limit: Self.candidatesPerSpine)
        return { number in
            let proposal = ScanProposal(
                scanID: scanID, userID: userID, number: number, kind: .spine, confidence: .low, box: spine.box)
            proposal.ocrText = spine.text
            proposal.candidates = candidates
            // The best candidate is chosen for the reader only when it matches well (Core's SpineMatch).
            proposal.workID = candidates.first.flatMap { ($0.score ?? 0) >= SpineMatch.preselectFrom ? $0.workId : nil }
            if candidates.isEmpty { proposal.message = "nothing matched what the spine says; search or type an ISBN" }
            return proposal
        }
    }

    package init(db: any Database, chain: LookupChain, now: @escaping @Sendable () -> Date, logger: Logger) {
        self.db = db
        self.chain = chain
        self.now = now
        self.logger = logger
    }
}

/// Photos go when their queue is empty or after `ScanRetention.photoDays` (Core's rule).
package struct ScanRetentionSweep {
    package let db: any Database
    package let now: Date

    package func run() async throws {
        let cutoff = now.addingTimeInterval(-Double(ScanRetention.photoDays) * 86_400)
        let old = try await ShelfScan.query(on: db).filter(\.$photoDeletedAt == nil).filter(\.$createdAt < cutoff).all()
        for scan in old { try await deletePhoto(of: scan) }
    }

    /// Deletes the photo when no proposal waits for the reader or it is too old.
    package func deleteIfDone(_ scan: ShelfScan) async throws {
        let pending = try await ScanProposal.query(on: db).filter(\.$scan.$id == scan.requireID())
            .filter(\.$status == .pending).count()
        let age = now.timeIntervalSince(scan.createdAt ?? now) / 86_400
        if !ScanRetention.keepsPhoto(pending: pending, ageInDays: age) { try await deletePhoto(of: scan) }
    }

    package func deletePhoto(of scan: ShelfScan) async throws {
        try await ShelfScanPhoto.query(on: db).filter(\.$id == scan.requireID()).delete()
        if scan.photoDeletedAt == nil {
            scan.photoDeletedAt = now
            try await scan.save(on: db)
        }
    }

    package init(db: any Database, now: Date) {
        self.db = db
        self.now = now
    }
}
