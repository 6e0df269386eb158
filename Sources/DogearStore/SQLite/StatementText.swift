/// A statement's SQL with its hash worked out once. Each run looks its statement up by its text
/// up to three times (the connection's prepared statements; for a read, whether it is cheap and
/// then what it cost), and a library page's statement is kilobytes long: hashing it on every
/// lookup was a tenth of a progress write's dictionary work (`perf` under `bench http`).
package struct StatementText: Hashable, Sendable {
    package let sql: String
    private let hash: Int
    /// Whether the connection lets go of the values bound to it once it ran (a bulk insert's rows,
    /// which the cached statement would otherwise keep until its next use). Not part of the key.
    package let releasesValues: Bool

    package init(_ sql: String, releasesValues: Bool = false) {
        self.sql = sql
        self.hash = sql.hashValue
        self.releasesValues = releasesValues
    }

    package func hash(into hasher: inout Hasher) { hasher.combine(hash) }

    package static func == (left: Self, right: Self) -> Bool { left.hash == right.hash && left.sql == right.sql }
}
