import FluentKit
import Foundation

/// One import of one file (table `imports`).
package final class ImportJob: Model, @unchecked Sendable {
    package static let schema = "imports"

    package enum Status: String, Codable, Sendable { case queued, running, done, failed }

    // MARK: managed
    @ID(key: .id) package var id: UUID?
    @Timestamp(key: "created_at", on: .none) package var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) package var updatedAt: Date?

    // MARK: data
    @Field(key: "format") package var format: String
    @Field(key: "status") package var status: Status
    /// "lists" to make lists of a Goodreads file's own shelves; nil or "tags" keeps them as tags.
    @OptionalField(key: "shelves_as") package var shelvesAs: String?
    package var shelvesAsLists: Bool { shelvesAs == "lists" }
    @Field(key: "dry_run") package var dryRun: Bool
    @OptionalField(key: "file_name") package var fileName: String?
    @Field(key: "file_path") package var filePath: String
    @Field(key: "file_sha256") package var fileSHA256: String
    @Field(key: "total") package var total: Int
    @Field(key: "processed") package var processed: Int
    @Field(key: "last_line") package var lastLine: Int
    @Field(key: "created") package var created: Int
    @Field(key: "merged") package var merged: Int
    @Field(key: "unchanged") package var unchanged: Int
    @Field(key: "failed") package var failed: Int
    /// Why the whole job failed, when it did.
    @OptionalField(key: "message") package var message: String?
    /// JSON array of text: what the reader should know about the whole file.
    @Field(key: "warnings") package var warnings: String
    /// JSON array of `{from, to, rows}`: how the file's statuses and shelves map.
    @Field(key: "mappings") package var mappings: String
    @OptionalField(key: "finished_at") package var finishedAt: Date?
    /// A preview the reader confirmed: the job that runs its file.
    @OptionalField(key: "run_id") package var runID: UUID?
    /// The process running it, and until when (`ImportJobs`).
    @OptionalField(key: "lease_owner") package var leaseOwner: UUID?
    @OptionalField(key: "lease_until") package var leaseUntil: Date?

    // MARK: relationships
    @Parent(key: "user_id") package var user: User

    /// The property wrappers, listed by hand: Fluent's default finds them by reflection each time a
    /// row is read or saved (`ModelPropertiesTests` holds this list to the declarations above).
    package var properties: [any AnyProperty] {
        [
            _id, _createdAt, _updatedAt, _format, _status, _shelvesAs, _dryRun, _fileName, _filePath, _fileSHA256, _total,
            _processed, _lastLine, _created, _merged, _unchanged, _failed, _message, _warnings, _mappings, _finishedAt, _runID,
            _leaseOwner, _leaseUntil, _user,
        ]
    }

    package init() {}

    package init(userID: UUID, format: String, dryRun: Bool, fileName: String?, filePath: String, fileSHA256: String, total: Int)
    {
        self.$user.id = userID
        self.format = format
        self.status = .queued
        self.dryRun = dryRun
        self.fileName = fileName
        self.filePath = filePath
        self.fileSHA256 = fileSHA256
        self.total = total
        self.processed = 0
        self.lastLine = 1
        self.created = 0
        self.merged = 0
        self.unchanged = 0
        self.failed = 0
        self.warnings = "[]"
        self.mappings = "[]"
    }
}

/// A row of an import that failed, or imported with a warning (table `import_rows`).
package final class ImportRowRecord: Model, @unchecked Sendable {
    package static let schema = "import_rows"

    package enum Outcome: String, Codable, Sendable { case failed, warning }

    // MARK: managed
    @ID(key: .id) package var id: UUID?
    @Timestamp(key: "created_at", on: .none) package var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) package var updatedAt: Date?

    // MARK: data
    @Field(key: "line") package var line: Int
    @Field(key: "outcome") package var outcome: Outcome
    @Field(key: "reason") package var reason: String

    // MARK: relationships
    @Parent(key: "import_id") package var job: ImportJob

    /// The property wrappers, listed by hand: Fluent's default finds them by reflection each time a
    /// row is read or saved (`ModelPropertiesTests` holds this list to the declarations above).
    package var properties: [any AnyProperty] {
        [_id, _createdAt, _updatedAt, _line, _outcome, _reason, _job]
    }

    package init() {}

    package init(jobID: UUID, line: Int, outcome: Outcome, reason: String) {
        self.$job.id = jobID
        self.line = line
        self.outcome = outcome
        self.reason = reason
    }
}
