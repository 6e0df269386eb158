import FluentKit
import SQLKit

/// The two databases Dogear runs on. Migrations ask `sql.kind` (a migration must not call the app's
/// code); everything else asks `sql.databaseDialect` (`DatabaseDialect`).
package enum SQLKind: Sendable {
    case sqlite, postgres
}

extension Database {
    /// The same connection as SQLKit sees it, for the queries Fluent cannot say. Both drivers
    /// Dogear configures are SQL databases, so this is the one place that assumes it.
    package var sql: any SQLDatabase {
        guard let sql = self as? any SQLDatabase else {
            preconditionFailure("Dogear runs on SQLite or PostgreSQL; \(type(of: self)) is not an SQL database")
        }
        return sql
    }
}

extension SQLDatabase {
    package var kind: SQLKind { dialect.name == "sqlite" ? .sqlite : .postgres }
}
