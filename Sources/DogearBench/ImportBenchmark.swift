import DogearCore
import DogearServer
import DogearServices
import DogearStore
import DogearTransfer
import Fluent
import Foundation
import SQLKit
import Vapor

/// The measuring half of `dogear bench import`: writes a synthetic Goodreads export of N rows,
/// imports it as a reader would (the same job, batches and transactions as the API), and inserts
/// the same rows with plain SQL into one bare table on the same database, as the floor.
package struct ImportBenchmark {
    package let app: Application
    package let rows: Int
    package let seed: UInt64
    package let directory: String

    package func run(print: (String) -> Void) async throws {
        let clock = ContinuousClock()
        let path = (directory as NSString).appendingPathComponent("bench-goodreads-\(rows).csv")
        var started = clock.now
        let books = try writeFile(path)
        let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        emit(print, ["figure": "file", "rows": rows, "bytes": bytes, "seconds": seconds(clock.now - started)])

        let user = User(email: "bench@example.com", passwordHash: "-", displayName: "Bench")
        try await user.create(on: app.db)
        let rssBefore = BenchFigures.memory("VmRSS")
        var runner = ImportRunner(db: app.db, logger: app.logger, now: { Date() })
        let phases = ImportPhases()
        runner.phases = phases
        started = clock.now
        let job = try await runner.createJob(userID: try user.requireID(), filePath: path, fileName: nil, dryRun: false)
        let counted = clock.now - started
        let finished = try await runner.run(try job.requireID())
        let total = clock.now - started
        emit(
            print,
            [
                "figure": "import", "rows": rows, "created": finished.created, "failed": finished.failed,
                "seconds": seconds(total), "count_pass_seconds": seconds(counted),
                "rows_per_second": Int((Double(rows) / max(0.001, ms(total) / 1000)).rounded()),
                "rss_before_mb": rssBefore, "peak_rss_mb": BenchFigures.memory("VmHWM"),
                "phases_seconds": phases.totals.mapValues { seconds($0) },
            ])

        // The floor: the same rows as plain INSERTs into one table, 500 to a statement, one transaction.
        let sql = app.db.sql
        try await sql.raw(
            """
            CREATE TABLE bench_raw_rows (id TEXT PRIMARY KEY, title TEXT, author TEXT, isbn TEXT, rating INTEGER,
            shelf TEXT, shelves TEXT, date_added TEXT, review TEXT)
            """
        ).run()
        started = clock.now
        try await app.db.transaction { db in
            let sql = db.sql
            for chunk in books.chunked(into: 500) {
                var values: [SQLQueryString] = []
                for book in chunk {
                    values.append(
                        """
                        (\(bind: UUID.timeOrdered().uuidString), \(bind: book.book.title), \(bind: book.book.authors[0]), \(bind: book.book.isbn13), \
                        \(bind: book.rating), \(bind: book.status), \(bind: book.tags.joined(separator: ", ")), \
                        \(bind: ExportFormatting.day(book.addedAt)), \(bind: book.notes.first?.content))
                        """)
                }
                let list = values.dropFirst().reduce(values[0]) { $0 + ", " + $1 }
                try await sql.raw("INSERT INTO bench_raw_rows VALUES " + list).run()
            }
        }
        let raw = clock.now - started
        emit(
            print,
            [
                "figure": "raw_sqlite_insert", "rows": rows, "seconds": seconds(raw),
                "rows_per_second": Int((Double(rows) / max(0.001, ms(raw) / 1000)).rounded()),
                "import_to_raw_ratio": ((ms(total) / max(0.001, ms(raw))) * 10).rounded() / 10,
            ])
    }

    /// A Goodreads export of `rows` distinct books, written by Dogear's own Goodreads writer.
    private func writeFile(_ path: String) throws -> [BackupEntry] {
        guard let stream = OutputStream(toFileAtPath: path, append: false) else { throw CommandFailure("cannot write \(path)") }
        stream.open()
        defer { stream.close() }
        let writer = try GoodreadsWriter.open(stream)
        var random = SeededRandom(seed: seed)
        var books: [BackupEntry] = []
        let statuses = ["read", "read", "wantToRead", "wantToRead", "wantToRead", "reading", "didNotFinish"]
        for index in 0..<rows {
            let words = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                random.pick(SyntheticLibrary.titleWords).capitalized
            }
            let author = "\(random.pick(SyntheticLibrary.firstNames)) \(random.pick(SyntheticLibrary.surnames))"
            var book = BackupEntry.Book(title: words.joined(separator: " ") + " \(index)", authors: [author])
            let isbn = try ISBN(Self.isbn13(978_000_000_000 + UInt64(index) * 7919 % 1_000_000_000))
            book.isbn13 = isbn.isbn13
            book.isbn10 = isbn.isbn10
            book.pageCount = Int.random(in: 90...900, using: &random)
            book.publisher = random.pick(["Penguin", "Orbit", "Vintage", "Tor", "Faber"])
            book.format = random.pick(["paperback", "hardcover", "ebook"])
            book.publishedDate = String(Int.random(in: 1900...2025, using: &random))
            book.externalIds = ["goodreads": [String(1_000_000 + index)]]
            let status = random.pick(statuses)
            let day = Date(timeIntervalSince1970: 1_500_000_000 + Double(index) * 8_640)
            var entry = BackupEntry(book: book, status: status, addedAt: day)
            entry.rating = Int.random(in: 0...5, using: &random) == 0 ? nil : Int.random(in: 1...5, using: &random)
            entry.tags = (0..<Int.random(in: 0...3, using: &random)).map { _ in random.pick(SyntheticLibrary.tagNames) }
            entry.tags = Array(Set(entry.tags)).sorted()
            if status == "read" {
                entry.dateFinished = ExportFormatting.day(day.addingTimeInterval(86_400 * 20))
                entry.readCount = 1
            }
            if Int.random(in: 0...3, using: &random) == 0 {
                let words = (0..<Int.random(in: 8...40, using: &random)).map { _ in random.pick(SyntheticLibrary.noteVocabulary) }
                entry.notes = [ImportedNote(content: words.joined(separator: " "))]
            }
            try writer.write(entry)
            books.append(entry)
        }
        try writer.finish()
        return books
    }

    /// A valid ISBN-13 from its first 12 digits.
    package static func isbn13(_ first12: UInt64) -> String {
        let digits = String(format: "%012llu", first12).compactMap { $0.wholeNumberValue }
        let sum = digits.enumerated().reduce(0) { $0 + $1.element * ($1.offset % 2 == 0 ? 1 : 3) }
        return digits.map(String.init).joined() + String((10 - sum % 10) % 10)
    }

    private func ms(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
    }

    private func seconds(_ duration: Duration) -> Double { (ms(duration) / 10).rounded() / 100 }

    private func emit(_ print: (String) -> Void, _ fields: [String: Any]) { BenchFigures.emit("import", print, fields) }
}
