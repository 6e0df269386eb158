import DogearCore
import DogearScan
import DogearServices
import DogearStore
import Fluent
import NIOConcurrencyHelpers
import NIOPosix
import SQLKit
import Vapor

/// Reads queued shelf photos off the request threads: at most `workers` at once in this process,
/// on a thread pool of their own (a photo keeps a core busy for a second or more, and the
/// application's pool runs SQLite's queries), and a reader's photos one at a time.
///
/// Scans are claimed from the database (`queued` → `reading`, one statement), so any process can
/// take any upload and none is read twice. An upload rings `nudge()`; a sweep every few seconds
/// takes what a nudge missed, fails scans whose process died while reading them, and deletes
/// photos past their 30 days.
package final class ScanWorker: LifecycleHandler, Sendable {
    package let availability: ScanEngine.Availability
    package let workers: Int
    package let timeLimit: Duration
    private let pool: NIOThreadPool
    private let busy = NIOLockedValueBox(0)
    private let application = NIOLockedValueBox<Application?>(nil)
    private let sweeper = NIOLockedValueBox<Task<Void, Never>?>(nil)
    private let running = NIOLockedValueBox<[UUID: Task<Void, Never>]>([:])

    /// `sweeping`: the server runs the sweep; a command (a benchmark, a migration) does not.
    package let sweeping: Bool

    package init(availability: ScanEngine.Availability, workers: Int, timeLimit: Duration, sweeping: Bool = false) {
        self.availability = availability
        self.sweeping = sweeping
        self.workers = workers
        self.timeLimit = timeLimit
        pool = NIOThreadPool(numberOfThreads: workers)
        pool.start()
    }

    /// Why this server cannot scan, when it cannot.
    package var unavailable: ScanUnavailable? {
        if case .unavailable(let reason) = availability { return reason }
        return nil
    }

    package func didBootAsync(_ application: Application) async throws {
        self.application.withLockedValue { $0 = application }
        if let reason = unavailable {
            application.logger.warning("shelf scanning is unavailable: \(reason.reason)")
        } else if case .available(let engine) = availability, let spines = engine.spinesUnavailable {
            application.logger.warning("shelf scans will read barcodes only: \(spines.reason)")
        }
        guard sweeping else { return }
        let task = Task { [weak self] in
            while !Task.isCancelled {
                await self?.sweep()
                try? await Task.sleep(for: .seconds(5))
            }
        }
        sweeper.withLockedValue { $0 = task }
    }

    package func shutdownAsync(_ application: Application) async {
        await stopReading()
        try? await pool.shutdownGracefully()
        self.application.withLockedValue { $0 = nil }
    }

    /// Stops the sweep and waits for the photos being read to be put down (a cancelled reader
    /// takes no further scan). Shutdown calls it; so does a test before it drops its schema, since
    /// a reader still writing a scan then would hold locks the drop waits on.
    package func stopReading() async {
        sweeper.withLockedValue { $0 }?.cancel()
        let tasks = running.withLockedValue { Array($0.values) }
        for task in tasks { task.cancel() }
        for task in tasks { await task.value }
    }

    /// Starts reading queued scans when a worker is free (an upload calls it after committing).
    package func nudge(_ application: Application) {
        self.application.withLockedValue { $0 = $0 ?? application }
        let taken = busy.withLockedValue { count -> Bool in
            guard count < workers else { return false }
            count += 1
            return true
        }
        guard taken else { return }
        let id = UUID.timeOrdered()
        let task = Task { [self] in
            defer {
                busy.withLockedValue { $0 -= 1 }
                _ = running.withLockedValue { $0.removeValue(forKey: id) }
            }
            while !Task.isCancelled, let scanID = try? await claim(on: application.db) {
                await read(scanID, application: application)
            }
        }
        running.withLockedValue { $0[id] = task }
    }

    /// The oldest queued scan of a reader with none being read, marked `reading`; nil when none.
    package func claim(on db: any Database) async throws -> UUID? {
        let candidates = try await db.sql.raw(
            """
            SELECT id FROM scans s WHERE status = 'queued' AND NOT EXISTS (
              SELECT 1 FROM scans r WHERE r.user_id = s.user_id AND r.status IN ('reading', 'lookingUp'))
            ORDER BY created_at LIMIT 5
            """
        ).all(decoding: IDRow.self)
        let now = application.withLockedValue { $0 }?.clock.now() ?? Date()
        for candidate in candidates {
            let claimed = try await db.sql.update(ShelfScan.schema)
                .set("status", to: ShelfScan.Status.reading.rawValue).set("started_at", to: now)
                .where("id", .equal, candidate.id).where("status", .equal, ShelfScan.Status.queued.rawValue)
                .returning("id").all()
            if !claimed.isEmpty { return candidate.id }
        }
        return nil
    }

    private struct IDRow: Decodable { let id: UUID }

    /// One scan from its photo to its proposals; a failure is written on the scan for its reader.
    private func read(_ scanID: UUID, application: Application) async {
        let reading = ScanReading(
            db: application.db, chain: application.lookupChain, now: application.clock.now, logger: application.logger)
        do {
            guard case .available(let engine) = availability else {
                try await reading.fail(scanID, "scanning is unavailable on this server: \(unavailable?.reason ?? "")")
                return
            }
            guard let photo = try await ShelfScanPhoto.find(scanID, on: application.db) else {
                try await reading.fail(scanID, "the photo is gone")
                return
            }
            let bytes = [UInt8](photo.bytes)
            let deadline = ContinuousClock.now + timeLimit
            let result = try await pool.runIfActive { () -> Result<PhotoReading, ScanPhoto.Failure> in
                do throws(ScanPhoto.Failure) {
                    return .success(try engine.read(bytes, deadline: deadline))
                } catch {
                    return .failure(error)
                }
            }
            switch result {
            case .success(let photoReading):
                try await reading.propose(scanID, from: photoReading, spinesUnavailable: engine.spinesUnavailable)
            case .failure(let failure):
                try await reading.fail(scanID, failure.message)
            }
        } catch {
            application.logger.report(error: error)
            try? await reading.fail(scanID, "this photo could not be read; send it again")
        }
    }

    /// What the nudges missed, scans whose process stopped while reading them, and old photos.
    private func sweep() async {
        guard let application = application.withLockedValue({ $0 }) else { return }
        let db = application.db
        let now = application.clock.now()
        do {
            // A process that dies mid-photo leaves it `reading`; long past the time limit it is
            // told to its reader as failed rather than shown as reading for ever.
            let stale = now.addingTimeInterval(-(Double(timeLimit.components.seconds) + 600))
            try await db.sql.update(ShelfScan.schema)
                .set("status", to: ShelfScan.Status.failed.rawValue)
                .set("message", to: "the server stopped while reading this photo; send it again")
                .set("finished_at", to: now)
                .where("status", .in, [ShelfScan.Status.reading.rawValue, ShelfScan.Status.lookingUp.rawValue])
                .where("started_at", .lessThan, stale)
                .run()
            try await ScanRetentionSweep(db: db, now: now).run()
            let queued = try await ShelfScan.query(on: db).filter(\.$status == .queued).count()
            if queued > 0 { nudge(application) }
        } catch {
            application.logger.report(error: error)
        }
    }
}

extension Application {
    private struct ScanWorkerKey: StorageKey { typealias Value = ScanWorker }

    /// Set up by `configure`; tests may set their own before it boots.
    package var scanWorker: ScanWorker {
        get {
            if let worker = storage[ScanWorkerKey.self] { return worker }
            let worker = ScanWorker(
                availability: .unavailable(ScanUnavailable(reason: "not configured")), workers: 1, timeLimit: .seconds(60))
            storage[ScanWorkerKey.self] = worker
            return worker
        }
        set { storage[ScanWorkerKey.self] = newValue }
    }
}

extension ScanEngine {
    /// The libraries on this machine, opened once per process (Tesseract's English data takes a
    /// moment to load, and every test's application would otherwise load it again).
    package static let onThisMachine = ScanEngine.load()
}

/// The scan service's queue: this worker, woken with the application it reads photos for.
package struct ScanWorkerQueue: ScanQueue {
    package let worker: ScanWorker
    package let application: Application

    package var availability: ScanEngine.Availability { worker.availability }

    package func wake() { worker.nudge(application) }
}
