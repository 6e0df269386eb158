import DogearServices
import Foundation
import Vapor

/// A device login (`/api/v1/devices`); `password` only in the answer that made it.
package struct DeviceLoginDTO: Content {
    package let id: UUID
    package let username: String
    package let createdAt: Date
    @Nullable package var lastUsedAt: Date?
    @Nullable package var password: String?

    package init(_ record: DeviceLoginRecord) {
        id = record.id
        username = record.username
        createdAt = record.createdAt
        lastUsedAt = record.lastUsedAt
        password = record.password
    }
}

/// `POST /api/v1/devices`.
package struct CreateDeviceLoginRequest: Decodable, Sendable {
    package var username: String?
}

/// A document a device reported (`/api/v1/devices/documents`).
package struct DeviceDocumentDTO: Content {
    package struct Suggestion: Content {
        package let entryId: UUID
        package let title: String
    }

    package let document: String
    package let device: String
    package let deviceId: String
    /// 0…1.
    package let percentage: Double
    package let progress: String
    package let lastSeenAt: Date
    package let firstSeenAt: Date
    @Nullable package var entryId: UUID?
    @Nullable package var title: String?
    @Nullable package var suggestion: Suggestion?

    package init(_ record: DeviceDocumentRecord) {
        document = record.document
        device = record.device
        deviceId = record.deviceID
        percentage = record.percentage
        progress = record.progress
        lastSeenAt = Date(timeIntervalSince1970: record.reportedAt)
        firstSeenAt = record.firstSeenAt
        entryId = record.entryID
        title = record.title
        suggestion = record.suggestion.map { Suggestion(entryId: $0.entryID, title: $0.title) }
    }
}

/// `POST /api/v1/devices/documents/{document}/link`.
package struct LinkDocumentRequest: Decodable, Sendable {
    package var entryId: UUID?
}
