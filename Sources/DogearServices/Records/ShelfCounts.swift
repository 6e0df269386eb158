import DogearCore

/// Books per shelf (reading status) and in all, in the order the library's tabs show them.
package struct ShelfCounts: Sendable, Equatable {
    /// The tabs' order: what is on the go first, then what waits, then what is done.
    package static let order: [ReadingStatus] = [.reading, .wantToRead, .read, .onHold, .didNotFinish]

    package let counts: [ReadingStatus: Int]

    package var total: Int { counts.values.reduce(0, +) }

    package func count(_ status: ReadingStatus) -> Int { counts[status] ?? 0 }

    package init(counts: [ReadingStatus: Int]) {
        self.counts = counts
    }
}
