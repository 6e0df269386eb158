import DogearCore
import DogearStore
import Foundation

// What the list services answer with. The API's DTOs are built from these (API/DTO/ListDTO+Records.swift)
// and the pages read them directly, so the JSON can change without the services or the pages.

package struct ListRecord: Sendable, Equatable {
    package struct Owner: Sendable, Equatable {
        package var id: UUID
        package var displayName: String

        package init(id: UUID, displayName: String) {
            self.id = id
            self.displayName = displayName
        }
    }

    package var id: String
    package var name: String
    package var description: String?
    package var bannerUrl: String?
    package var isPublic: Bool
    package var isDefault: Bool
    package var shareCode: String?
    package var itemCount: Int
    package var owner: Owner
    package var saved: Bool
    package var createdAt: Date?
    package var updatedAt: Date?

    package init(
        id: String, name: String, description: String? = nil, bannerUrl: String? = nil, isPublic: Bool, isDefault: Bool,
        shareCode: String? = nil, itemCount: Int, owner: Owner, saved: Bool, createdAt: Date? = nil, updatedAt: Date? = nil
    ) {
        self.id = id
        self.name = name
        self.description = description
        self.bannerUrl = bannerUrl
        self.isPublic = isPublic
        self.isDefault = isDefault
        self.shareCode = shareCode
        self.itemCount = itemCount
        self.owner = owner
        self.saved = saved
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

package struct ListItemRecord: Sendable, Equatable {
    package var id: UUID
    package var work: WorkRecord
    package var note: String?
    package var entryId: UUID?
    package var coverUrl: String? = nil

    package init(id: UUID, work: WorkRecord, note: String? = nil, entryId: UUID? = nil, coverUrl: String? = nil) {
        self.id = id
        self.work = work
        self.note = note
        self.entryId = entryId
        self.coverUrl = coverUrl
    }
}
