import Fluent
import Foundation

/// An earlier read-through of an entry, archived when a finished book is started again.
final class ReadThrough: Model, @unchecked Sendable {
    static let schema = "read_throughs"

    // MARK: managed
    @ID(key: .id) var id: UUID?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

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
