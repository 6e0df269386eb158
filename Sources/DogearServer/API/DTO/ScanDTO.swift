import DogearCore
import DogearServices
import DogearStore
import Foundation
import Vapor

/// A shelf scan as the API answers it: where it is, its photo's size and address (nil once the
/// photo is deleted), and its proposals in their numbers' order.
package struct ScanDTO: Content {
    package var id: UUID
    package var status: String
    package var message: String?
    package var spinesMessage: String?
    package var photoWidth: Int?
    package var photoHeight: Int?
    package var photoUrl: String?
    package var createdAt: Date
    package var finishedAt: Date?
    package var pending: Int
    package var proposals: [ScanProposalDTO]

    /// `held`: the reader's entries by work (`ScanService.entries(for:)`), so a proposal for a book
    /// already in the library says so.
    package init(_ scan: ShelfScan, proposals: [ScanProposal], held: [UUID: LibraryEntry] = [:]) throws {
        let id = try scan.requireID()
        self.id = id
        status = scan.status.rawValue
        message = scan.message
        spinesMessage = scan.spinesMessage
        photoWidth = scan.photoWidth
        photoHeight = scan.photoHeight
        photoUrl = scan.photoDeletedAt == nil ? "/api/v1/scans/\(id)/photo" : nil
        createdAt = scan.createdAt ?? Date(timeIntervalSince1970: 0)
        finishedAt = scan.finishedAt
        pending = proposals.filter { $0.status == .pending }.count
        self.proposals = try proposals.map { try ScanProposalDTO($0, held: held) }
    }
}

/// One proposed book: its number and box on the photo, how sure the scan is, what it read, its
/// candidates (best first) and what the reader did with it.
package struct ScanProposalDTO: Content {
    package struct Box: Codable, Sendable {
        package var x: Int
        package var y: Int
        package var width: Int
        package var height: Int
    }

    package var id: UUID
    package var scanId: UUID
    package var number: Int
    package var kind: String
    package var confidence: String
    package var status: String
    package var box: Box
    package var isbn: String?
    package var ocrText: String?
    package var message: String?
    package var candidates: [ScanCandidate]
    package var workId: UUID?
    package var entryId: UUID?
    package var listId: String?
    package var reviewedAt: Date?
    /// The reader's entry for the proposed book when it is already in their library.
    package var inLibrary: InLibrary?

    package struct InLibrary: Codable, Sendable {
        package var entryId: UUID
        package var status: String
        package var owned: Bool
    }

    package init(_ proposal: ScanProposal, held: [UUID: LibraryEntry] = [:]) throws {
        id = try proposal.requireID()
        scanId = proposal.$scan.id
        number = proposal.number
        kind = proposal.kind.rawValue
        confidence = proposal.confidence.rawValue
        status = proposal.status.rawValue
        box = Box(x: proposal.boxX, y: proposal.boxY, width: proposal.boxWidth, height: proposal.boxHeight)
        isbn = proposal.isbn
        ocrText = proposal.ocrText
        message = proposal.message
        candidates = proposal.candidates
        workId = proposal.workID
        entryId = proposal.entryID
        listId = proposal.listID
        reviewedAt = proposal.reviewedAt
        // Only while the proposal waits: once confirmed, `entryId` says where it went.
        inLibrary = try (proposal.status == .pending ? proposal.workID : nil).flatMap { held[$0] }.map {
            InLibrary(entryId: try $0.requireID(), status: $0.status.rawValue, owned: $0.owned)
        }
    }
}
