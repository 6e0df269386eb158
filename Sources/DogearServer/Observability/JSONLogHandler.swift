import DogearServices
import DogearStore
import Foundation
import Logging
import Vapor

/// `LOG_FORMAT=json`: one JSON object a line on standard error (time, level, label, message, and the
/// metadata as fields), for log collectors. `LOG_LEVEL` picks the level, as with the text format.
public struct JSONLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level
    package let label: String
    /// Where the lines go: standard error (tests catch them).
    package let write: @Sendable (Data) -> Void

    public init(
        label: String, level: Logger.Level, write: @escaping @Sendable (Data) -> Void = { FileHandle.standardError.write($0) }
    ) {
        self.label = label
        self.logLevel = level
        self.write = write
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(
        level: Logger.Level, message: Logger.Message, metadata extra: Logger.Metadata?, source: String, file: String,
        function: String, line: UInt
    ) {
        var fields: [String: String] = [:]
        for (key, value) in metadata.merging(extra ?? [:], uniquingKeysWith: { $1 }) { fields[key] = "\(value)" }
        fields["time"] = Date().formatted(.iso8601)
        fields["level"] = level.rawValue
        fields["label"] = label
        fields["message"] = message.description
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard var data = try? encoder.encode(fields) else { return }
        data.append(0x0A)
        write(data)
    }
}

/// Drops the database's own query logs (Fluent's "Running query" and SQLKit's statements, at debug
/// and trace): they carry the values read and written, password and token hashes among them, and a
/// log must never hold those, whatever `LOG_LEVEL` says.
public struct QuerySafeLogHandler: LogHandler {
    package var base: any LogHandler

    public init(_ base: any LogHandler) {
        self.base = base
    }

    public var metadata: Logger.Metadata {
        get { base.metadata }
        set { base.metadata = newValue }
    }

    public var logLevel: Logger.Level {
        get { base.logLevel }
        set { base.logLevel = newValue }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { base[metadataKey: key] }
        set { base[metadataKey: key] = newValue }
    }

    public func log(
        level: Logger.Level, message: Logger.Message, metadata extra: Logger.Metadata?, source: String, file: String,
        function: String, line: UInt
    ) {
        let fromDatabase = base.metadata["database-id"] != nil || extra?["database-id"] != nil
        if fromDatabase && level < .notice { return }
        base.log(level: level, message: message, metadata: extra, source: source, file: file, function: function, line: line)
    }
}

public enum DogearLogging {
    /// Sets up logging from the environment: Vapor's text format by default, JSON lines when
    /// `LOG_FORMAT=json`; the level from `LOG_LEVEL` (or `--log`) either way. Query logs never show.
    public static func bootstrap(from environment: inout Vapor.Environment) throws {
        let level = try Logger.Level.detect(from: &environment)
        let json = ProcessInfo.processInfo.environment["LOG_FORMAT"]?.lowercased() == "json"
        let console = Terminal()
        LoggingSystem.bootstrap { label in
            handler(label: label, level: level, json: json, console: console)
        }
    }

    /// The handler `bootstrap` makes (tests make theirs the same way, writing where they read).
    public static func handler(
        label: String, level: Logger.Level, json: Bool, console: any Console = Terminal(),
        write: @escaping @Sendable (Data) -> Void = { FileHandle.standardError.write($0) }
    ) -> any LogHandler {
        let base: any LogHandler =
            json
            ? JSONLogHandler(label: label, level: level, write: write)
            : ConsoleLogger(label: label, console: console, level: level)
        return QuerySafeLogHandler(base)
    }
}
