import Vapor
import Fluent
import FluentSQLiteDriver
import FluentPostgresDriver
public func configurePlaceholder(_ app: Application) {}
