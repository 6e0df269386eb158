import FluentKit
import SQLKit

/// Discovery's tables.
///
/// A reader's side:
/// - `discovery_interactions`: every swipe and every library event that taught discovery
///   something, with the genre keys, author ids and pages it counted (so an undo takes back
///   exactly what was added, whatever the catalog says since), what it made (`entry_id`,
///   `list_item_id`, for an undo to take away) and whether it was undone or forgotten
///   (start over keeps the dismissed books dismissed).
/// - `discovery_scores`: the sum of the weights per genre and per author, kept in the transaction
///   of each interaction, so a deck reads a reader's preferences in one short query.
/// - `discovery_profiles`: the counts and the liked books' pages; when the library was learned from.
///
/// The catalog's side, derived from `works` and `editions`, so the deck's ranking is an index seek:
/// - `discover_works`: each work's rank (cover, description, published 2015 or later, then
///   rating × ratings), `work_genres`: its genre keys (Core's `GenreKey`) with that rank, indexed
///   by genre then rank, `discover_genres`: how many works each key has.
/// - `discover_stale`: works whose genres, description, year, ratings or covers changed. Triggers
///   fill it whatever writes the catalog (an import, enrichment, a correction); `DiscoverCatalog`
///   empties it in Swift, because the genre rules are Core's. The triggers raise a queued work's
///   generation rather than do nothing: an update takes the row's lock, so a change to a work whose
///   batch is being read waits for that batch and queues the work again after it.
/// - `discover_fetches`: when books were last fetched online for a genre (`DiscoverFetch`).
package struct CreateDiscovery: NumberedMigration {
    package static let folder = 22

    package static var triggers: [RowTrigger] {
        let stale: (String) -> String = { work in
            """
            INSERT INTO discover_stale (work_id, generation) VALUES (\(work), 1)
            ON CONFLICT (work_id) DO UPDATE SET generation = discover_stale.generation + 1
            """
        }
        return [
            RowTrigger(name: "discover_work_insert", when: "AFTER INSERT", table: "works", body: [stale("NEW.id")]),
            RowTrigger(
                name: "discover_work_update",
                when:
                    "AFTER UPDATE OF genres, description, first_published_year, average_rating, ratings_count, source_average_rating, source_ratings_count",
                table: "works", body: [stale("NEW.id")]),
            RowTrigger(name: "discover_work_delete", when: "AFTER DELETE", table: "works", body: [stale("OLD.id")]),
            RowTrigger(name: "discover_edition_insert", when: "AFTER INSERT", table: "editions", body: [stale("NEW.work_id")]),
            RowTrigger(
                name: "discover_edition_update", when: "AFTER UPDATE OF cover_url, work_id", table: "editions",
                body: [stale("NEW.work_id"), stale("OLD.work_id")]),
        ]
    }

    package func prepare(on database: any Database) async throws {
        let sql = database.sql
        let postgres = sql.kind == .postgres
        let tail = postgres ? "" : " WITHOUT ROWID"
        let boolean = postgres ? "BOOLEAN" : "INTEGER"
        let statements: [String] = [
            // Ratings Open Library and Google Books give, kept apart from Dogear's own readers' aggregates.
            "ALTER TABLE works ADD COLUMN source_average_rating DOUBLE PRECISION",
            "ALTER TABLE works ADD COLUMN source_ratings_count BIGINT",
            """
            CREATE TABLE discovery_interactions (
              id UUID PRIMARY KEY, user_id UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE,
              work_id UUID NOT NULL, action TEXT NOT NULL, list_id TEXT, genres TEXT NOT NULL, author_ids TEXT NOT NULL,
              pages BIGINT, entry_id UUID, list_item_id UUID, undone \(boolean) NOT NULL, forgotten \(boolean) NOT NULL,
              created_at \(postgres ? "TIMESTAMPTZ" : "DATETIME") NOT NULL, seq BIGINT NOT NULL)
            """,
            "CREATE INDEX idx_discovery_interactions_work ON discovery_interactions (user_id, work_id)",
            "CREATE INDEX idx_discovery_interactions_seq ON discovery_interactions (user_id, seq)",
            """
            CREATE TABLE discovery_scores (
              user_id UUID NOT NULL, facet TEXT NOT NULL, key TEXT NOT NULL, score BIGINT NOT NULL,
              PRIMARY KEY (user_id, facet, key))\(tail)
            """,
            """
            CREATE TABLE discovery_profiles (
              user_id UUID PRIMARY KEY, total BIGINT NOT NULL, positive BIGINT NOT NULL, negative BIGINT NOT NULL,
              liked_pages BIGINT NOT NULL, liked_books_with_pages BIGINT NOT NULL, next_seq BIGINT NOT NULL,
              learned_library_at \(postgres ? "TIMESTAMPTZ" : "DATETIME"))
            """,
            "CREATE TABLE discover_works (work_id UUID PRIMARY KEY, rank DOUBLE PRECISION NOT NULL)",
            """
            CREATE TABLE work_genres (
              work_id UUID NOT NULL, genre_key TEXT NOT NULL, rank DOUBLE PRECISION NOT NULL,
              PRIMARY KEY (work_id, genre_key))\(tail)
            """,
            "CREATE INDEX idx_work_genres_rank ON work_genres (genre_key, rank DESC, work_id)",
            "CREATE TABLE discover_genres (genre_key TEXT PRIMARY KEY, works BIGINT NOT NULL)",
            "CREATE TABLE discover_stale (work_id UUID PRIMARY KEY, generation BIGINT NOT NULL)",
            // When books were last fetched for a genre, and how many came.
            """
            CREATE TABLE discover_fetches (
              genre_key TEXT PRIMARY KEY, fetched_at \(postgres ? "TIMESTAMPTZ" : "DATETIME") NOT NULL, found BIGINT NOT NULL)
            """,
            "INSERT INTO discover_stale (work_id, generation) SELECT id, 1 FROM works",
        ]
        for statement in statements { try await sql.raw(SQLQueryString(statement)).run() }
        for statement in RowTrigger.create(Self.triggers, postgres: postgres) {
            try await sql.raw(SQLQueryString(statement)).run()
        }
    }

    package func revert(on database: any Database) async throws {
        let sql = database.sql
        for statement in RowTrigger.drop(Self.triggers, postgres: sql.kind == .postgres) {
            try await sql.raw(SQLQueryString(statement)).run()
        }
        for table in [
            "discover_fetches", "discover_stale", "discover_genres", "work_genres", "discover_works", "discovery_profiles",
            "discovery_scores",
            "discovery_interactions",
        ] {
            try await sql.drop(table: table).run()
        }
        try await sql.raw("ALTER TABLE works DROP COLUMN source_ratings_count").run()
        try await sql.raw("ALTER TABLE works DROP COLUMN source_average_rating").run()
    }
}
