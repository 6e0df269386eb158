import DogearServices
import DogearStore
import Vapor

/// One page of a list endpoint. `nextCursor` is null on the last page.
package struct Page<Item: Content>: Content {
    package let items: [Item]
    @Nullable package var nextCursor: String?

    package init(items: [Item], nextCursor: String? = nil) {
        self.items = items
        self.nextCursor = nextCursor
    }
}

extension Page {
    /// A service's page in the API's shape, each item turned into its DTO.
    package init<Record>(_ page: ResultPage<Record>, _ item: (Record) -> Item) {
        self.init(items: page.items.map(item), nextCursor: page.nextCursor)
    }
}
