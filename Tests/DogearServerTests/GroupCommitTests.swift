import DogearCore
import Foundation
import SQLKit
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// Group commit on SQLite: the writes waiting for the writer's turn commit together, each in its
/// own savepoint. On PostgreSQL the same writes simply run side by side; what a reader sees must be
/// the same either way, and that is what these tests hold on both.
@Suite("Writes: group commit")
struct GroupCommitTests {
    /// Holds the SQLite writer's turn until `release` is called, so the writes sent meanwhile wait
    /// together and form one group when it is let go. On PostgreSQL (no turn) it holds nothing.
    final class HeldTurn: Sendable {
        let holder: Task<Void, any Error>?
        let release: AsyncStream<Void>.Continuation

        init(_ app: Application) async {
            let releasing = AsyncStream<Void>.makeStream()
            release = releasing.continuation
            guard app.db.sql.kind == .sqlite else {
                holder = nil
                return
            }
            let holding = AsyncStream<Void>.makeStream()
            holder = Task {
                try await app.db.writeTransaction { _ in
                    holding.continuation.yield()
                    for await _ in releasing.stream { break }
                }
            }
            for await _ in holding.stream { break }
        }

        /// Waits until `count` writes wait behind the held turn, then lets it go.
        func release(whenWaiting count: Int, on app: Application) async throws {
            if holder != nil {
                var waiting = 0
                for _ in 0..<3000 {
                    waiting = SQLiteWriters.line.waiting(for: app.db)
                    if waiting >= count { break }
                    try await Task.sleep(for: .milliseconds(10))
                }
                #expect(waiting == count, "writes waiting behind the held turn")
            }
            release.yield()
            try await holder?.value
        }
    }

    struct Rejected: Error {}

    @Test(
        "writes that waited together commit as one group, each answered with its own answer or error; one that fails is undone alone"
    )
    func ownAnswers() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let ann = try await app.signUp("ann@example.com")
            var added: [EntryDTO] = []
            for index in 0..<4 {
                added.append(try await app.addEntry(token, title: "Book \(index)", pageCount: 300, extra: ["status": "reading"]))
            }
            let books = added
            let annsBook = try await app.addEntry(ann, title: "Ann's book")
            let held = await HeldTurn(app)
            async let first = app.send(.POST, "/api/v1/library/\(books[0].id)/progress", token: token, json: ["page": 10])
            async let second = app.send(.POST, "/api/v1/library/\(books[1].id)/progress", token: token, json: ["page": 20])
            async let third = app.send(.POST, "/api/v1/library/\(books[2].id)/progress", token: token, json: ["page": 30])
            // Past the book's end: refused inside its write, by the progress rule.
            async let pastTheEnd = app.send(
                .POST, "/api/v1/library/\(books[3].id)/progress", token: token, json: ["page": 999])
            // Another reader's book: not found, inside its write.
            async let notMine = app.send(.POST, "/api/v1/library/\(annsBook.id)/progress", token: token, json: ["page": 5])
            // A write that changes a row and then fails: what it changed goes with it, alone.
            async let halfWritten: Result<Int, any Error> = {
                do {
                    return .success(
                        try await app.db.writeTransaction { db in
                            try await db.sql.raw(
                                "UPDATE library_entries SET rating = 5, current_page = 299 WHERE id = \(bind: books[0].id)"
                            ).run()
                            throw Rejected()
                        })
                } catch { return .failure(error) }
            }()
            // A write that says which group it ran in.
            async let counted = app.db.writeTransaction { _ in SQLiteWriters.writesInGroup }
            try await held.release(whenWaiting: 7, on: app)

