import FluentKit
import Foundation
import SQLKit

extension Model where Self: ClockStamped {
    /// Saves a row read from the database: its changed fields, stamped by the clock, in one plain
    /// `UPDATE` by id, as `save` would write them. Fluent's `save` builds a query, runs it through
    /// the model middlewares, converts it and writes every identifier through SQLKit's escaping:
    /// inside the writers' turn that cost more than the statement (a progress write's largest
    /// step). A new row, a value that is not a plain one, or a database with model middleware
    /// besides the clock's goes through `save` as before.
    package func saveChanges(on db: any Database) async throws {
        guard _$idExists, let id, let clock = Self.stampingClock(of: db) else { return try await save(on: db) }
        guard hasChanges else { return }
        clock.stampUpdated(self)
        let changed = ChangedFields()
        self.input(to: changed)
        let input = changed.values
        var statement = SQLQueryString("UPDATE \(unsafeRaw: try Self.quoted(Self.schema)) SET ")
        // In the keys' order: the same change is the same statement text, prepared once.
        for (index, (key, value)) in input.sorted(by: { $0.key.description < $1.key.description }).enumerated() {
            statement.appendLiteral(index == 0 ? "" : ", ")
            statement.appendInterpolation(unsafeRaw: try Self.quoted(key.description))
            switch value {
            case .bind(let bound):
                statement.appendInterpolation(unsafeRaw: " = ")
                statement.appendInterpolation(bind: bound)
            case .enumCase(let name):
                statement.appendInterpolation(unsafeRaw: " = ")
                statement.appendInterpolation(literal: name)
            case .null: statement.appendLiteral(" = NULL")
            // Stamped already; `save` stamps it again, a microsecond later, which is harmless.
            default: return try await save(on: db)
            }
        }
        statement.appendLiteral(" WHERE \"id\" = ")
        statement.appendInterpolation(bind: id)
        try await db.sql.raw(statement).run()
        // As Fluent does after its update: the values written are now the row's.
        try output(from: WrittenFields(input: input))
    }

    /// The clock of the database's only model middleware, its stamps for this model; nil when
    /// there is other model middleware (then `save`, which runs it).
    static func stampingClock(of db: any Database) -> ClockTimestamps? {
        guard db.configuration.middleware.allSatisfy({ $0 is any ClockStamping }) else { return nil }
        return ClockTimestamps.stamping(Self.self, on: db)
    }

    /// A name from the code (a schema or a field key), quoted; one that would need escaping
    /// throws (no model of Dogear's has one).
    private static func quoted(_ name: String) throws -> String {
        guard !name.contains("\"") else { throw UnquotableName(name: name) }
        return "\"\(name)\""
    }
}

private struct UnquotableName: Error {
    let name: String
}

/// The fields a model would write (Fluent's own collector is not public).
private final class ChangedFields: DatabaseInput {
    var values: [FieldKey: DatabaseQuery.Value] = [:]
    var wantsUnmodifiedKeys: Bool { false }
    func set(_ value: DatabaseQuery.Value, at key: FieldKey) { values[key] = value }
}

/// The clock's stamping middlewares, whatever model each stamps.
protocol ClockStamping {}
extension ClockStampMiddleware: ClockStamping {}

/// The fields just written, read back into the model as Fluent's own `save` does (its type for
/// this is internal).
private struct WrittenFields: DatabaseOutput {
    let input: [FieldKey: DatabaseQuery.Value]

    var description: String { "\(input)" }
    func schema(_ schema: String) -> any DatabaseOutput { self }
    func contains(_ key: FieldKey) -> Bool { input[key] != nil }

    func decodeNil(_ key: FieldKey) throws -> Bool {
        guard let value = input[key] else { throw FluentError.missingField(name: key.description) }
        if case .null = value { return true }
        return false
    }

    func decode<T: Decodable>(_ key: FieldKey, as type: T.Type) throws -> T {
        switch input[key] {
        case .bind(let value as T): return value
        case .enumCase(let name as T): return name
        default: throw FluentError.invalidField(name: key.description, valueType: T.self, error: Unreadable())
        }
    }

    private struct Unreadable: Error {}
}
