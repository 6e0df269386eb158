import DogearCore
import DogearServices
import DogearStore
import Foundation

/// `POST /api/v1/lists`: a new list's fields.
package struct CreateListRequest: Decodable, Sendable {
    package var name: String?
    package var description: String?
    package var bannerUrl: String?
    package var isPublic: Bool?

    package var draft: ListDraft { ListDraft(name: name, description: description, bannerUrl: bannerUrl, isPublic: isPublic) }
}

/// `PATCH /api/v1/lists/{id}`: only the fields given change; `null` clears a description or banner.
package struct UpdateListRequest: Decodable, Sendable {
    package var name: Patch<String> = .absent
    package var description: Patch<String> = .absent
    package var bannerUrl: Patch<String> = .absent
    package var isPublic: Patch<Bool> = .absent

    /// Cleared fields travel as blank text, which the list rules read as "none".
    package var draft: ListDraft {
        ListDraft(ProfileDraft(name: name, description: description, pictureUrl: bannerUrl, isPublic: isPublic))
    }
}

/// `POST /api/v1/lists/{id}/items`: exactly one of a work, one of the reader's entries, or an ISBN.
package struct AddListItemRequest: Decodable, Sendable {
    package var workId: UUID?
    package var entryId: UUID?
    package var isbn: String?
    package var note: String?

    package var item: ListItemService.NewItem { .init(workId: workId, entryId: entryId, isbn: isbn, note: note) }
}

/// `PATCH /api/v1/lists/{id}/items/{itemId}`: a new place (0 = the top) and/or a note (`null` clears).
package struct UpdateListItemRequest: Decodable, Sendable {
    package var position: Int?
    package var note: Patch<String> = .absent
}