            let answers = try await [first, second, third]
            for (index, answer) in answers.enumerated() {
                #expect(answer.status == .ok)
                #expect(try answer.entry.currentPage == (index + 1) * 10)
            }
            let refused = try await pastTheEnd
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.errorField == "page")
            let stranger = try await notMine
            #expect(stranger.status == .notFound)
            let undone = await halfWritten
            #expect(throws: Rejected.self) { try undone.get() }
            // All seven in one transaction on SQLite; PostgreSQL has no groups.
            let groupSize = try await counted
            #expect(groupSize == (app.db.sql.kind == .sqlite ? 7 : 0))

            // What the reader sees afterwards: each accepted page stands, nothing of the refused.
            for (index, book) in books.enumerated() {
                let entry = try await app.must(.GET, "/api/v1/library/\(book.id)", token: token).entry
                #expect(entry.currentPage == (index < 3 ? (index + 1) * 10 : nil), "\(entry.work.title)")
                #expect(entry.rating == nil, "\(entry.work.title)")
            }
            let annsAfter = try await app.must(.GET, "/api/v1/library/\(annsBook.id)", token: ann).entry
            #expect(annsAfter.currentPage == nil)
        }
    }

    /// What a reader's writes left behind, besides the entries: readers and ratings per work, the
    /// sync log, what discovery learned, reading days, finishes and searchable notes, per title.
    static func derivedRows(_ app: Application, token: String) async throws -> [String] {
        let userID = try await app.userID(token)
        let sql = app.db.sql
        var rows: [String] = []
        let entries = try await app.must(.GET, "/api/v1/library?limit=50", token: token).entries.items
        for entry in entries.sorted(by: { $0.work.title < $1.work.title }) {
            rows.append(
                "entry \(entry.work.title): \(entry.status) page \(entry.currentPage.map(String.init) ?? "-") "
                    + "rating \(entry.rating.map(String.init) ?? "-") reads \(entry.readCount) "
                    + "finished \(entry.dateFinished ?? "-")")
        }
        for row in try await sql.raw(
            """
            SELECT w.title, w.readers_count, w.ratings_count, w.average_rating FROM works w
            WHERE w.id IN (SELECT work_id FROM library_entries WHERE user_id = \(bind: userID)) ORDER BY w.title
            """
        ).all() {
            let title = try row.decode(column: "title", as: String.self)
            let readers = try row.decode(column: "readers_count", as: Int.self)
            let ratings = try row.decode(column: "ratings_count", as: Int.self)
            let average = try row.decode(column: "average_rating", as: Double?.self)
            rows.append("work \(title): readers \(readers) ratings \(ratings) average \(average.map { "\($0)" } ?? "-")")
        }
        let clock = try await sql.raw("SELECT version FROM sync_clocks WHERE user_id = \(bind: userID)").first()?
            .decode(column: "version", as: Int.self)
        rows.append("sync clock \(clock.map(String.init) ?? "-")")
        for row in try await sql.raw(
            """
            SELECT object_type, COUNT(*) AS n FROM sync_changes WHERE user_id = \(bind: userID)
            GROUP BY object_type ORDER BY object_type
            """
        ).all() {
            rows.append(
                "sync \(try row.decode(column: "object_type", as: String.self)): \(try row.decode(column: "n", as: Int.self))")
        }
        for row in try await sql.raw(
            """
            SELECT w.title, d.action FROM discovery_interactions d JOIN works w ON w.id = d.work_id
            WHERE d.user_id = \(bind: userID) ORDER BY w.title, d.action
            """
        ).all() {
            rows.append(
                "learned \(try row.decode(column: "title", as: String.self)): \(try row.decode(column: "action", as: String.self))"
            )
        }
        for row in try await sql.raw("SELECT day FROM reading_days WHERE user_id = \(bind: userID) ORDER BY day").all() {
            rows.append("reading day \(try row.decode(column: "day", as: String.self))")
        }
        for row in try await sql.raw(
            "SELECT title, day, pages, rating FROM finish_facts WHERE user_id = \(bind: userID) ORDER BY title, day"
        ).all() {
            let pages = try row.decode(column: "pages", as: Int?.self)
            let rating = try row.decode(column: "rating", as: Int?.self)
            rows.append(
                "finish \(try row.decode(column: "title", as: String.self)) on \(try row.decode(column: "day", as: String.self)) "
                    + "pages \(pages.map(String.init) ?? "-") rating \(rating.map(String.init) ?? "-")")
        }
        // The note's words are found in the library's search (the search document was written).
        let found = try await app.must(.GET, "/api/v1/library?q=tides", token: token).entries.items.map(\.work.title)
        rows.append("search tides: \(found.sorted())")
        // The year's statistics as the API gives them, ids aside (each app made its own).
        let stats = try await app.must(.GET, "/api/v1/stats?year=2026", token: token).body
        rows.append(
            "stats "
                + stats.replacingOccurrences(
                    of: "[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}", with: "id",
                    options: .regularExpression))
        return rows
    }

    /// The same reader's day, in the same order of books: a page, a finish, a note, a rating.
    static func setUp(_ app: Application) async throws -> (token: String, writes: [@Sendable () async throws -> Reply]) {
        let token = try await app.signUp()
        var books: [EntryDTO] = []
        for title in ["Autumn", "Bridges", "Comets", "Dunes"] {
            books.append(try await app.addEntry(token, title: title, pageCount: 240, extra: ["status": "reading"]))
        }
        let ids = books.map(\.id)
        let writes: [@Sendable () async throws -> Reply] = [
            { try await app.send(.POST, "/api/v1/library/\(ids[0])/progress", token: token, json: ["page": 50]) },
            { try await app.send(.POST, "/api/v1/library/\(ids[1])/status", token: token, json: ["status": "read"]) },
            {
                try await app.send(
                    .POST, "/api/v1/library/\(ids[2])/notes", token: token, json: ["content": "the tides came in"])
            },
            { try await app.send(.PATCH, "/api/v1/library/\(ids[3])", token: token, json: ["rating": 4]) },
        ]
        return (token, writes)
    }

    @Test("the derived rows after a burst of grouped writes equal those the same writes leave one at a time")
    func burstEqualsOneByOne() async throws {
        var oneByOne: [String] = []
        try await withDogear { app in
            let (token, writes) = try await Self.setUp(app)
            for write in writes {
                let reply = try await write()
                #expect((200..<300).contains(reply.status.code), "\(reply.status) \(reply.body)")
            }
            oneByOne = try await Self.derivedRows(app, token: token)
        }
        var burst: [String] = []
        try await withDogear { app in
            let (token, writes) = try await Self.setUp(app)
            let held = await HeldTurn(app)
            try await withThrowingTaskGroup(of: Reply.self) { group in
                for write in writes { group.addTask { try await write() } }
                try await held.release(whenWaiting: writes.count, on: app)
                for try await reply in group {
                    #expect((200..<300).contains(reply.status.code), "\(reply.status) \(reply.body)")
                }
            }
            burst = try await Self.derivedRows(app, token: token)
        }
        #expect(oneByOne.count > 12)
        #expect(burst == oneByOne)
    }
}

