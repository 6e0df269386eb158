/// One page of a longer answer, and where the next one starts (`nil` on the last page).
package struct ResultPage<Item: Sendable>: Sendable {
    package var items: [Item]
    package var nextCursor: String?

    package init(items: [Item], nextCursor: String? = nil) {
        self.items = items
        self.nextCursor = nextCursor
    }
}

extension ResultPage: Equatable where Item: Equatable {}
