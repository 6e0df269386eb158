import DogearCore
import DogearStore
import Foundation

/// `POST /api/v1/lists`: a new list's fields.
struct CreateListRequest: Decodable, Sendable {
    var name: String?
    var description: String?
    var bannerUrl: String?
    var isPublic: Bool?

    var draft: ListDraft { ListDraft(name: name, description: description, bannerUrl: bannerUrl, isPublic: isPublic) }
}

/// `PATCH /api/v1/lists/{id}`: only the fields given change; `null` clears a description or banner.
struct UpdateListRequest: Decodable, Sendable {
    var name: Patch<String> = .absent
    var description: Patch<String> = .absent
    var bannerUrl: Patch<String> = .absent
    var isPublic: Patch<Bool> = .absent

    /// Cleared fields travel as blank text, which the list rules read as "none".
    var draft: ListDraft {
        ListDraft(
            name: name.change.map { $0 ?? "" }, description: description.change.map { $0 ?? "" },
            bannerUrl: bannerUrl.change.map { $0 ?? "" }, isPublic: isPublic.change ?? nil)
    }
}

/// `POST /api/v1/lists/{id}/items`: exactly one of a work, one of the reader's entries, or an ISBN.
struct AddListItemRequest: Decodable, Sendable {
    var workId: UUID?
    var entryId: UUID?
    var isbn: String?
    var note: String?

    var item: ListItemService.NewItem { .init(workId: workId, entryId: entryId, isbn: isbn, note: note) }
}

/// `PATCH /api/v1/lists/{id}/items/{itemId}`: a new place (0 = the top) and/or a note (`null` clears).
struct UpdateListItemRequest: Decodable, Sendable {
    var position: Int?
    var note: Patch<String> = .absent
}
