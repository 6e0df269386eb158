import DogearCore
import DogearServices
import DogearStore
import DogearTransfer
import Fluent
import Foundation
import SQLKit
import Vapor

/// Import jobs: created from a file, then run in batches. Each batch, its failed rows and
/// the job's counters are one transaction, so the counters are true at every moment and a job
/// stopped by a crash goes on from its last committed row when run again (`lastLine`).
///
/// A dry run reads the file the same way and plans each row by the same rules with reads only
/// (`ImportPreviewPlanner`), so its preview (created / merged / unchanged / failed, how statuses
/// map) is what the real run will do, without holding a write transaction while it runs.
package struct ImportRunner {
    package let db: any Database
    package let logger: Logger
    package let now: @Sendable () -> Date
    /// Rows a transaction: larger batches commit (and checkpoint) less often; 1,000 rows hold
    /// SQLite's write lock for about a quarter of a second (`dogear bench import`).
    package var batchSize: Int = 1000
    /// Set by the benchmark to see where the time goes.
    package var phases: ImportPhases?
    /// Rows written and jobs finished, for `/metrics` (the server's job runner sets it).
    package var metrics: DogearMetrics?
    /// Whether the instance has tiers: a free reader's import then makes no custom lists (a file's
    /// shelves stay tags, a backup's own lists are left out), as the lists page would refuse them.
    package var tiersEnabled: Bool = false

    /// Reads the file once (format, rows, checksum) and records a queued job. A file that cannot be
    /// imported at all throws `ImportFileError` and records nothing.
    package func createJob(
        userID: UUID, filePath: String, fileName: String?, dryRun: Bool, shelvesAsLists: Bool = false
    ) async throws -> ImportJob {
        if shelvesAsLists, !dryRun, try await !mayMakeCustomLists(userID) {
            throw DomainError(
                .premiumRequired, code: .premiumRequired,
                "shelves as lists come with a premium account; import the shelves as tags instead", field: "shelvesAs")
        }
        let format: ImportFormat
        let total: Int
        var warnings: [String]
        if let highlights = try HighlightsFile.read(path: filePath) {
            guard highlights.count > 0 || !highlights.problems.isEmpty else {
                if highlights.bookmarks == 0 { throw ImportFileError.empty }
                throw ImportFileError.unreadable("it holds bookmarks only, and a bookmark has no text to quote")
            }
            (format, total, warnings) = (highlights.format, highlights.count, [])
            if highlights.bookmarks > 0 {
                warnings.append(
                    "\(highlights.bookmarks) bookmark\(highlights.bookmarks == 1 ? " was" : "s were") left out: a bookmark marks a"
                        + " place and has no text to quote")
            }
        } else {
            let reader = try ExportReader(path: filePath)
            (format, total, warnings) = (reader.format, try reader.countRows(), reader.warnings)
        }
        let job = ImportJob(
            userID: userID, format: format.rawValue, dryRun: dryRun, fileName: fileName,
            filePath: filePath, fileSHA256: try Self.sha256(of: filePath), total: total)
        job.warnings = Self.json(warnings)
        if shelvesAsLists { job.shelvesAs = "lists" }
        try await job.create(on: db)
        return job
    }

    /// The reader confirmed a preview: a job for the same file, for real. Posted twice (a double
    /// click, a retried request), it is one job: the preview is claimed with one conditional UPDATE,
    /// and whoever loses the claim gets the winner's job. Returns the job and whether it is new.
    package func confirm(_ preview: ImportJob, shelvesAsLists: Bool) async throws -> (job: ImportJob, isNew: Bool) {
        let previewID = try preview.requireID()
        if let runID = preview.runID, let job = try await ImportJob.find(runID, on: db) { return (job, false) }
        let job = try await createJob(
            userID: preview.$user.id, filePath: preview.filePath, fileName: preview.fileName, dryRun: false,
            shelvesAsLists: shelvesAsLists)
        let jobID = try job.requireID()
        let claimed = try await db.sql.raw(
            "UPDATE imports SET run_id = \(bind: jobID) WHERE id = \(bind: previewID) AND run_id IS NULL RETURNING id"
        ).all()
        if claimed.count == 1 { return (job, true) }
        // Another request confirmed it first: this job never runs.
        try await job.delete(on: db)
        guard let winner = try await ImportJob.find(previewID, on: db)?.runID,
            let running = try await ImportJob.find(winner, on: db)
        else { throw DomainError.importNotFound }
        return (running, false)
    }

    /// Runs a queued job, or goes on with one that was stopped, to the end. Returns the finished job.
    @discardableResult
    package func run(_ jobID: UUID, onProgress: (@Sendable (ImportJob) async -> Void)? = nil) async throws -> ImportJob {
        guard let job = try await ImportJob.find(jobID, on: db) else {
            throw DomainError.notFound(.importNotFound, "no import \(jobID)")
        }
        guard job.status == ImportJob.Status.queued || job.status == ImportJob.Status.running else {
            return job
        }
        job.status = ImportJob.Status.running
        try await job.save(on: db)
        let highlights = ImportFormat(rawValue: job.format)?.isHighlights == true
        var finished = job
        do {
            if highlights {
                finished = try await importHighlights(job, onProgress: onProgress)
            } else if job.dryRun {
                try await preview(job, onProgress: onProgress)
            } else {
                try await importRows(job, onProgress: onProgress)
            }
        } catch is CancellationError {
            // The server is stopping: the job stays "running" and goes on at the next start.
            throw CancellationError()
        } catch {
            logger.report(error: error)
            job.status = ImportJob.Status.failed
            if FileSink.isDiskFull(error), highlights {
                job.message =
                    "the server's disk is full: the import stopped (the books before it have their highlights); once"
                    + " there is room, import the file again: highlights already in are not repeated"
            } else if FileSink.isDiskFull(error) {
                job.message =
                    "the server's disk is full: the import stopped after line \(job.lastLine) (the rows before it are in"
                    + " the library); once there is room, import the file again: rows already in are not repeated"
            } else {
                job.message = (error as? ImportFileError)?.description ?? "the import stopped: \(error)"
            }
            job.finishedAt = now()
            try await job.save(on: db)
            if !job.dryRun { metrics?.importFinished(status: job.status.rawValue) }
            return job
        }
        await onProgress?(finished)
        if !finished.dryRun { metrics?.importFinished(status: finished.status.rawValue) }
        return finished
    }

    // MARK: the run

    /// Custom lists are premium when tiers are on (Core's `Tiers`), from an import as from the lists page.
    private func mayMakeCustomLists(_ userID: UUID) async throws -> Bool {
        guard tiersEnabled else { return true }
        let tier = try await User.find(userID, on: db)?.tier ?? .free
        return Tiers.allows(.customLists, tier: tier, tiersEnabled: tiersEnabled)
    }

    private func importRows(_ job: ImportJob, onProgress: (@Sendable (ImportJob) async -> Void)?) async throws {
        let mayMakeLists = try await mayMakeCustomLists(job.$user.id)
        let shelvesAsLists = job.shelvesAsLists && mayMakeLists
        let source = BatchSource(
            reader: try ExportReader(path: job.filePath), size: batchSize, after: job.lastLine,
            shelvesAsLists: shelvesAsLists)
        guard let format = ImportFormat(rawValue: job.format) else {
            throw ImportFileError.unreadable("unknown format \(job.format)")
        }
        var mappings = ImportStatusMapping.decode(job.mappings)
        var lap = phases?.start()
        var batch = source.next()
        phases?.record("read and validate (not overlapped)", &lap)
        while let current = batch {
            try Task.checkCancellation()
            // The next batch is read and validated on the other core while this one is written.
            async let following = source.next()
            for result in current.rows { if case .success(let row) = result { Self.count(row, into: &mappings) } }
            try await commit(current, of: job, format: format, mappings: mappings)
            metrics?.importedRows(current.prepared.count)
            lap = phases?.start()
            batch = await following
            phases?.record("read and validate (not overlapped)", &lap)
            await onProgress?(job)
        }
        if let profile = source.reader.backupProfile { try await applyProfile(profile, userID: job.$user.id) }
        if shelvesAsLists { try await ShelfLists(db: db, userID: job.$user.id, now: now()).make(from: job.filePath) }
        if !source.reader.backupLists.isEmpty || !source.reader.backupSavedLists.isEmpty,
            let user = try await User.find(job.$user.id, on: db)
        {
            try await ListBackup(db: db, user: user).restore(
                mayMakeLists ? source.reader.backupLists : [], saved: source.reader.backupSavedLists, at: now())
        }
        // So the reader's first look at the library after it is planned for what is there now.
        do {
            try await TableStatistics(db: db).refresh(after: job.created + job.merged)
        } catch {
            logger.warning("import \(job.id?.uuidString ?? ""): statistics not refreshed (\(error))")
        }
        job.status = ImportJob.Status.done
        job.finishedAt = now()
        try await job.save(on: db)
    }

    /// Batches of rows read from the file and validated, one at a time (never two at once).
    package final class BatchSource: @unchecked Sendable {
        package struct Batch: Sendable {
            package let rows: [Result<ImportedRow, ImportRowError>]
            package let prepared: [PreparedRow]
            package let failures: [ImportRowError]
        }

        package let reader: ExportReader
        package let size: Int
        /// Rows a stopped run already committed are read past, not written again.
        package let after: Int
        /// The file's own shelves become lists (`ShelfLists`), so not tags.
        package let shelvesAsLists: Bool

        package init(reader: ExportReader, size: Int, after: Int, shelvesAsLists: Bool = false) {
            self.reader = reader
            self.size = size
            self.after = after
            self.shelvesAsLists = shelvesAsLists
        }

        package func next() -> Batch? {
            var rows: [Result<ImportedRow, ImportRowError>] = []
            while rows.count < size, let result = reader.next() {
                if ImportRunner.line(of: result) > after { rows.append(result) }
            }
            guard !rows.isEmpty else { return nil }
            let (prepared, failures) = ImportRunner.prepare(rows, shelvesAsLists: shelvesAsLists)
            return Batch(rows: rows, prepared: prepared, failures: failures)
        }
    }

    /// One batch in one transaction; if the batch as a whole cannot be written (another import
    /// made the same edition meanwhile, say), its rows are written one by one so only the row at
    /// fault fails.
    private func commit(_ source: BatchSource.Batch, of job: ImportJob, format: ImportFormat, mappings: [Mapping]) async throws {
        let (batch, prepared, failures) = (source.rows, source.prepared, source.failures)
        do {
            let changes = try await WritePipeline(db: db, now: now(), clubEvents: nil).run { db, changes in
                var writer = ImportBatchWriter(db: db, userID: job.$user.id, format: format, now: now())
                writer.phases = phases
                let outcomes = try await writer.write(prepared, changes: changes)
                var lap = phases?.start()
                try await record(
                    job, outcomes: outcomes, failures: failures, prepared: prepared, batch: batch,
                    mappings: mappings, on: db)
                phases?.record("job record", &lap)
                return changes
            }
            // What the commit itself costs (the batch's pages written to the WAL, and a checkpoint):
            // from the end of the derived writes, which the write path timed as their own phases.
            var applied = changes.appliedAt
            phases?.record("commit", &applied)
        } catch let error as any DatabaseError where error.isConstraintFailure {
            logger.warning("import \(job.id?.uuidString ?? ""): batch retried row by row (\(error))")
            try await commitOneByOne(batch, prepared: prepared, failures: failures, of: job, format: format, mappings: mappings)
        }
    }

    private func commitOneByOne(
        _ batch: [Result<ImportedRow, ImportRowError>], prepared: [PreparedRow],
        failures: [ImportRowError], of job: ImportJob, format: ImportFormat, mappings: [Mapping]
    ) async throws {
        var outcomes: [ImportBatchWriter.Outcome] = []
        var written: [PreparedRow] = []
        var failures = failures
        for row in prepared {
            do {
                let outcome = try await WritePipeline(db: db, now: now(), clubEvents: nil).run { db, changes in
                    try await ImportBatchWriter(db: db, userID: job.$user.id, format: format, now: now())
                        .write([row], changes: changes)
                }
                outcomes += outcome
                written.append(row)
            } catch let error as any DatabaseError where error.isConstraintFailure {
                failures.append(ImportRowError(line: row.source.line, reason: "could not be saved: \(error)"))
            }
        }
        let (done, failed, kept) = (outcomes, failures, written)
        try await db.writeTransaction { db in
            try await record(job, outcomes: done, failures: failed, prepared: kept, batch: batch, mappings: mappings, on: db)
        }
    }

    private func record(
        _ job: ImportJob, outcomes: [ImportBatchWriter.Outcome], failures: [ImportRowError],
        prepared: [PreparedRow], batch: [Result<ImportedRow, ImportRowError>], mappings: [Mapping],
        on db: any Database
    ) async throws {
        guard let jobID = job.id else { return }
        let records = Self.rowRecords(jobID: jobID, failures: failures, prepared: prepared)
        for chunk in records.chunked(into: 500) { try await chunk.create(on: db) }
        job.processed += batch.count
        job.created += outcomes.filter { $0 == .created }.count
        job.merged += outcomes.filter { $0 == .merged }.count
        job.unchanged += outcomes.filter { $0 == .unchanged }.count
        job.failed += failures.count
        job.lastLine = batch.map(Self.line(of:)).max() ?? job.lastLine
        job.mappings = Self.encodeMappings(mappings)
        try await job.save(on: db)
    }

    /// Validation of each row, so a row that breaks a rule fails alone, with the field it broke.
    package static func prepare(
        _ batch: [Result<ImportedRow, ImportRowError>], shelvesAsLists: Bool = false
    ) -> ([PreparedRow], [ImportRowError]) {
        var prepared: [PreparedRow] = []
        var failures: [ImportRowError] = []
        for result in batch {
            switch result {
            case .failure(let error):
                failures.append(error)
            case .success(var row):
                if shelvesAsLists, !row.shelves.isEmpty {
                    let shelves = Set(row.shelves.map { $0.lowercased() })
                    row.entry.tags = row.entry.tags?.filter { !shelves.contains($0.trimmed.lowercased()) }
                }
                do {
                    let book = try row.book.validated(source: .import)
                    let entry = try row.entry.validated()
                    try row.checkTexts()
                    prepared.append(PreparedRow(source: row, book: book, entry: entry))
                } catch let error as ValidationError {
                    failures.append(ImportRowError(line: row.line, reason: "\(error.field): \(error.message)"))
                } catch {
                    failures.append(ImportRowError(line: row.line, reason: "\(error)"))
                }
            }
        }
        return (prepared, failures)
    }

    // MARK: highlights

    /// A highlights file: quotes into the books it matches, the others waiting to be linked
    /// (`HighlightImport`); its problems are the job's failed lines. A preview writes only its
    /// waiting list, so the reader sees which books will need a link.
    private func importHighlights(_ job: ImportJob, onProgress: (@Sendable (ImportJob) async -> Void)?) async throws
        -> ImportJob
    {
        guard let file = try HighlightsFile.read(path: job.filePath) else {
            throw ImportFileError.unreadable("the file is no longer a highlights file")
        }
        let jobID = try job.requireID()
        if job.lastLine <= 1 || job.dryRun {
            let records = file.problems.map {
                ImportRowRecord(jobID: jobID, line: $0.line, outcome: $0.isWarning ? .warning : .failed, reason: $0.message)
            }
            job.failed = records.filter { $0.outcome == .failed }.count
            try await db.writeTransaction { db in
                try await ImportRowRecord.query(on: db).filter(\.$job.$id == jobID).delete()
                for chunk in records.chunked(into: 500) { try await chunk.create(on: db) }
                try await job.save(on: db)
            }
        }
        // The counters move in SQL (a link may come in meanwhile): progress is shown from the row.
        try await HighlightImport(db: db, userID: job.$user.id, now: now()).run(file, job: job) {
            if let current = try await ImportJob.find(jobID, on: db) { await onProgress?(current) }
        }
        guard let current = try await ImportJob.find(jobID, on: db) else { throw DomainError.importNotFound }
        current.status = ImportJob.Status.done
        current.finishedAt = now()
        try await current.save(on: db)
        return current
    }

    // MARK: the dry run

    /// Plans the whole file with reads only (`ImportPreviewPlanner`), writing each batch's failed
    /// rows and warnings as it goes (a short transaction each), so neither a long transaction nor
    /// the file's every warning is held. Run again after a stop, it starts over.
    private func preview(_ job: ImportJob, onProgress: (@Sendable (ImportJob) async -> Void)?) async throws {
        let (userID, jobID) = (job.$user.id, try job.requireID())
        guard let format = ImportFormat(rawValue: job.format) else {
            throw ImportFileError.unreadable("unknown format \(job.format)")
        }
        try await ImportRowRecord.query(on: db).filter(\.$job.$id == jobID).delete()
        let source = BatchSource(reader: try ExportReader(path: job.filePath), size: batchSize, after: 1)
        let planner = ImportPreviewPlanner(db: db, userID: userID, format: format, now: now())
        var (outcomes, processed, failed, mappings) = ([EntryPlan.Outcome: Int](), 0, 0, [Mapping]())
        do {
            while let batch = source.next() {
                try Task.checkCancellation()
                for outcome in try await planner.plan(batch.prepared) { outcomes[outcome, default: 0] += 1 }
                processed += batch.rows.count
                failed += batch.failures.count
                for result in batch.rows { if case .success(let row) = result { Self.count(row, into: &mappings) } }
                let records = Self.rowRecords(jobID: jobID, failures: batch.failures, prepared: batch.prepared)
                job.processed = processed
                try await db.writeTransaction { db in
                    for chunk in records.chunked(into: 500) { try await chunk.create(on: db) }
                    try await job.save(on: db)
                }
                // Between batches no transaction is open: what the job runner does here (renew the
                // lease), and any other reader's write, goes through.
                await onProgress?(job)
            }
        } catch {
            // A failed preview keeps its reason, not half of its rows.
            try? await ImportRowRecord.query(on: db).filter(\.$job.$id == jobID).delete()
            throw error
        }
        job.created = outcomes[.created, default: 0]
        job.merged = outcomes[.merged, default: 0]
        job.unchanged = outcomes[.unchanged, default: 0]
        job.failed = failed
        job.processed = processed
        job.mappings = Self.encodeMappings(mappings)
        job.status = ImportJob.Status.done
        job.finishedAt = now()
        try await job.save(on: db)
    }

    /// A failed row's reason, and each warning of the rows that were imported.
    package static func rowRecords(jobID: UUID, failures: [ImportRowError], prepared: [PreparedRow]) -> [ImportRowRecord] {
        failures.map { ImportRowRecord(jobID: jobID, line: $0.line, outcome: .failed, reason: $0.reason) }
            + prepared.flatMap { row in
                row.source.warnings.map { ImportRowRecord(jobID: jobID, line: row.source.line, outcome: .warning, reason: $0) }
            }
    }

    // MARK: helpers

    private func applyProfile(_ profile: BackupProfile, userID: UUID) async throws {
        guard let user = try await User.find(userID, on: db) else { return }
        user.displayName = profile.displayName
        user.photoURL = profile.photoUrl
        if TimeZone(identifier: profile.timeZone) != nil { user.timeZone = profile.timeZone }
        user.genrePreferences = profile.genrePreferences
        user.onboardingDone = profile.onboardingDone
        try await WritePipeline(db: db, now: now(), clubEvents: nil).run { db, changes in
            try await user.save(on: db)
            changes.changed(.profile, userID, of: userID)
        }
    }

    package static func line(of result: Result<ImportedRow, ImportRowError>) -> Int {
        switch result {
        case .success(let row): return row.line
        case .failure(let error): return error.line
        }
    }

    /// How one of the file's statuses (shelf, read status, collection) maps: `{from, to, rows}`.
    package typealias Mapping = ImportStatusMapping

    package static func count(_ row: ImportedRow, into mappings: inout [Mapping]) {
        let from = row.sourceStatus ?? "(blank)"
        let to = row.entry.status ?? ReadingStatus.wantToRead.rawValue
        if let index = mappings.firstIndex(where: { $0.from == from && $0.to == to }) {
            mappings[index].rows += 1
        } else {
            mappings.append(Mapping(from: from, to: to, rows: 1))
        }
    }

    package static func encodeMappings(_ mappings: [Mapping]) -> String {
        // Keys in one order, so the same mappings are the same text.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let sorted = mappings.sorted { ($0.rows, $1.from) > ($1.rows, $0.from) }
        return String(decoding: (try? encoder.encode(sorted)) ?? Data("[]".utf8), as: UTF8.self)
    }

    package static func json(_ list: [String]) -> String {
        String(decoding: (try? JSONEncoder().encode(list)) ?? Data("[]".utf8), as: UTF8.self)
    }

    package static func sha256(of path: String) throws -> String {
        guard let stream = InputStream(fileAtPath: path) else { throw ImportFileError.unreadable("no such file: \(path)") }
        stream.open()
        defer { stream.close() }
        var hasher = SHA256()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = stream.read(&buffer, maxLength: buffer.count)
            if count <= 0 { break }
            hasher.update(data: buffer[0..<count])
        }
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }

    package init(
        db: any Database, logger: Logger, now: @escaping @Sendable () -> Date, batchSize: Int = 1000, phases: ImportPhases? = nil,
        metrics: DogearMetrics? = nil, tiersEnabled: Bool = false
    ) {
        self.db = db
        self.logger = logger
        self.now = now
        self.batchSize = batchSize
        self.phases = phases
        self.metrics = metrics
        self.tiersEnabled = tiersEnabled
    }
}
