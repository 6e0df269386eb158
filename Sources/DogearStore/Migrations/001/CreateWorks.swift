import FluentKit

package struct CreateWorks: NumberedMigration {
    package static let folder = 1

    package func prepare(on database: any Database) async throws {
        try await database.schema("works")
            .id()
            .field("title", .string, .required)
            .field("subtitle", .string)
            .field("description", .string)
            .field("first_published_year", .int)
            .field("original_language", .string)
            .field("genres", .array(of: .string), .required)
            .field("series_name", .string)
            .field("series_number", .double)
            .field("cultural_themes", .array(of: .string), .required)
            .field("content_warnings", .array(of: .string), .required)
            .field("awards", .array(of: .string), .required)
            .field("reading_difficulty", .string)
            .field("estimated_minutes", .int)
            .field("origin_country", .string)
            .field("translator", .string)
            .field("translator_nationality", .string)
            .field("source", .string, .required)
            .field("quality_score", .int, .required)
            .field("last_enriched_at", .datetime)
            .field("review_status", .string, .required)
            .field("readers_count", .int, .required)
            .field("average_rating", .double)
            .field("ratings_count", .int, .required)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .create()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("works").delete()
    }
}
