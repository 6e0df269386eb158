import FluentKit
import SQLKit

/// Shelf scans.
///
/// - `scans`: one photo a reader sent, its state (queued → reading → lookingUp → done, or failed
///   with a message), the upright photo's size, and when its photo was deleted.
/// - `scan_photos`: the photo itself, upright and without its metadata, kept in the database so
///   every process behind a load balancer can read and serve it, and deleted once its queue is
///   empty or after 30 days (`ScanRetention`). The upload's own bytes live here until it is read.
/// - `scan_proposals`: one book the photo proposes, numbered as on the photo, with its box, how
///   sure it is (a barcode: high; a spine: low), its ISBN or OCR text, its candidates (JSON, best
///   first), and what the reader did with it.
package struct CreateScans: NumberedMigration {
    package static let folder = 24

    package func prepare(on database: any Database) async throws {
        let sql = database.sql
        let postgres = sql.kind == .postgres
        let timestamp = postgres ? "TIMESTAMPTZ" : "DATETIME"
        let statements: [String] = [
            """
            CREATE TABLE scans (
              id UUID PRIMARY KEY, user_id UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE,
              status TEXT NOT NULL, message TEXT, spines_message TEXT,
              photo_width BIGINT, photo_height BIGINT,
              created_at \(timestamp) NOT NULL, started_at \(timestamp), finished_at \(timestamp),
              photo_deleted_at \(timestamp))
            """,
            "CREATE INDEX idx_scans_user ON scans (user_id, created_at)",
            """
            CREATE TABLE scan_photos (
              scan_id UUID PRIMARY KEY REFERENCES scans(id) ON DELETE CASCADE,
              content_type TEXT NOT NULL, bytes \(postgres ? "BYTEA" : "BLOB") NOT NULL)
            """,
            """
            CREATE TABLE scan_proposals (
              id UUID PRIMARY KEY, scan_id UUID NOT NULL REFERENCES scans(id) ON DELETE CASCADE,
              user_id UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE,
              number BIGINT NOT NULL, kind TEXT NOT NULL, confidence TEXT NOT NULL, status TEXT NOT NULL,
              box_x BIGINT NOT NULL, box_y BIGINT NOT NULL, box_width BIGINT NOT NULL, box_height BIGINT NOT NULL,
              isbn TEXT, ocr_text TEXT, message TEXT, candidates TEXT NOT NULL,
              work_id UUID REFERENCES works(id) ON DELETE SET NULL,
              entry_id UUID REFERENCES library_entries(id) ON DELETE SET NULL,
              list_id TEXT,
              reviewed_at \(timestamp))
            """,
            "CREATE UNIQUE INDEX idx_scan_proposals_number ON scan_proposals (scan_id, number)",
            "CREATE INDEX idx_scan_proposals_user ON scan_proposals (user_id, status)",
        ]
        for statement in statements { try await sql.raw(SQLQueryString(statement)).run() }
    }

    package func revert(on database: any Database) async throws {
        for table in ["scan_proposals", "scan_photos", "scans"] {
            try await database.sql.drop(table: table).run()
        }
    }
}
