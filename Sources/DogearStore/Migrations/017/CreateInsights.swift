import FluentKit
import SQLKit

/// What statistics need beyond the library: the days a reader moved their page (sessions carry
/// their own date; a progress update had none), their reading goals, and the share links of their
/// years in books.
package struct CreateInsights: NumberedMigration {
    package static let folder = 17

    package func prepare(on database: any Database) async throws {
        // One row per reader and calendar day (their own day, in their time zone) on which they
        // logged progress; sessions are read from reading_sessions. Streaks and the calendar read both.
        try await database.schema("reading_days")
            .id()
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("day", .string, .required)
            .unique(on: "user_id", "day")
            .create()
        try await database.schema("reading_goals")
            .id()
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("year", .int, .required)
            .field("metric", .string, .required)
            .field("target", .int, .required)
            // JSON of GoalConditions: read and written whole, never queried by its parts.
            .field("conditions", .string, .required)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .create()
        try await database.sql.create(index: "idx_reading_goals_user_year").on("reading_goals").column("user_id")
            .column("year").run()
        try await database.schema("year_shares")
            .id()
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("year", .int, .required)
            .field("token", .string, .required)
            .field("created_at", .datetime)
            .unique(on: "token")
            .unique(on: "user_id", "year")
            .create()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("year_shares").delete()
        try await database.sql.drop(index: "idx_reading_goals_user_year").run()
        try await database.schema("reading_goals").delete()
        try await database.schema("reading_days").delete()
    }
}
