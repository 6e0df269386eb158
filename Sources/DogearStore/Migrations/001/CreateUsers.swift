import FluentKit

package struct CreateUsers: NumberedMigration {
    package static let folder = 1

    package func prepare(on database: any Database) async throws {
        try await database.schema("users")
            .id()
            .field("email", .string, .required)
            // Lower-cased email: uniqueness and sign-in ignore case, the display form is kept.
            .field("email_key", .string, .required)
            .field("password_hash", .string, .required)
            .field("display_name", .string, .required)
            .field("photo_url", .string)
            .field("onboarding_done", .bool, .required)
            .field("genre_preferences", .array(of: .string), .required)
            .field("time_zone", .string, .required)
            .field("tier", .string, .required)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .unique(on: "email_key")
            .create()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("users").delete()
    }
}
