import FluentKit

/// What a reader needs to recognise and end their sessions, and what ends them by themselves: the
/// device (user agent) and when each was last used. One column per statement (SQLite adds one at a time).
package struct AddSessionDetails: NumberedMigration {
    package static let folder = 9

    package func prepare(on database: any Database) async throws {
        try await database.schema("user_tokens").field("user_agent", .string).update()
        try await database.schema("user_tokens").field("last_used_at", .datetime).update()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("user_tokens").deleteField("last_used_at").update()
        try await database.schema("user_tokens").deleteField("user_agent").update()
    }
}
