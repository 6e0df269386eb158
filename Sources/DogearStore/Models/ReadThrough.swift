import DogearCore
import FluentKit
import Foundation

/// An earlier read-through of an entry, archived when a finished book is started again.
package final class ReadThrough: Model, @unchecked Sendable {
    package static let schema = "read_throughs"

    // MARK: managed
    @ID(key: .id) package var id: UUID?
    @Timestamp(key: "created_at", on: .none) package var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) package var updatedAt: Date?

    // MARK: data
    @OptionalField(key: "started_on") package var startedOn: String?
    @OptionalField(key: "finished_on") package var finishedOn: String?
    @Field(key: "outcome") package var outcome: String

    // MARK: relationships
    @Parent(key: "entry_id") package var entry: LibraryEntry

    /// The property wrappers, listed by hand: Fluent's default finds them by reflection each time a
    /// row is read or saved (`ModelPropertiesTests` holds this list to the declarations above).
    package var properties: [any AnyProperty] {
        [_id, _createdAt, _updatedAt, _startedOn, _finishedOn, _outcome, _entry]
    }

    package init() {}

    package init(entryID: UUID, startedOn: String?, finishedOn: String?, outcome: String) {
        self.$entry.id = entryID
        self.startedOn = startedOn
        self.finishedOn = finishedOn
        self.outcome = outcome
    }
}

extension ReadThrough {
    /// Earlier reads an import brings, all at once (`BulkInsert`).
    package struct BulkRow: Sendable {
        package let entryID: UUID
        package let read: PastReadThrough
        package let now: Date

        package init(entryID: UUID, read: PastReadThrough, now: Date) {
            self.entryID = entryID
            self.read = read
            self.now = now
        }
    }

    package static let bulk = BulkTable<BulkRow>(
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
