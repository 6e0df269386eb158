import FluentKit

/// Reading lists: a reader's custom lists with their manual order, the lists others saved, and the
/// registry of share codes. The default lists (Currently Reading, Want to Read, Finished,
/// Favorites) are views over the library and have no rows.
///
/// `share_codes` holds every code handed out, for lists now and clubs later: its unique index makes
/// a code unique across both, and a save that collides is retried with another code.
package struct CreateLists: NumberedMigration {
    package static let folder = 4

    package func prepare(on database: any Database) async throws {
        try await database.schema("share_codes")
            .id()
            .field("code", .string, .required)
            // What the code opens: "list" (and "club" later), and its id.
            .field("resource", .string, .required)
            .field("resource_id", .uuid, .required)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .unique(on: "code")
            .create()
        try await database.schema("lists")
            .id()
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("name", .string, .required)
            .field("description", .string)
            .field("banner_url", .string)
            .field("is_public", .bool, .required)
            .field("share_code", .string, .required)
            .field("item_count", .int, .required)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .unique(on: "share_code")
            .create()
        try await database.schema("list_items")
            .id()
            .field("list_id", .uuid, .required, .references("lists", "id", onDelete: .cascade))
            .field("work_id", .uuid, .required, .references("works", "id"))
            // Gapped integers (ListOrder): moving an item writes its row only.
            .field("position", .int64, .required)
            .field("note", .string)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .unique(on: "list_id", "work_id")
            .create()
        try await database.schema("saved_lists")
            .id()
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("list_id", .uuid, .required, .references("lists", "id", onDelete: .cascade))
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .unique(on: "user_id", "list_id")
            .create()
        let sql = database.sql
        try await sql.raw("CREATE INDEX idx_lists_user ON lists (user_id)").run()
        try await sql.raw("CREATE INDEX idx_list_items_order ON list_items (list_id, position)").run()
        try await sql.raw("CREATE INDEX idx_saved_lists_list ON saved_lists (list_id)").run()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("saved_lists").delete()
        try await database.schema("list_items").delete()
        try await database.schema("lists").delete()
        try await database.schema("share_codes").delete()
    }
}
