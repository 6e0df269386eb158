import Fluent
import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// Several processes on one database: an import is run by the one process holding its lease.
/// Two `ImportJobs` here stand for two processes.
@Suite("Import jobs across processes: leases")
struct ImportLeaseTests {
    /// A queued job for a file of three books, as an upload makes it.
    static func queuedJob(_ app: Application) async throws -> UUID {
        if try await User.query(on: app.db).count() == 0 { _ = try await app.signUp() }
        let user = try #require(try await User.query(on: app.db).first())
        try FileManager.default.createDirectory(atPath: app.importsDirectory, withIntermediateDirectories: true)
        let path = app.importsDirectory + "/\(UUID().uuidString).upload"
        try ImportTests.threeBooks.write(to: URL(fileURLWithPath: path))
        let job = try await ImportRunner(db: app.db, logger: app.logger, now: app.clock.now).createJob(
            userID: try user.requireID(), filePath: path, fileName: "goodreads.csv", dryRun: false)
        return try job.requireID()
    }

    @Test("a lease is one process's until it runs out; renewing fails for a process that lost it")
    func claims() async throws {
        try await withDogear { app in
            let jobID = try await Self.queuedJob(app)
            let a = ImportJobs(resumeAtBoot: false)
            let b = ImportJobs(resumeAtBoot: false)
            #expect(try await a.claim(jobID, app: app))
            #expect(try await !b.claim(jobID, app: app))
            #expect(try await a.claim(jobID, app: app))  // its own, again
            #expect(try await a.renew(jobID, app: app))
            app.clock = .fixed(fixedNow.addingTimeInterval(ImportJobs.leaseSeconds + 1))
            #expect(try await b.claim(jobID, app: app))  // A died: its lease ran out
            #expect(try await !a.renew(jobID, app: app))
        }
    }

    @Test("two processes resuming the same unfinished job at once: one runs it, the rows are written once")
    func oneRunner() async throws {
        try await withDogear { app in
            let jobID = try await Self.queuedJob(app)
            let a = ImportJobs(resumeAtBoot: false)
            let b = ImportJobs(resumeAtBoot: false)
            async let resumedA: Void = a.resumeOrphans(app)
            async let resumedB: Void = b.resumeOrphans(app)
            _ = try await (resumedA, resumedB)
            await a.wait(for: jobID)
            await b.wait(for: jobID)
            let job = try #require(try await ImportJob.find(jobID, on: app.db))
            #expect(job.status == .done)
            #expect(job.created == 3 && job.merged == 0 && job.processed == 4)
            #expect(job.leaseOwner == a.owner || job.leaseOwner == b.owner)
            #expect(try await LibraryEntry.query(on: app.db).count() == 3)

            // A job whose process is alive (its lease holds) is left alone by the other.
            let second = try await Self.queuedJob(app)
            #expect(try await a.claim(second, app: app))
            try await b.resumeOrphans(app)
            await b.wait(for: second)
            #expect(try await ImportJob.find(second, on: app.db)?.status == .queued)
        }
    }
}
