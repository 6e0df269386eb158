import DogearServices
import DogearStore
import Vapor

/// A reading list as the API shows it. Default lists have the ids `currently-reading`,
/// `want-to-read`, `finished` and `favorites`; custom lists a UUID.
package struct ListDTO: Content, Equatable {
    package struct Owner: Content, Equatable {
        package let id: UUID
        package let displayName: String
    }

    package let id: String
    package let name: String
    @Nullable package var description: String?
    @Nullable package var bannerUrl: String?
    package let isPublic: Bool
    package let isDefault: Bool
    /// Only the owner sees the code (anyone else opened the list by it already).
    @Nullable package var shareCode: String?
    package let itemCount: Int
    package let owner: Owner
    /// Whether the reader asking has saved this list (never true for their own).
    package let saved: Bool
    @Nullable package var createdAt: Date?
    @Nullable package var updatedAt: Date?
}

/// One work on a list: for a custom list an item with its place and note; for a default list the
/// reader's entry (its id is the entry's).
package struct ListItemDTO: Content {
    package let id: UUID
    package let work: WorkDTO
    @Nullable package var note: String?
    /// The reader's own entry for this work, when they have one.
    @Nullable package var entryId: UUID?
    /// A cover: the reader's edition's, else the first edition's that has one.
    @Nullable package var coverUrl: String? = nil
}
