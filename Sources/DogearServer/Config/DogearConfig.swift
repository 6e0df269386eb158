import DogearCore
import DogearServices
import DogearStore
import Foundation

/// Every setting Dogear reads, decoded once from the environment at start-up with working defaults
/// (isowords' EnvVars habit). Nothing below `configure` reads the environment itself.
public struct DogearConfig: Sendable {
    public enum DatabaseChoice: Sendable, Equatable {
        /// The embedded default: one file, created and migrated on first start.
        case sqliteFile(path: String)
        /// For tests.
        case sqliteMemory
        case postgres(url: String)

        public var kind: String {
            switch self {
            case .sqliteFile, .sqliteMemory: return "sqlite"
            case .postgres: return "postgres"
            }
        }
    }

    public var dataDirectory: String
    public var database: DatabaseChoice
    public var host: String
    public var port: Int
    /// Where readers reach the server (`DOGEAR_BASE_URL`), when the operator said; nil: links take
    /// the address each request came to (`Request.baseURL`).
    public var configuredBaseURL: String?
    /// The configured address, else this process's own host and port (for links made with no
    /// request: the command line's reset links).
    public var baseURL: String {
        get { configuredBaseURL ?? "http://\(host):\(port)" }
        set { configuredBaseURL = newValue }
    }
    /// Free/premium tiers; off means everyone has everything.
    public var tiersEnabled: Bool
    public var offline: Bool
    public var openLibraryBaseURL: String
    public var openLibraryCoversBaseURL: String
    public var googleBooksBaseURL: String
    public var googleBooksAPIKey: String?
    /// Run pending migrations when the server starts.
    public var autoMigrate: Bool
    /// Extra search_path for PostgreSQL (tests give each suite its own schema).
    public var postgresSearchPath: [String]?
    /// Fill missing covers, pages and descriptions in the background while serving.
    public var backgroundEnrichment = true
    /// Meeting reminders and schedule warnings every five minutes (`serve` only; tests run the sweep themselves).
    public var backgroundNotifications = true
    /// Web Push sent as notifications are written (`serve` only; tests send a round themselves).
    public var backgroundPush = true
    /// The push services pushes go to (`DOGEAR_PUSH_SERVICES`, comma-separated: hosts, matched with
    /// their subdomains, over HTTPS, or `http://host:port` for one on this machine); the browsers'
    /// own by default. A subscription to any other is refused.
    package var pushServices = PushService.browsers
    /// The VAPID key (`DOGEAR_VAPID_PRIVATE_KEY`, the P-256 scalar in base64url); unset, the server
    /// makes one at first start and keeps it in its database.
    package var vapidPrivateKey: String?
    /// How push services reach the operator (`DOGEAR_VAPID_SUBJECT`, `mailto:` or `https:`);
    /// unset, the server's address.
    package var vapidSubject: String?
    /// How long a write waits for SQLite's one writer turn before it is answered 503 `busy`. The
    /// turn is the process's, so a test process, where hundreds of databases share it, waits longer.
    public var writerWaitLimitSeconds: Double = 10
    /// How long a request waits for one of PostgreSQL's pooled connections before it fails.
    public var connectionWaitLimitSeconds: Double = 30
    /// How long one online source may take for one lookup or search.
    public var sourceTimeLimitSeconds: Double = 10
    /// One source's own limit, by name (`openLibrary`, `googleBooks`), where it differs.
    public var sourceTimeLimitsSeconds: [String: Double] = [:]
    /// bcrypt work factor; tests lower it to keep sign-ups fast.
    public var bcryptCost: Int = 12
    /// Threads that hash passwords (a pool of their own) and how many hashes may wait for one.
    public var passwordThreads: Int = max(1, ProcessInfo.processInfo.activeProcessorCount / 2)
    public var passwordQueue: Int = 16
    /// Wrong passwords an account may send within `signInLockoutSeconds` before it waits that long
    /// (`DOGEAR_SIGNIN_ATTEMPTS`, `DOGEAR_SIGNIN_LOCKOUT`); an address may send four times as many.
    public var signInAttempts: Int = 5
    public var signInLockoutSeconds: Double = 900
    /// A session ends after this long unused, and in any case this long after sign-in
    /// (`DOGEAR_SESSION_IDLE_DAYS`, `DOGEAR_SESSION_MAX_DAYS`).
    public var sessionIdleDays: Double = 30
    public var sessionMaxDays: Double = 365
    /// Addresses of proxies whose `X-Forwarded-Proto` is believed (`DOGEAR_TRUSTED_PROXIES`, comma-separated).
    public var trustedProxies: [String] = []
    /// Where mail goes (`SMTP_URL`, `SMTP_FROM`, `SMTP_CA_FILE`); nil sends none, and the operator
    /// hands out password reset links with `dogear user reset-link`.
    package var smtp: SMTPSettings?
    /// The largest file an upload may be (`DOGEAR_UPLOAD_LIMIT_MB`); `dogear import` has none.
    package var uploadLimitBytes = 50 * 1024 * 1024
    /// `/metrics` answers only with `Authorization: Bearer` this token; unset, it is off (404).
    package var metricsToken: String?
    /// How long apps that sync are told of deletions (`DOGEAR_SYNC_TOMBSTONE_DAYS`); a cursor older
    /// than that answers 410 `resyncRequired`.
    package var syncTombstoneDays = SyncRetention.defaultDays
    /// Shelf photos read at once by this process (`DOGEAR_SCAN_WORKERS`, 1: reading a photo keeps
    /// a core busy), and the time one photo may take (`DOGEAR_SCAN_TIME_LIMIT`, seconds).
    package var scanWorkers = 1
    package var scanTimeLimitSeconds = 60.0
    /// `dogear bench http`'s reference routes (`DOGEAR_BENCH_ROUTES`): a trivial answer and the
    /// library page by one hand-written SQL statement. Off unless a benchmark turns it on.
    package var benchRoutes = false
    /// Sign in with Apple and Google, each on when its client IDs are set.
    package var identityProviders: [IdentityProvider] = []

