import FluentKit
import Foundation

/// A book file a reader's devices reported, by KOReader's hash of it: the latest position from any
/// of the reader's devices, the entry it is linked to, and the sitting being gathered.
package final class DeviceDocument: Model, @unchecked Sendable {
    package static let schema = "device_documents"

    @ID(key: .id) package var id: UUID?
    @Parent(key: "user_id") package var user: User
    @Field(key: "document") package var document: String
    @OptionalParent(key: "entry_id") package var entry: LibraryEntry?
    /// How far through the file, 0…1.
    @Field(key: "percentage") package var percentage: Double
    /// Where, as the device wrote it (a page number or an XPointer).
    @Field(key: "progress") package var progress: String
    @Field(key: "device") package var device: String
    @Field(key: "device_id") package var deviceID: String
    /// When the position was reported, seconds since 1970 (KOReader's `timestamp`).
    @Field(key: "reported_at") package var reportedAt: Double
    @Timestamp(key: "first_seen_at", on: .none) package var firstSeenAt: Date?
    /// The reading session the latest updates of a linked document are gathered into.
    @OptionalField(key: "session_id") package var sessionID: UUID?
    @OptionalField(key: "session_first_at") package var sessionFirstAt: Double?
    @OptionalField(key: "session_last_at") package var sessionLastAt: Double?

    package init() {}
}
