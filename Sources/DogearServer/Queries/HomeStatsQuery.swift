import DogearCore
import Fluent
import SQLKit

/// The home page's quick stats (SPEC §4), counted in SQL.
///
/// "Read" counts books, not read-throughs: a book finished twice is one book read. "Pages this year"
/// counts every finish in the year, a re-read included, since those pages were read again.
struct HomeStatsQuery {
    let db: any Database

    struct Stats: Equatable {
        var readAllTime: Int
        var readThisYear: Int
        var pagesThisYear: Int
    }

    func stats(userID: UUID, year: Int) async throws -> Stats {
        let sql = db as! any SQLDatabase
        let readAllTime = try await sql.select()
            .column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n")
            .from(LibraryEntry.schema)
            .where("user_id", .equal, userID)
            .where { $0.where("status", .equal, ReadingStatus.read.rawValue).orWhere("read_count", .greaterThan, 0) }
            .first()?.decode(column: "n", as: Int.self) ?? 0

        // Finishes this year: the current read-through of entries marked read, and archived ones.
        let yearStart = String(format: "%04d-01-01", year)
        let yearEnd = String(format: "%04d-12-31", year)
        let current = try await sql.select()
            .column(SQLColumn("id", table: "e"), as: "entry_id")
            .column(SQLColumn("page_count", table: "ed"), as: "pages")
            .from(SQLAlias(SQLIdentifier(LibraryEntry.schema), as: SQLIdentifier("e")))
            .join(SQLAlias(SQLIdentifier(Edition.schema), as: SQLIdentifier("ed")), method: SQLJoinMethod.left,
                  on: SQLColumn("edition_id", table: "e"), .equal, SQLColumn("id", table: "ed"))
            .where(SQLColumn("user_id", table: "e"), .equal, SQLBind(userID))
            .where(SQLColumn("status", table: "e"), .equal, SQLBind(ReadingStatus.read.rawValue))
            .where(SQLColumn("date_finished", table: "e"), .greaterThanOrEqual, SQLBind(yearStart))
            .where(SQLColumn("date_finished", table: "e"), .lessThanOrEqual, SQLBind(yearEnd))
            .all()
        let archived = try await sql.select()
            .column(SQLColumn("id", table: "e"), as: "entry_id")
            .column(SQLColumn("page_count", table: "ed"), as: "pages")
            .from(SQLAlias(SQLIdentifier(ReadThrough.schema), as: SQLIdentifier("r")))
            .join(SQLAlias(SQLIdentifier(LibraryEntry.schema), as: SQLIdentifier("e")), method: SQLJoinMethod.inner,
                  on: SQLColumn("entry_id", table: "r"), .equal, SQLColumn("id", table: "e"))
            .join(SQLAlias(SQLIdentifier(Edition.schema), as: SQLIdentifier("ed")), method: SQLJoinMethod.left,
                  on: SQLColumn("edition_id", table: "e"), .equal, SQLColumn("id", table: "ed"))
            .where(SQLColumn("user_id", table: "e"), .equal, SQLBind(userID))
            .where(SQLColumn("outcome", table: "r"), .equal, SQLBind(ReadingStatus.read.rawValue))
            .where(SQLColumn("finished_on", table: "r"), .greaterThanOrEqual, SQLBind(yearStart))
            .where(SQLColumn("finished_on", table: "r"), .lessThanOrEqual, SQLBind(yearEnd))
            .all()
        var books = Set<UUID>()
        var pages = 0
        for row in current + archived {
            books.insert(try row.decode(column: "entry_id", as: UUID.self))
            pages += try row.decode(column: "pages", as: Int?.self) ?? 0
        }
        return Stats(readAllTime: readAllTime, readThisYear: books.count, pagesThisYear: pages)
    }
}
