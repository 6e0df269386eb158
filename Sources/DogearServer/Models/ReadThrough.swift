import DogearCore
import Fluent
import Foundation

/// An earlier read-through of an entry, archived when a finished book is started again.
final class ReadThrough: Model, @unchecked Sendable {
    static let schema = "read_throughs"

    // MARK: managed
    @ID(key: .id) var id: UUID?
    @Timestamp(key: "created_at", on: .none) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) var updatedAt: Date?

    // MARK: data
    @OptionalField(key: "started_on") var startedOn: String?
    @OptionalField(key: "finished_on") var finishedOn: String?
    @Field(key: "outcome") var outcome: String

    // MARK: relationships
    @Parent(key: "entry_id") var entry: LibraryEntry

    init() {}

    init(entryID: UUID, startedOn: String?, finishedOn: String?, outcome: String) {
        self.$entry.id = entryID
        self.startedOn = startedOn
        self.finishedOn = finishedOn
        self.outcome = outcome
    }
}

extension ReadThrough {
    /// Earlier reads an import brings, all at once (`BulkInsert`).
    struct BulkRow: Sendable {
        let entryID: UUID
        let read: PastReadThrough
        let now: Date
    }

    static let bulk = BulkTable<BulkRow>(
        "read_throughs",
        [
            .init("id", .uuid) { _ in .uuid(UUID.timeOrdered()) },
            .init("entry_id", .uuid) { .uuid($0.entryID) },
            .init("started_on", .text) { .text($0.read.started?.description) },
            .init("finished_on", .text) { .text($0.read.finished?.description) },
            .init("outcome", .text) { .text($0.read.outcome.rawValue) },
            .init("created_at", .date) { .date($0.now) },
            .init("updated_at", .date) { .date($0.now) },
        ])
}
