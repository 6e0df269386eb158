import Fluent
import Foundation

/// One import of one file (table `imports`).
final class ImportJob: Model, @unchecked Sendable {
    static let schema = "imports"

    enum Status: String, Codable, Sendable { case queued, running, done, failed }

    // MARK: managed
    @ID(key: .id) var id: UUID?
    @Timestamp(key: "created_at", on: .none) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) var updatedAt: Date?

    // MARK: data
    @Field(key: "format") var format: String
    @Field(key: "status") var status: Status
    /// "lists" to make lists of a Goodreads file's own shelves; nil or "tags" keeps them as tags.
    @OptionalField(key: "shelves_as") var shelvesAs: String?
    var shelvesAsLists: Bool { shelvesAs == "lists" }
    @Field(key: "dry_run") var dryRun: Bool
    @OptionalField(key: "file_name") var fileName: String?
    @Field(key: "file_path") var filePath: String
    @Field(key: "file_sha256") var fileSHA256: String
    @Field(key: "total") var total: Int
    @Field(key: "processed") var processed: Int
    @Field(key: "last_line") var lastLine: Int
    @Field(key: "created") var created: Int
    @Field(key: "merged") var merged: Int
    @Field(key: "unchanged") var unchanged: Int
    @Field(key: "failed") var failed: Int
    /// Why the whole job failed, when it did.
    @OptionalField(key: "message") var message: String?
    /// JSON array of text: what the reader should know about the whole file.
    @Field(key: "warnings") var warnings: String
    /// JSON array of `{from, to, rows}`: how the file's statuses and shelves map.
    @Field(key: "mappings") var mappings: String
    @OptionalField(key: "finished_at") var finishedAt: Date?
    /// A preview the reader confirmed: the job that runs its file.
    @OptionalField(key: "run_id") var runID: UUID?
    /// The process running it, and until when (`ImportJobs`).
    @OptionalField(key: "lease_owner") var leaseOwner: UUID?
    @OptionalField(key: "lease_until") var leaseUntil: Date?

    // MARK: relationships
    @Parent(key: "user_id") var user: User

    init() {}

    init(userID: UUID, format: String, dryRun: Bool, fileName: String?, filePath: String, fileSHA256: String, total: Int) {
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
final class ImportRowRecord: Model, @unchecked Sendable {
    static let schema = "import_rows"

    enum Outcome: String, Codable, Sendable { case failed, warning }

    // MARK: managed
    @ID(key: .id) var id: UUID?
    @Timestamp(key: "created_at", on: .none) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) var updatedAt: Date?

    // MARK: data
    @Field(key: "line") var line: Int
    @Field(key: "outcome") var outcome: Outcome
    @Field(key: "reason") var reason: String

    // MARK: relationships
    @Parent(key: "import_id") var job: ImportJob

    init() {}

    init(jobID: UUID, line: Int, outcome: Outcome, reason: String) {
        self.$job.id = jobID
        self.line = line
        self.outcome = outcome
        self.reason = reason
    }
}
