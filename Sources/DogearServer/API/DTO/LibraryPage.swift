import DogearStore
import Vapor

/// One page of a list endpoint. `nextCursor` is null on the last page.
struct Page<Item: Content>: Content {
    let items: [Item]
    @Nullable var nextCursor: String?
}
