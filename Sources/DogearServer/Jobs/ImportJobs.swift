import Fluent
import NIOConcurrencyHelpers
import Vapor

/// Runs import jobs in the background of the server, one task per job, and goes on with jobs a
/// stopped server left unfinished when it starts again. The job's row in the database is the
/// record; this only holds the tasks so shutdown can stop them between batches.
final class ImportJobs: LifecycleHandler, @unchecked Sendable {
    private let lock = NIOConcurrencyHelpers.NIOLock()
    private var tasks: [UUID: Task<Void, Never>] = [:]
    /// Whether to pick up unfinished jobs at start (the server does; commands do not).
    let resumeAtBoot: Bool

    init(resumeAtBoot: Bool) {
        self.resumeAtBoot = resumeAtBoot
    }

    func start(_ jobID: UUID, app: Application) {
        var runner = ImportRunner(db: app.db, logger: app.logger, now: app.clock.now)
        runner.metrics = app.metrics
        let uploads = app.importsDirectory
        // Made under the lock, so a job that ends at once cannot unregister before it is registered.
        lock.lock()
        defer { lock.unlock() }
        tasks[jobID] = Task {
            do {
                let job = try await runner.run(jobID)
                // An upload is kept only while its job may still need it (to go on after a restart).
                // A dry run's file waits for the run the reader may confirm (the web app does not upload twice).
                if !job.dryRun, job.status == ImportJob.Status.done || job.status == ImportJob.Status.failed,
                    job.filePath.hasPrefix(uploads)
                {
                    try? FileManager.default.removeItem(atPath: job.filePath)
                }
            } catch is CancellationError {
                app.logger.info("import \(jobID) paused; it goes on at the next start")
            } catch {
                app.logger.report(error: error)
            }
            self.lock.withLock { _ = self.tasks.removeValue(forKey: jobID) }
        }
    }

    /// Waits for a job's task, if it is running here (tests and the CLI).
    func wait(for jobID: UUID) async {
        let task = lock.withLock { tasks[jobID] }
        await task?.value
    }

    private var sweeper: Task<Void, Never>?

    func didBootAsync(_ application: Application) async throws {
        guard resumeAtBoot else { return }
        try await removeStaleUploads(application)
        // Previews nobody ran are swept every hour, not only at start: a server that runs for
        // months must not fill its disk with them.
        sweeper = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(3600))
                guard !Task.isCancelled else { return }
                do { try await self?.removeStaleUploads(application) } catch { application.logger.report(error: error) }
            }
        }
        let unfinished = try await ImportJob.query(on: application.db)
            .filter(\.$status ~~ [ImportJob.Status.queued, ImportJob.Status.running])
            .all()
        for job in unfinished {
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

    func shutdownAsync(_ application: Application) async {
        sweeper?.cancel()
        let running = lock.withLock { Array(tasks.values) }
        for task in running { task.cancel() }
        for task in running { await task.value }
    }
}

extension Application {
    private struct UploadLimitKey: StorageKey { typealias Value = Int }

    /// The largest file an upload may be (`DOGEAR_UPLOAD_LIMIT_MB`, 50 MB).
    var uploadLimit: Int {
        get { storage[UploadLimitKey.self] ?? UploadReceiver.defaultLimit }
        set { storage[UploadLimitKey.self] = newValue }
    }

    private struct ImportJobsKey: StorageKey { typealias Value = ImportJobs }

    var importJobs: ImportJobs {
        get {
            if let jobs = storage[ImportJobsKey.self] { return jobs }
            let jobs = ImportJobs(resumeAtBoot: false)
            storage[ImportJobsKey.self] = jobs
            return jobs
        }
        set { storage[ImportJobsKey.self] = newValue }
    }

    /// Where uploaded files wait for their import: `<data directory>/imports`.
    var importsDirectory: String {
        get { storage[ImportsDirectoryKey.self] ?? "./data/imports" }
        set { storage[ImportsDirectoryKey.self] = newValue }
    }

    private struct ImportsDirectoryKey: StorageKey { typealias Value = String }
}
