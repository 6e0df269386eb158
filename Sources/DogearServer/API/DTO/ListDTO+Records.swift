import DogearServices
import DogearStore
import Foundation

// The API's shapes of the list services' records.

extension ListDTO.Owner {
    package init(_ record: ListRecord.Owner) {
        self.init(id: record.id, displayName: record.displayName)
    }
}

extension ListDTO {
    package init(_ record: ListRecord) {
        self.init(
            id: record.id, name: record.name, description: record.description, bannerUrl: record.bannerUrl,
            isPublic: record.isPublic, isDefault: record.isDefault, shareCode: record.shareCode, itemCount: record.itemCount,
            owner: ListDTO.Owner(record.owner), saved: record.saved, createdAt: record.createdAt, updatedAt: record.updatedAt)
    }
}

extension ListItemDTO {
    package init(_ record: ListItemRecord) {
        self.init(
            id: record.id, work: WorkDTO(record.work), note: record.note, entryId: record.entryId, coverUrl: record.coverUrl)
    }
}
