import DogearServices
import DogearStore
import Fluent
import NIOConcurrencyHelpers
import Vapor

/// Runs import jobs in the background of the server, one task per job, and goes on with jobs a
/// stopped server left unfinished when it starts again. The job's row in the database is the
/// record; this only holds the tasks so shutdown can stop them between batches.
///
/// Several processes may share one database, so a job is run only by the process holding its lease
/// (`lease_owner`, `lease_until`): claimed with one conditional UPDATE before the first batch,
/// renewed after every batch (a process that finds its lease gone stops), and taken over by another
/// process only once it has run out, which is what happens to the jobs of a process that died.
/// Every minute each process looks for such jobs.
package final class ImportJobs: LifecycleHandler, @unchecked Sendable {
    private let lock = NIOConcurrencyHelpers.NIOLock()
    private var tasks: [UUID: Task<Void, Never>] = [:]
    /// Whether to pick up unfinished jobs at start (the server does; commands do not).
    package let resumeAtBoot: Bool
    /// This process, as a lease names it.
    package let owner = UUID.timeOrdered()
    /// A lease lasts this long unless renewed: a heartbeat renews it every `heartbeat` while the job
    /// runs (and each batch does too), so a dead process's import is taken over within about
    /// `leaseSeconds` plus one `sweepEvery`.
    package static let leaseSeconds: TimeInterval = 30
    package static let heartbeat: Duration = .seconds(10)
    package static let sweepEvery: Duration = .seconds(15)

    package init(resumeAtBoot: Bool) {
        self.resumeAtBoot = resumeAtBoot
    }

    /// Takes the job's lease for this process: true when it may run the job (nobody holds it, this
    /// process already does, or the holder's lease ran out).
    package func claim(_ jobID: UUID, app: Application) async throws -> Bool {
        let now = app.clock.now()
        let until = now.addingTimeInterval(Self.leaseSeconds)
        let rows = try await app.db.sql.raw(
            """
            UPDATE imports SET lease_owner = \(bind: owner), lease_until = \(bind: until)
            WHERE id = \(bind: jobID)
              AND (lease_owner IS NULL OR lease_owner = \(bind: owner) OR lease_until IS NULL OR lease_until < \(bind: now))
            RETURNING id
            """
        ).all()
        return rows.count == 1
    }

    /// Extends this process's lease; false when another process has taken the job.
    package func renew(_ jobID: UUID, app: Application) async throws -> Bool {
        let until = app.clock.now().addingTimeInterval(Self.leaseSeconds)
        let rows = try await app.db.sql.raw(
            """
            UPDATE imports SET lease_until = \(bind: until)
            WHERE id = \(bind: jobID) AND lease_owner = \(bind: owner) RETURNING id
            """
        ).all()
        return rows.count == 1
    }

    /// Gives the lease back (the server is stopping between two batches): another process may go on
    /// with the job at once instead of waiting for the lease to run out.
    package func release(_ jobID: UUID, app: Application) async throws {
        try await app.db.sql.raw(
            """
            UPDATE imports SET lease_owner = NULL, lease_until = NULL
            WHERE id = \(bind: jobID) AND lease_owner = \(bind: owner)
            """
        ).run()
    }

    package func start(_ jobID: UUID, app: Application) {
        var runner = ImportRunner(db: app.db, logger: app.logger, now: app.clock.now)
        runner.tiersEnabled = app.tiersEnabled
        runner.metrics = app.metrics
        let uploads = app.importsDirectory
        // Made under the lock, so a job that ends at once cannot unregister before it is registered.
        lock.lock()
        defer { lock.unlock() }
        guard tasks[jobID] == nil else { return }
        tasks[jobID] = Task {
            do {
                guard try await self.claim(jobID, app: app) else {
                    app.logger.info("import \(jobID) is being run by another process")
                    self.lock.withLock { _ = self.tasks.removeValue(forKey: jobID) }
                    return
                }
                app.logger.info("import \(jobID): running in this process")
                let heartbeat = Task {
                    while !Task.isCancelled {
                        try? await Task.sleep(for: Self.heartbeat)
                        if Task.isCancelled { return }
                        if (try? await self.renew(jobID, app: app)) == false { return }
                    }
                }
                defer { heartbeat.cancel() }
                let job = try await runner.run(jobID) { _ in
                    // After each batch: still ours? If another process took the job over, stop.
                    if (try? await self.renew(jobID, app: app)) == false {
                        app.logger.warning("import \(jobID): another process took it over; stopping here")
                        withUnsafeCurrentTask { $0?.cancel() }
                    }
                }
                // An upload is kept only while its job may still need it (to go on after a restart).
                // A dry run's file waits for the run the reader may confirm (the web app does not upload twice).
                if !job.dryRun, job.status == ImportJob.Status.done || job.status == ImportJob.Status.failed,
                    job.filePath.hasPrefix(uploads)
                {
                    try? FileManager.default.removeItem(atPath: job.filePath)
                }
            } catch is CancellationError {
                // Its last batch is committed (each batch is): the job goes on from the next row,
                // here at the next start or in another process now. (A fresh task: this one is cancelled.)
                let line = await Task {
                    try? await self.release(jobID, app: app)
                    return (try? await ImportJob.find(jobID, on: app.db))?.lastLine ?? 0
                }.value
                app.logger.info("import \(jobID) paused after line \(line); it goes on at the next start or in another process")
            } catch {
                app.logger.report(error: error)
            }
            self.lock.withLock { _ = self.tasks.removeValue(forKey: jobID) }
        }
    }

    /// Waits for a job's task, if it is running here (tests and the CLI).
    package func wait(for jobID: UUID) async {
        let task = lock.withLock { tasks[jobID] }
        await task?.value
    }

    private var sweeper: Task<Void, Never>?

    package func didBootAsync(_ application: Application) async throws {
        guard resumeAtBoot else { return }
        try await removeStaleUploads(application)
        try await resumeOrphans(application)
        // Every 15 seconds: jobs whose process died (their lease ran out); every hour: previews
        // nobody ran, so a server that runs for months does not fill its disk with them.
        sweeper = Task { [weak self] in
            var sweeps = 0
            while !Task.isCancelled {
                try? await Task.sleep(for: Self.sweepEvery)
                guard !Task.isCancelled, let self else { return }
                sweeps += 1
                do {
                    try await self.resumeOrphans(application)
                    if sweeps % 240 == 0 { try await self.removeStaleUploads(application) }
                } catch {
                    application.logger.report(error: error)
                }
            }
        }
    }

    /// Starts the unfinished jobs nobody holds a live lease on (a stopped server's, a dead process's).
    package func resumeOrphans(_ application: Application) async throws {
        let now = application.clock.now()
        let unfinished = try await ImportJob.query(on: application.db)
            .filter(\.$status ~~ [ImportJob.Status.queued, ImportJob.Status.running])
            .all()
            .filter { $0.leaseOwner == owner || $0.leaseUntil.map { $0 < now } ?? true }
        for job in unfinished where lock.withLock({ tasks[job.id!] == nil }) {
            application.logger.info("import \(job.id!) was not finished; going on from line \(job.lastLine)")
            start(try job.requireID(), app: application)
        }
    }

    /// Uploads older than a day that no unfinished job needs (previews nobody confirmed).
    private func removeStaleUploads(_ application: Application) async throws {
        let directory = application.importsDirectory
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        let needed = Set(
            try await ImportJob.query(on: application.db)
                .filter(\.$status ~~ [ImportJob.Status.queued, ImportJob.Status.running]).all().map(\.filePath))
        let dayAgo = application.clock.now().addingTimeInterval(-86_400)
        for name in names {
            let path = (directory as NSString).appendingPathComponent(name)
            let modified =
                (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? application.clock.now()
            if modified < dayAgo, !needed.contains(path) { try? FileManager.default.removeItem(atPath: path) }
        }
    }

    package func shutdownAsync(_ application: Application) async {
        sweeper?.cancel()
        let running = lock.withLock { Array(tasks.values) }
        for task in running { task.cancel() }
        for task in running { await task.value }
    }
}

extension Application {
    private struct UploadLimitKey: StorageKey { typealias Value = Int }

    /// The largest file an upload may be (`DOGEAR_UPLOAD_LIMIT_MB`, 50 MB).
    package var uploadLimit: Int {
        get { storage[UploadLimitKey.self] ?? UploadReceiver.defaultLimit }
        set { storage[UploadLimitKey.self] = newValue }
    }

    private struct ImportJobsKey: StorageKey { typealias Value = ImportJobs }

    package var importJobs: ImportJobs {
        get {
            if let jobs = storage[ImportJobsKey.self] { return jobs }
            let jobs = ImportJobs(resumeAtBoot: false)
            storage[ImportJobsKey.self] = jobs
            return jobs
        }
        set { storage[ImportJobsKey.self] = newValue }
    }

    /// Where uploaded files wait for their import: `<data directory>/imports`.
    package var importsDirectory: String {
        get { storage[ImportsDirectoryKey.self] ?? "./data/imports" }
        set { storage[ImportsDirectoryKey.self] = newValue }
    }

    private struct ImportsDirectoryKey: StorageKey { typealias Value = String }
}
