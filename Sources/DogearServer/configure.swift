import DogearCore
import DogearScan
import DogearServices
import DogearStore
import Fluent
import FluentPostgresDriver
import FluentSQLiteDriver
import SQLKit
import Vapor

/// Sets up an application from its configuration: database, migrations, coding, errors, routes.
public func configure(_ app: Application, config: DogearConfig) async throws {
    app.http.server.configuration.hostname = config.host
    app.http.server.configuration.port = config.port
    // Descriptions may be 10,000 characters of any script; imports come later and stream.
    app.routes.defaultMaxBodySize = "1mb"

    try configureDatabase(app, config: config)
    // created_at and updated_at from the injected clock (read at each write: tests set it late).
    let clockTimestamps = ClockTimestamps(now: { [weak app] in app?.clock.now() ?? .distantPast })
    for stamping in clockTimestamps.middlewares { app.databases.middleware.use(stamping) }
    if app.databases.configuration(for: .sqliteWriter) != nil {
        // SQLite's write transactions run on a connection of their own (`SQLiteWriters.dedicate`),
        // so the pool's connections, one per event loop, are never held by a write group and a
        // request's reads never wait for one. Model middleware is kept per database: the clock too.
        for stamping in clockTimestamps.middlewares { app.databases.middleware.use(stamping, on: .sqliteWriter) }
        let writer = app.databases.database(
            .sqliteWriter, logger: app.logger, on: SQLiteWriterConfiguration.eventLoopGroup.next())!
        SQLiteWriters.dedicate(writer)
        app.lifecycle.use(SQLiteWriterRelease(writer: writer))
    }
    app.migrations.add(AllMigrations.list)
    app.passwords.use(.bcrypt(cost: config.bcryptCost))
    await app.use(PasswordHasher(cost: config.bcryptCost, threads: config.passwordThreads, maxWaiting: config.passwordQueue))
    app.sessionLifetime = SessionLifetime(idle: config.sessionIdleDays * 86_400, absolute: config.sessionMaxDays * 86_400)
    app.signInThrottle = SignInThrottle(attempts: config.signInAttempts, lockout: config.signInLockoutSeconds)
    app.trustedProxies = Set(config.trustedProxies)
    app.codeGuessThrottle = CodeGuessThrottle()
    app.baseURL = config.baseURL
    app.baseURLIsConfigured = config.configuredBaseURL != nil
    app.databaseChoice = config.database
    app.uploadLimit = config.uploadLimitBytes
    app.dataDirectory = config.dataDirectory
    app.identityProviders = config.identityProviders
    if let smtp = config.smtp {
        app.mailer = Mailer(
            client: SMTPClient(settings: smtp, group: app.eventLoopGroup), logger: app.logger,
            clock: { [weak app] in app?.clock.now() ?? .distantPast })
    }

    let encoder = JSONBytes.appEncoder()
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    ContentConfiguration.global.use(encoder: encoder, for: .json)
    ContentConfiguration.global.use(decoder: decoder, for: .json)

    // Our error shape replaces Vapor's; it must come first to see every error.
    app.middleware = Middlewares()
    // Outermost: every answer is logged and counted as the client gets it.
    app.middleware.use(RequestLogMiddleware())
    app.middleware.use(MetricsMiddleware(metrics: app.metrics))
    if case .sqliteFile = config.database {
        // The one SQLite server process's writers; in-memory test apps leave it alone (they share the line).
        let metrics = app.metrics
        SQLiteWriters.observer.set(
            waited: { metrics.writeWaited(seconds: DogearMetrics.seconds($0)) }, grouped: { metrics.writesGrouped($0) })
    }
    SQLiteWriters.configuredWait.withLockedValue { $0 = .milliseconds(Int64(config.writerWaitLimitSeconds * 1000)) }
    app.middleware.use(APIErrorMiddleware())
    // After the error middleware (which answers its 503), before anything reads the database.
    app.middleware.use(StoppingMiddleware(inFlight: app.inFlightRequests))
    // Public/css and Public/js: the web app's only stylesheet and scripts.
    app.middleware.use(PublicFilesMiddleware(publicDirectory: app.directory.publicDirectory))

    app.configureBookSources(config)
    // After the shared HTTP client is configured (redirects, timeouts): using it fixes its settings.
    app.idTokenVerifier = IDTokenVerifier(client: app.client)
    app.tiersEnabled = config.tiersEnabled
    app.syncRetention = SyncRetention(days: config.syncTombstoneDays)
    try routes(app, config: config)

    // Only a server migrates on its own; `dogear migrate --revert` and `dogear routes` must not.
    let command = app.environment.arguments.dropFirst().first
    if config.autoMigrate, command == nil || command == "serve" {
        try await app.prepareDatabase()
    }
    app.asyncCommands.use(EnrichCommand(), as: "enrich")
    app.asyncCommands.use(ImportCommand(), as: "import")
    app.asyncCommands.use(ExportCommand(), as: "export")
    app.asyncCommands.use(UserCommand(), as: "user")
    app.asyncCommands.use(CatalogCommand(), as: "catalog")
    app.asyncCommands.use(BackupCommand(), as: "backup")
    app.asyncCommands.use(RestoreCommand(), as: "restore")
    app.asyncCommands.use(NotifyCommand(), as: "notify")
    app.importsDirectory = (config.dataDirectory as NSString).appendingPathComponent("imports")
    let jobs = ImportJobs(resumeAtBoot: command == nil || command == "serve")
    app.importJobs = jobs
    app.lifecycle.use(jobs)
    if config.backgroundEnrichment, !config.offline, command == nil || command == "serve" {
        app.lifecycle.use(BackgroundLoop.enrichment())
    }
    if config.backgroundEnrichment, command == nil || command == "serve" {
        // DOGEAR_ENRICH is the switch for background work: offline the deck's index is still kept,
        // and nothing is fetched.
        app.lifecycle.use(BackgroundLoop.discover(fetching: !config.offline))
    }
    if config.backgroundNotifications, command == nil || command == "serve" {
        app.lifecycle.use(BackgroundLoop.notifications())
    }
    let push = WebPush(
        services: config.pushServices, subject: config.vapidSubject ?? config.baseURL,
        configuredKey: config.vapidPrivateKey, running: config.backgroundPush && (command == nil || command == "serve"))
    app.webPush = push
    app.lifecycle.use(push)
    // A club's activity committed (in this process or, on PostgreSQL, any): replies and mentions
    // are pushed now rather than at the next round.
    app.clubEvents.observeDeliveries { [weak push] in push?.wake() }
    app.scanWorker = ScanWorker(
        availability: ScanEngine.onThisMachine, workers: config.scanWorkers, timeLimit: .seconds(config.scanTimeLimitSeconds),
        sweeping: command == nil || command == "serve")
    app.lifecycle.use(app.scanWorker)
    if command == nil || command == "serve" {
        // Made here, before any request: the signal handler then only flips the box's value and
        // never writes `Application.storage` from its own thread.
        app.isStopping = false
        app.lifecycle.use(GracefulShutdown())
    }
    if case .sqliteFile = config.database {
        // WAL lets readers go on while one request writes.
        _ = try await app.db.sql.raw("PRAGMA journal_mode=WAL").all()
    }
}

