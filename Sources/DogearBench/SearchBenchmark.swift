import DogearCore
import DogearServer
import DogearServices
import DogearStore
import Fluent
import Foundation
import SQLKit
import Vapor

/// The measuring half of `dogear bench search`.
package struct SearchBenchmark {
    package let app: Application
    package let entries: Int
    package let notes: Int
    package let seed: UInt64
    package let iterations: Int
    package let path: String

    package func run(print: (String) -> Void) async throws {
        let clock = ContinuousClock()
        let sql = app.db.sql
        // The migration indexed an empty library; the benchmark fills it, then builds the index.
        var started = clock.now
        let built = try await SyntheticLibrary(db: app.db, entries: entries, notes: notes, seed: seed).build()
        emit(print, ["figure": "data_seconds", "value": seconds(clock.now - started), "entries": entries, "notes": notes])

        started = clock.now
        let indexed = try await SearchIndexer(db: app.db).rebuildAll()
        emit(print, ["figure": "index_build_seconds", "value": seconds(clock.now - started), "entries": indexed])
        _ = try await sql.raw("PRAGMA wal_checkpoint(TRUNCATE)").all()
        _ = try await sql.raw("ANALYZE").all()
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        emit(print, ["figure": "database_bytes", "value": size])

        guard let user = try await User.find(built.userID, on: app.db) else { return }
        let queries: [(String, String)] = [
            ("single word", "lighthouse"),
            ("prefix", "lig"),
            ("two words", "winter garden"),
            ("author", built.authorSurnames[6]),
            ("isbn", built.isbns[entries / 2]),
            ("tag", "slow burn"),
            ("note phrase", "ferry kitchen"),
            ("no hits", "zzqxv"),
        ]
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        for (name, text) in queries {
            let terms = SearchTerms(text)
            let url = "/api/v1/library?q=\(text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text)"
            var apiTimes: [Duration] = []
            var rawTimes: [Duration] = []
            var hits = 0
            let match = SQLiteSearchIndex.match(terms)
            for round in 0..<(iterations + 10) {
                let request = Request(application: app, method: .GET, url: URI(string: url), on: app.eventLoopGroup.next())
                request.auth.login(user)
                var begin = clock.now
                // What GET /api/v1/library does: the filter from the address, the query service, JSON.
                let page = try await request.libraryQuery().page(try LibraryFilter(query: request.url.query))
                _ = Page(page, EntryDTO.init).jsonResponse()
                let apiTime = clock.now - begin
                begin = clock.now
                let raw = try await sql.raw("SELECT rowid FROM entry_search WHERE entry_search MATCH \(bind: match) LIMIT 21")
                    .all()
                let rawTime = clock.now - begin
                if round >= 10 {
                    apiTimes.append(apiTime)
                    rawTimes.append(rawTime)
                }
                hits = max(page.items.count, raw.count > 20 ? 20 : raw.count)
            }
            let phases = try await phaseTimes(text, user: user, encoder: encoder)
            let apiP50 = percentile(apiTimes, 0.5)
            let apiP99 = percentile(apiTimes, 0.99)
            let rawP50 = percentile(rawTimes, 0.5)
            let rawP99 = percentile(rawTimes, 0.99)
            emit(
                print,
                [
                    "figure": "search", "query": name, "terms": text, "page_items": hits,
                    "api_p50_ms": ms(apiP50), "api_p99_ms": ms(apiP99),
                    "raw_fts5_p50_ms": ms(rawP50), "raw_fts5_p99_ms": ms(rawP99),
                    "p50_ratio": rawP50 > .zero ? (ms(apiP50) / ms(rawP50) * 100).rounded() / 100 : 0,
                    "iterations": iterations,
                    "phases_p50_ms": phases,
                ])
        }
    }

    /// Where the time of one search goes, step by step as the controller takes them (p50 of 50 runs).
    private func phaseTimes(_ text: String, user: User, encoder: JSONEncoder) async throws -> [String: Double] {
        let clock = ContinuousClock()
        let sql = app.db.sql
        var times: [String: [Duration]] = [:]
        let filter = try LibraryFilter(query: "q=\(text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text)")
        for _ in 0..<50 {
            var begin = clock.now
            let page = try await LibrarySearchQuery(
                db: sql, index: SearchIndexes.forDatabase(sql), userID: try user.requireID(), timeZone: .gmt
            ).run(filter)
            times["search_sql", default: []].append(clock.now - begin)
            begin = clock.now
            var items = try await EntryLoader(db: app.db, today: LocalDate(Date(), in: .gmt)).load(page.ids).map(EntryDTO.init)
            times["load_entries", default: []].append(clock.now - begin)
            begin = clock.now
            let documents =
                page.documents.isEmpty ? try await SearchIndexes.forDatabase(sql).documents(page.ids, on: sql) : page.documents
            times["load_documents", default: []].append(clock.now - begin)
            begin = clock.now
            for index in items.indices {
                items[index].matches = MatchReasons.find(filter.terms, in: documents[items[index].id]?.fields ?? [])
            }
            times["match_reasons", default: []].append(clock.now - begin)
            // Foundation's encoder against the bytes written directly (what the API answers with).
            begin = clock.now
            _ = try encoder.encode(Page(items: items, nextCursor: nil))
            times["json_foundation", default: []].append(clock.now - begin)
            begin = clock.now
            _ = Page(items: items, nextCursor: nil).jsonResponse()
            times["json_bytes", default: []].append(clock.now - begin)
        }
        return times.mapValues { ms(percentile($0, 0.5)) }
    }

    private func percentile(_ values: [Duration], _ p: Double) -> Duration { BenchFigures.percentile(values, p) }
    private func ms(_ duration: Duration) -> Double { BenchFigures.ms(duration) }
    private func seconds(_ duration: Duration) -> Double { BenchFigures.seconds(duration) }
    private func emit(_ print: (String) -> Void, _ fields: [String: Any]) { BenchFigures.emit("search", print, fields) }
}
