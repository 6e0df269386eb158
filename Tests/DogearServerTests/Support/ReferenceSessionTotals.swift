import DogearCore
import Fluent
import Foundation
import SQLKit

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// Sums reading sessions per entry in SQL (one GROUP BY), for pace and estimated finish: the former
/// loader's query, kept for `ReferenceEntryLoader` (the lean `EntryLoader` sums them in its statement).
struct SessionTotalsQuery {
    let db: any Database

    func totals(for entryIDs: [UUID]) async throws -> [UUID: SessionTotals] {
        guard !entryIDs.isEmpty else { return [:] }
        let sql = db.sql
        let rows = try await sql.select()
            .column("entry_id")
            .column(Self.sumAsBigInt("pages_read"), as: "pages")
            .column(Self.sumAsBigInt("minutes"), as: "minutes")
            .column(SQLFunction("MIN", args: SQLColumn("date")), as: "first_date")
            .column(SQLFunction("MAX", args: SQLColumn("date")), as: "last_date")
            .from(ReadingSession.schema)
            .where("entry_id", .in, entryIDs)
            .groupBy("entry_id")
            .all()
        var result: [UUID: SessionTotals] = [:]
        for row in rows {
            let id = try row.decode(column: "entry_id", as: UUID.self)
            result[id] = SessionTotals(
                pagesRead: try row.decode(column: "pages", as: Int?.self) ?? 0,
                minutes: try row.decode(column: "minutes", as: Int?.self) ?? 0,
                firstDate: try row.decode(column: "first_date", as: String?.self).flatMap(LocalDate.init),
                lastDate: try row.decode(column: "last_date", as: String?.self).flatMap(LocalDate.init))
        }
        return result
    }

    /// PostgreSQL sums BIGINT columns as NUMERIC; casting back keeps one decoding for both databases.
    static func sumAsBigInt(_ column: String) -> any SQLExpression {
        SQLRaw("CAST(SUM(\(column)) AS BIGINT)")
    }
}