private func configureDatabase(_ app: Application, config: DogearConfig) throws {
    switch config.database {
    case .sqliteMemory:
        // One identifier for both: the writers' connection must open the same database.
        let storage = SQLiteConfiguration(storage: .memory(identifier: UUID().uuidString))
        app.databases.use(.sqliteReaders(storage), as: .sqlite)
        app.databases.use(.sqliteWriter(storage), as: .sqliteWriter)
    case .sqliteFile(let path):
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        app.databases.use(.sqliteReaders(.file(path)), as: .sqlite)
        app.databases.use(.sqliteWriter(.file(path)), as: .sqliteWriter)
    case .postgres(let url):
        var postgres = try SQLPostgresConfiguration(url: url)
        if let searchPath = config.postgresSearchPath {
            postgres.searchPath = searchPath
        }
        // A few connections per event loop, and time to wait for one: with one, a burst of writes
        // (50 lists made at once) queued past the 10-second default and answered 500.
        app.databases.use(
            .postgres(
                configuration: postgres, maxConnectionsPerEventLoop: 4,
                connectionPoolTimeout: .milliseconds(Int64(config.connectionWaitLimitSeconds * 1000))),
            as: .psql)
        // Club feeds go live across every process sharing the database (LISTEN/NOTIFY).
        app.lifecycle.use(PostgresClubListener(configuration: postgres.coreConfiguration))
    }
}

extension Application {
    /// Applies pending migrations, then the data steps that follow them and that a migration may
    /// not do itself (it must not call the app's code): entries without a search document are indexed.
    ///
    /// On PostgreSQL several processes may start at once: they take turns under an advisory lock,
    /// so one migrates and the others find it done (without it, two created the same table and one
    /// failed to start).
    package func prepareDatabase() async throws {
        guard db.sql.databaseDialect.isSharedByProcesses else { return try await migrateAndIndex() }
        try await db.withConnection { connection in
            let sql = connection.sql
            try await sql.raw("SELECT pg_advisory_lock(\(literal: Self.migrationLockKey))").run()
            do {
                try await self.migrateAndIndex()
            } catch {
                _ = try? await sql.raw("SELECT pg_advisory_unlock(\(literal: Self.migrationLockKey))").run()
                throw error
            }
            try await sql.raw("SELECT pg_advisory_unlock(\(literal: Self.migrationLockKey))").run()
        }
    }

    /// Applies the pending migrations one at a time, each with its row in `_fluent_migrations` in
    /// one transaction (Fluent's own `autoMigrate` commits a migration's statements one by one and
    /// records it after): a process killed mid-migration leaves it wholly applied or not at all,
    /// where a half-applied one stopped every later start ("duplicate column name"). The records are
    /// Fluent's, so `dogear migrate --revert` still works.
    package func migrateInTransactions() async throws {
        try await MigrationLog.migration.prepare(on: db).get()
        let applied = try await MigrationLog.query(on: db).all()
        let done = Set(applied.map(\.name))
        let batch = (applied.map(\.batch).max() ?? 0) + 1
        for migration in AllMigrations.list where !done.contains(migration.name) {
            logger.info("migrating: \(migration.name)")
            try await db.transaction { database in
                try await migration.prepare(on: database)
                try await MigrationLog(name: migration.name, batch: batch).create(on: database)
            }
        }
    }

    /// The advisory lock's key: any number, the same in every process ("dogear" in ASCII).
    package static let migrationLockKey = 0x646F_6765_6172

    private func migrateAndIndex() async throws {
        try await migrateInTransactions()
        let indexed = try await SearchIndexer(db: db).indexMissing()
        if indexed > 0 { logger.info("search index: indexed \(indexed) entries that had no document") }
    }
}
