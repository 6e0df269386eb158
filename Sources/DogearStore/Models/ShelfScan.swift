import DogearCore
import FluentKit
import Foundation

/// One shelf photo a reader sent and what became of it (table `scans`, `CreateScans`).
package final class ShelfScan: Model, @unchecked Sendable {
    package static let schema = "scans"

    /// Where a scan is: waiting for a worker, its image being read, its books being looked up,
    /// done, or failed (with a message for the reader).
    package enum Status: String, Codable, Sendable, CaseIterable {
        case queued, reading, lookingUp, done, failed

        package var isFinished: Bool { self == .done || self == .failed }
    }

    // MARK: managed
    @ID(key: .id) package var id: UUID?
    @Timestamp(key: "created_at", on: .none) package var createdAt: Date?

    // MARK: data
    @Field(key: "status") package var status: Status
    /// Why it failed, when it did.
    @OptionalField(key: "message") package var message: String?
    /// Why spines were not read, or not all of them (Tesseract missing, the time limit).
    @OptionalField(key: "spines_message") package var spinesMessage: String?
    @OptionalField(key: "photo_width") package var photoWidth: Int?
    @OptionalField(key: "photo_height") package var photoHeight: Int?
    @OptionalField(key: "started_at") package var startedAt: Date?
    @OptionalField(key: "finished_at") package var finishedAt: Date?
    @OptionalField(key: "photo_deleted_at") package var photoDeletedAt: Date?

    // MARK: relationships
    @Parent(key: "user_id") package var user: User

    /// The property wrappers, listed by hand: Fluent's default finds them by reflection each time a
    /// row is read or saved (`ModelPropertiesTests` holds this list to the declarations above).
    package var properties: [any AnyProperty] {
        [
            _id, _createdAt, _status, _message, _spinesMessage, _photoWidth, _photoHeight, _startedAt, _finishedAt,
            _photoDeletedAt, _user,
        ]
    }

    package init() {}

    package init(id: UUID = UUID.timeOrdered(), userID: UUID, at now: Date) {
        self.id = id
        self.$user.id = userID
        self.status = .queued
        self.createdAt = now
    }
}

/// A scan's photo (table `scan_photos`): the upload until it is read, then the upright JPEG the
/// boxes are measured on.
package final class ShelfScanPhoto: Model, @unchecked Sendable {
    package static let schema = "scan_photos"

    @ID(custom: "scan_id", generatedBy: .user) package var id: UUID?
    @Field(key: "content_type") package var contentType: String
    @Field(key: "bytes") package var bytes: Data

    /// The property wrappers, listed by hand: Fluent's default finds them by reflection each time a
    /// row is read or saved (`ModelPropertiesTests` holds this list to the declarations above).
    package var properties: [any AnyProperty] {
        [_id, _contentType, _bytes]
    }

    package init() {}

    package init(scanID: UUID, contentType: String, bytes: Data) {
        self.id = scanID
        self.contentType = contentType
        self.bytes = bytes
    }
}

/// One book a scan proposes (table `scan_proposals`): where it is on the photo, how sure the scan
/// is, what it read, its candidates, and what the reader did with it.
package final class ScanProposal: Model, @unchecked Sendable {
    package static let schema = "scan_proposals"

    package enum Kind: String, Codable, Sendable, CaseIterable {
        case barcode, spine
    }

    // MARK: managed
    @ID(key: .id) package var id: UUID?

    // MARK: data
    /// Its number on the photo, from 1, left to right.
    @Field(key: "number") package var number: Int
    @Field(key: "kind") package var kind: Kind
    @Field(key: "confidence") package var confidence: ProposalConfidence
    @Field(key: "status") package var status: ProposalStatus
    @Field(key: "box_x") package var boxX: Int
    @Field(key: "box_y") package var boxY: Int
    @Field(key: "box_width") package var boxWidth: Int
    @Field(key: "box_height") package var boxHeight: Int
    @OptionalField(key: "isbn") package var isbn: String?
    /// What Tesseract read on the spine.
    @OptionalField(key: "ocr_text") package var ocrText: String?
    /// What the reader should know: a barcode no source knows, a spine nothing matched.
    @OptionalField(key: "message") package var message: String?
    /// JSON array of `ScanCandidate`, best first.
    @Field(key: "candidates") package var candidatesJSON: String
    /// The work proposed (a barcode's book, a spine's best catalog match), then the one confirmed.
    @OptionalField(key: "work_id") package var workID: UUID?
    @OptionalField(key: "entry_id") package var entryID: UUID?
    @OptionalField(key: "list_id") package var listID: String?
    @OptionalField(key: "reviewed_at") package var reviewedAt: Date?

    // MARK: relationships
    @Parent(key: "scan_id") package var scan: ShelfScan
    @Parent(key: "user_id") package var user: User

    /// The property wrappers, listed by hand: Fluent's default finds them by reflection each time a
    /// row is read or saved (`ModelPropertiesTests` holds this list to the declarations above).
    package var properties: [any AnyProperty] {
        [
            _id, _number, _kind, _confidence, _status, _boxX, _boxY, _boxWidth, _boxHeight, _isbn, _ocrText, _message,
            _candidatesJSON, _workID, _entryID, _listID, _reviewedAt, _scan, _user,
        ]
    }

    package init() {}

    package init(scanID: UUID, userID: UUID, number: Int, kind: Kind, confidence: ProposalConfidence, box: ScanBox) {
        self.id = UUID.timeOrdered()
        self.$scan.id = scanID
        self.$user.id = userID
        self.number = number
        self.kind = kind
        self.confidence = confidence
        self.status = .pending
        self.boxX = box.x
        self.boxY = box.y
        self.boxWidth = box.width
        self.boxHeight = box.height
        self.candidatesJSON = "[]"
    }

    package var box: ScanBox { ScanBox(x: boxX, y: boxY, width: boxWidth, height: boxHeight) }
}
