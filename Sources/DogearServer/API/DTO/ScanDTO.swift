import DogearCore
import DogearStore
import Foundation
import Vapor

/// A shelf scan as the API answers it: where it is, its photo's size and address (nil once the
/// photo is deleted), and its proposals in their numbers' order.
struct ScanDTO: Content {
    var id: UUID
    var status: String
    var message: String?
    var spinesMessage: String?
    var photoWidth: Int?
    var photoHeight: Int?
    var photoUrl: String?
    var createdAt: Date
    var finishedAt: Date?
    var pending: Int
    var proposals: [ScanProposalDTO]

    init(_ scan: ShelfScan, proposals: [ScanProposal]) throws {
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
        self.proposals = try proposals.map(ScanProposalDTO.init)
    }
}

/// One proposed book: its number and box on the photo, how sure the scan is, what it read, its
/// candidates (best first) and what the reader did with it.
struct ScanProposalDTO: Content {
    struct Box: Codable, Sendable {
        var x: Int
        var y: Int
        var width: Int
        var height: Int
    }

    var id: UUID
    var scanId: UUID
    var number: Int
    var kind: String
    var confidence: String
    var status: String
    var box: Box
    var isbn: String?
    var ocrText: String?
    var message: String?
    var candidates: [ScanCandidate]
    var workId: UUID?
    var entryId: UUID?
    var listId: String?
    var reviewedAt: Date?

    init(_ proposal: ScanProposal) throws {
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
    }
}