    public init(
        dataDirectory: String = "./data",
        database: DatabaseChoice? = nil,
        host: String = "127.0.0.1",
        port: Int = 8080,
        baseURL: String? = nil,
        tiersEnabled: Bool = false,
        offline: Bool = false,
        openLibraryBaseURL: String = "https://openlibrary.org",
        openLibraryCoversBaseURL: String = "https://covers.openlibrary.org",
        googleBooksBaseURL: String = "https://www.googleapis.com",
        googleBooksAPIKey: String? = nil,
        autoMigrate: Bool = true,
        postgresSearchPath: [String]? = nil
    ) {
        self.dataDirectory = dataDirectory
        self.database = database ?? .sqliteFile(path: (dataDirectory as NSString).appendingPathComponent("dogear.sqlite"))
        self.host = host
        self.port = port
        self.configuredBaseURL = baseURL
        self.tiersEnabled = tiersEnabled
        self.offline = offline
        self.openLibraryBaseURL = openLibraryBaseURL
        self.openLibraryCoversBaseURL = openLibraryCoversBaseURL
        self.googleBooksBaseURL = googleBooksBaseURL
        self.googleBooksAPIKey = googleBooksAPIKey
        self.autoMigrate = autoMigrate
        self.postgresSearchPath = postgresSearchPath
    }

