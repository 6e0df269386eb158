import FluentKit
import FluentSQL
import Foundation
import NIOCore
import SQLKit
import SQLiteKit

/// The SQLite writers' database as Fluent and SQLKit see it: each query and statement is converted
/// and serialized as Fluent's SQLite driver does it, then run at once on `SQLiteWriterConnection`,
/// on the calling thread (the write group's). The futures Fluent asks for are answered already
/// fulfilled, on the group's event loop, so nothing waits for another thread.
package struct SQLiteWriterDatabase: Database, SQLDatabase {
    package let connection: SQLiteWriterConnection
    package let context: DatabaseContext
    package let inTransaction: Bool

    package init(connection: SQLiteWriterConnection, context: DatabaseContext, inTransaction: Bool) {
        self.connection = connection
        self.context = context
        self.inTransaction = inTransaction
    }

    // MARK: - Database

    package func execute(
        query: DatabaseQuery, onOutput: @escaping @Sendable (any DatabaseOutput) -> Void
    ) -> EventLoopFuture<Void> {
        var expression = SQLQueryConverter(delegate: SQLiteWriterConverterDelegate()).convert(query)
        // A created row answers with its id, as the driver's `RETURNING` does (an empty custom id
        // key is Fluent's sign for "no single id").
        if case .create = query.action, query.customIDKey != .some(.string("")) {
            let id = SQLReturning(SQLColumn((query.customIDKey ?? .id).description))
            expression = SQLList([expression, id], separator: SQLRaw(" "))
        }
        return answer { try run(expression) { onOutput(SQLiteWriterOutput(row: $0, schema: nil)) } }
    }

    package func execute(schema: DatabaseSchema) -> EventLoopFuture<Void> {
        var schema = schema
        if schema.action == .update {
            // SQLite alters a table by adding columns only; enums are text, nothing to alter.
            schema.updateFields = schema.updateFields.filter {
                if case .dataType(_, .enum) = $0 { return false }
                return true
            }
            guard schema.createConstraints.isEmpty, schema.updateFields.isEmpty, schema.deleteConstraints.isEmpty else {
                return eventLoop.makeFailedFuture(UnsupportedAlter())
            }
            if schema.createFields.isEmpty, schema.deleteFields.isEmpty { return eventLoop.makeSucceededVoidFuture() }
        }
        let expression = SQLSchemaConverter(delegate: SQLiteWriterConverterDelegate()).convert(schema)
        return answer { try run(expression) { _ in } }
    }

    package func execute(enum: DatabaseEnum) -> EventLoopFuture<Void> {
        eventLoop.makeSucceededVoidFuture()
    }

    package func withConnection<T>(
        _ closure: @escaping @Sendable (any Database) -> EventLoopFuture<T>
    ) -> EventLoopFuture<T> {
        closure(self)
    }

    /// `BEGIN IMMEDIATE`: the write lock is taken before the first read, so no other process's
    /// write can commit between this transaction's reads and its writes.
    package func transaction<T>(
        _ closure: @escaping @Sendable (any Database) -> EventLoopFuture<T>
    ) -> EventLoopFuture<T> {
        guard !inTransaction else { return closure(self) }
        do {
            try run(SQLRaw("BEGIN IMMEDIATE")) { _ in }
        } catch {
            return eventLoop.makeFailedFuture(error)
        }
        let inside = SQLiteWriterDatabase(connection: connection, context: context, inTransaction: true)
        return closure(inside).flatMapThrowing { value in
            try self.run(SQLRaw("COMMIT")) { _ in }
            return value
        }.flatMapErrorThrowing { error in
            // Undone whether the body or the commit failed; after a failed commit SQLite may have
            // rolled back already, and this one's own error says nothing new.
            try? self.run(SQLRaw("ROLLBACK")) { _ in }
            throw error
        }
    }

    // MARK: - SQLDatabase

    package var logger: Logger { context.logger }
    package var eventLoop: any EventLoop { context.eventLoop }
    package var dialect: any SQLDialect { SQLiteKit.SQLiteDialect() }
    package var queryLogLevel: Logger.Level? { .debug }

    package func execute(
        sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void
    ) -> EventLoopFuture<Void> {
        answer { try run(query) { onRow($0) } }
    }

    package func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        try run(query) { onRow($0) }
    }

    package func withSession<R>(_ closure: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        try await closure(self)
    }

    // MARK: - Running a statement

    /// The rows of a statement, as they are stored (`LeanRows` reads them by position).
    package func rows(_ query: any SQLExpression) throws -> [SQLiteWriterRow] {
        var rows: [SQLiteWriterRow] = []
        try run(query) { rows.append($0) }
        return rows
    }

    /// Serializes `query` as SQLKit does for SQLite, logs it as SQLiteKit does (query logs and
    /// counts see the writers' statements too) and runs it.
    private func run(_ query: any SQLExpression, onRow: (SQLiteWriterRow) throws -> Void) throws {
        var serializer = SQLSerializer(database: self)
        query.serialize(to: &serializer)
        let encoder = SQLiteDataEncoder()
        let binds = try serializer.binds.map { try encoder.encode($0) }
        logger.log(
            level: .debug, "Executing query",
            metadata: ["sql": .string(serializer.sql), "binds": .array(binds.map { .string("\($0)") })])
        try connection.run(serializer.sql, binds, onRow: onRow)
    }

    private func answer(_ work: () throws -> Void) -> EventLoopFuture<Void> {
        do {
            try work()
            return eventLoop.makeSucceededVoidFuture()
        } catch {
            return eventLoop.makeFailedFuture(error)
        }
    }

    private struct UnsupportedAlter: Error, CustomStringConvertible {
        var description: String { "SQLite only supports adding columns in ALTER TABLE statements." }
    }
}

/// The column types Fluent's SQLite driver gives a schema (dates as seconds, text for strings
/// and enums).
struct SQLiteWriterConverterDelegate: SQLConverterDelegate {
    func customDataType(_ dataType: DatabaseSchema.DataType) -> (any SQLExpression)? {
        switch dataType {
        case .string, .enum: SQLRaw("TEXT")
        case .datetime: SQLRaw("REAL")
        case .int64: SQLRaw("INTEGER")
        default: nil
        }
    }
}

/// Makes the writers' databases: all of them share the one connection.
package final class SQLiteWriterDriver: DatabaseDriver {
    package let connection: SQLiteWriterConnection

    package init(configuration: SQLiteConfiguration) {
        connection = SQLiteWriterConnection(configuration: configuration)
    }

    package func makeDatabase(with context: DatabaseContext) -> any Database {
        SQLiteWriterDatabase(connection: connection, context: context, inTransaction: false)
    }

    package func shutdown() {
        connection.close()
    }
}