extension GroupCommitTests {
    /// The README's promise: a write is answered after its commit is synced to disk. SQLite's
    /// `synchronous` is a setting of each connection; both pools (reads and the writers' own) keep
    /// FULL, SQLite's compiled default, which a build with another default would break here.
    @Test("every SQLite connection, the writers' own too, syncs each commit to disk (synchronous = FULL)")
    func syncedCommits() async throws {
        try await withDogear { app in
            guard app.db.sql.kind == .sqlite else {
                // PostgreSQL's commit is its own (synchronous_commit); its default is on.
                let setting = try await app.db.sql.raw("SHOW synchronous_commit").first()?
                    .decode(column: "synchronous_commit", as: String.self)
                #expect(setting == "on")
                return
            }
            let writes = try await app.db.writeTransaction { db in
                try await db.sql.raw("PRAGMA synchronous").first()?.decode(column: "synchronous", as: Int.self)
            }
            let reads = try await app.db.sql.raw("PRAGMA synchronous").first()?.decode(column: "synchronous", as: Int.self)
            #expect(writes == 2)
            #expect(reads == 2)
        }
    }
}

extension GroupCommitTests {
    /// Writes run on the writers' own connection, on its own event loop, called there directly,
    /// while reads run on the thread pool over connections of their own. The writers' line finds
    /// the writer by the database's key: when that failed, every write ran on a reading connection
    /// and nothing said so.
    @Test("a write runs on the writers' own connection and event loop; reads run on the thread pool")
    func writersOwnConnection() async throws {
        try await withDogear { app in
            guard app.db.sql.kind == .sqlite else {
                // PostgreSQL takes writes as they come, on the request's own connection.
                #expect(app.databases.configuration(for: .sqliteWriter) == nil)
                return
            }
            let key = try #require(SQLiteWriteGroups.key(of: app.db))
            let writer = try #require(SQLiteWriters.writer(for: key))
            #expect(SQLiteWriteGroups.key(of: writer) == key)
            let loop = try await app.db.writeTransaction { db in db.eventLoop }
            #expect(loop === writer.eventLoop)
            #expect(SQLiteWriterConfiguration.eventLoopGroup.makeIterator().contains { $0 === loop })
            let readers = try #require(app.db as? SQLiteDirectDatabase)
            #expect(readers.connections.threadPool != nil)
            let writers = try #require(writer as? SQLiteDirectDatabase)
            #expect(writers.connections.threadPool == nil && writers.connections.beginsImmediately)
            #expect(readers.connections !== writers.connections)
        }
    }
}
