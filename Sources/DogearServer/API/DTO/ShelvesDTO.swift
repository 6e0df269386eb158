import DogearCore
import DogearServices
import Vapor

/// `GET /api/v1/library/shelves`: how many books are on each shelf, in the tabs' order, and in all.
package struct ShelvesDTO: Content, Equatable {
    package struct Shelf: Content, Equatable {
        package let status: ReadingStatus
        package let count: Int
    }

    package let total: Int
    package let shelves: [Shelf]

    package init(_ counts: ShelfCounts) {
        total = counts.total
        shelves = ShelfCounts.order.map { Shelf(status: $0, count: counts.count($0)) }
    }
}