    /// Reads the settings from an environment dictionary; a malformed value is an error naming it.
    public static func fromEnvironment(_ env: [String: String] = ProcessInfo.processInfo.environment) throws -> DogearConfig {
        func value(_ name: String) -> String? {
            guard let raw = env[name]?.trimmingCharacters(in: .whitespaces), !raw.isEmpty else { return nil }
            return raw
        }
        func flag(_ name: String, default fallback: Bool) throws -> Bool {
            guard let raw = value(name)?.lowercased() else { return fallback }
            switch raw {
            case "1", "true", "yes", "on": return true
            case "0", "false", "no", "off": return false
            default: throw ConfigError(setting: name, message: "use true or false (got '\(raw)')")
            }
        }
        let dataDirectory = value("DOGEAR_DATA_DIR") ?? "./data"
        var database: DatabaseChoice?
        if let url = value("DATABASE_URL") {
            if url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") {
                database = .postgres(url: url)
            } else if url.hasPrefix("sqlite://") {
                let path = String(url.dropFirst("sqlite://".count))
                database = path == ":memory:" ? .sqliteMemory : .sqliteFile(path: path)
            } else {
                throw ConfigError(
                    setting: "DATABASE_URL", message: "use postgres://user:password@host:port/database or sqlite://path")
            }
        }
        var port = 8080
        if let raw = value("DOGEAR_PORT") {
            guard let parsed = Int(raw), (1...65_535).contains(parsed) else {
                throw ConfigError(setting: "DOGEAR_PORT", message: "must be a port number 1–65535 (got '\(raw)')")
            }
            port = parsed
        }
        let host = value("DOGEAR_HOST") ?? "127.0.0.1"
        var config = DogearConfig(
            dataDirectory: dataDirectory,
            database: database,
            host: host,
            port: port,
            baseURL: value("DOGEAR_BASE_URL"),
            tiersEnabled: try flag("DOGEAR_TIERS", default: false),
            offline: try flag("DOGEAR_OFFLINE", default: false),
            openLibraryBaseURL: value("OPENLIBRARY_BASE_URL") ?? "https://openlibrary.org",
            openLibraryCoversBaseURL: value("OPENLIBRARY_COVERS_BASE_URL") ?? "https://covers.openlibrary.org",
            googleBooksBaseURL: value("GOOGLE_BOOKS_BASE_URL") ?? "https://www.googleapis.com",
            googleBooksAPIKey: value("GOOGLE_BOOKS_API_KEY"),
            autoMigrate: try flag("DOGEAR_AUTO_MIGRATE", default: true)
        )
        config.backgroundEnrichment = try flag("DOGEAR_ENRICH", default: true)
        config.trustedProxies = (value("DOGEAR_TRUSTED_PROXIES") ?? "").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        for (name, keyPath) in [
            ("DOGEAR_SESSION_IDLE_DAYS", \DogearConfig.sessionIdleDays),
            ("DOGEAR_SESSION_MAX_DAYS", \DogearConfig.sessionMaxDays),
        ] {
            guard let raw = value(name) else { continue }
            guard let days = Double(raw), days > 0, days <= 3_650 else {
                throw ConfigError(setting: name, message: "days, more than 0 and at most 3650 (got '\(raw)')")
            }
            config[keyPath: keyPath] = days
        }
        if let raw = value("DOGEAR_SIGNIN_ATTEMPTS") {
            guard let attempts = Int(raw), (1...1_000).contains(attempts) else {
                throw ConfigError(setting: "DOGEAR_SIGNIN_ATTEMPTS", message: "a number from 1 to 1000 (got '\(raw)')")
            }
            config.signInAttempts = attempts
        }
        if let raw = value("DOGEAR_SIGNIN_LOCKOUT") {
            guard let seconds = Double(raw), seconds >= 1, seconds <= 86_400 else {
                throw ConfigError(setting: "DOGEAR_SIGNIN_LOCKOUT", message: "seconds, from 1 to 86400 (got '\(raw)')")
            }
            config.signInLockoutSeconds = seconds
        }
        if let raw = value("DOGEAR_SOURCE_TIMEOUT") {
            guard let seconds = Double(raw), seconds > 0, seconds <= 120 else {
                throw ConfigError(
                    setting: "DOGEAR_SOURCE_TIMEOUT", message: "seconds, more than 0 and at most 120 (got '\(raw)')")
            }
            config.sourceTimeLimitSeconds = seconds
        }
        func list(_ name: String) -> [String]? {
            let items = (value(name) ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
            return items.isEmpty ? nil : items
        }
        if let clientIDs = list("APPLE_CLIENT_IDS") {
            config.identityProviders.append(
                .apple(clientIDs: clientIDs, jwksURL: value("APPLE_JWKS_URL"), issuer: value("APPLE_ISSUER")))
        }
        if let clientIDs = list("GOOGLE_CLIENT_IDS") {
            config.identityProviders.append(
                .google(clientIDs: clientIDs, jwksURL: value("GOOGLE_JWKS_URL"), issuers: list("GOOGLE_ISSUERS")))
        }
        config.metricsToken = value("DOGEAR_METRICS_TOKEN")
        if let raw = value("DOGEAR_SYNC_TOMBSTONE_DAYS") {
            guard let days = Int(raw), (1...3_650).contains(days) else {
                throw ConfigError(setting: "DOGEAR_SYNC_TOMBSTONE_DAYS", message: "must be a whole number of days from 1 to 3650")
            }
            config.syncTombstoneDays = days
        }
        if let raw = value("DOGEAR_SCAN_WORKERS") {
            guard let workers = Int(raw), (1...64).contains(workers) else {
                throw ConfigError(setting: "DOGEAR_SCAN_WORKERS", message: "a whole number from 1 to 64 (got '\(raw)')")
            }
            config.scanWorkers = workers
        }
        if let raw = value("DOGEAR_SCAN_TIME_LIMIT") {
            guard let seconds = Double(raw), seconds >= 1, seconds <= 3_600 else {
                throw ConfigError(setting: "DOGEAR_SCAN_TIME_LIMIT", message: "seconds, from 1 to 3600 (got '\(raw)')")
            }
            config.scanTimeLimitSeconds = seconds
        }
        if let raw = value("DOGEAR_UPLOAD_LIMIT_MB") {
            guard let megabytes = Int(raw), (1...1_024).contains(megabytes) else {
                throw ConfigError(setting: "DOGEAR_UPLOAD_LIMIT_MB", message: "megabytes, from 1 to 1024 (got '\(raw)')")
            }
            config.uploadLimitBytes = megabytes * 1024 * 1024
        }
        config.benchRoutes = try flag("DOGEAR_BENCH_ROUTES", default: false)
        if let services = list("DOGEAR_PUSH_SERVICES") {
            config.pushServices = try services.map { setting in
                guard let service = PushService(setting: setting) else {
                    throw ConfigError(
                        setting: "DOGEAR_PUSH_SERVICES", message: "give host names or http://host:port (got '\(setting)')")
                }
                return service
            }
        }
        if let key = value("DOGEAR_VAPID_PRIVATE_KEY") {
            guard ServerKeys.configuredKey(key) != nil else {
                throw ConfigError(
                    setting: "DOGEAR_VAPID_PRIVATE_KEY",
                    message: "the P-256 private key's 32 bytes in base64url (as made by "
                        + "`openssl ecparam -name prime256v1 -genkey` and read out, or left unset to have one made)")
            }
            config.vapidPrivateKey = key
        }
        if let subject = value("DOGEAR_VAPID_SUBJECT") {
            guard subject.hasPrefix("mailto:") || subject.hasPrefix("https://") else {
                throw ConfigError(setting: "DOGEAR_VAPID_SUBJECT", message: "a mailto: or https: address (got '\(subject)')")
            }
            config.vapidSubject = subject
        }
        if let url = value("SMTP_URL") {
            config.smtp = try SMTPSettings.parse(url: url, from: value("SMTP_FROM"), caFile: value("SMTP_CA_FILE"))
        }
        return config
    }
}

public struct ConfigError: Error, CustomStringConvertible {
    public let setting: String
    public let message: String
    public var description: String { "\(setting): \(message)" }
}
