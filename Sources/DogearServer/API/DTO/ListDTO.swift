import DogearStore
import Vapor

/// A reading list as the API shows it. Default lists have the ids `currently-reading`,
/// `want-to-read`, `finished` and `favorites`; custom lists a UUID.
struct ListDTO: Content, Equatable {
    struct Owner: Content, Equatable {
        let id: UUID
        let displayName: String
    }

    let id: String
    let name: String
    @Nullable var description: String?
    @Nullable var bannerUrl: String?
    let isPublic: Bool
    let isDefault: Bool
    /// Only the owner sees the code (anyone else opened the list by it already).
    @Nullable var shareCode: String?
    let itemCount: Int
    let owner: Owner
    /// Whether the reader asking has saved this list (never true for their own).
    let saved: Bool
    @Nullable var createdAt: Date?
    @Nullable var updatedAt: Date?
}

/// One work on a list: for a custom list an item with its place and note; for a default list the
/// reader's entry (its id is the entry's).
struct ListItemDTO: Content {
    let id: UUID
    let work: WorkDTO
    @Nullable var note: String?
    /// The reader's own entry for this work, when they have one.
    @Nullable var entryId: UUID?
    /// A cover: the reader's edition's, else the first edition's that has one.
    @Nullable var coverUrl: String? = nil
}
