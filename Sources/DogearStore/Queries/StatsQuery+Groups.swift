import DogearCore
import FluentKit
import Foundation
import SQLKit

/// The figures that group the range's books: genres, authors, formats and the first author's facts.
extension StatsQuery {
    /// Joins one row `g` per element of a list column of `ff` (`g.value`): JSON on SQLite, an array on PostgreSQL.
    private func unpack(_ column: String) -> SQLQueryString {
        "\(unsafeRaw: sql.databaseDialect.unpack("ff.\(column)", as: "g"))"
    }

    /// The most-read genres (a book counts once in each of its genres), every one when `limit` is nil.
    package func genres(limit: Int? = 10) async throws -> [StatsReport.Count] {
        let limited: SQLQueryString = limit.map { " LIMIT \(literal: $0)" } ?? ""
        return try await sql.raw(
            """
            SELECT g.value AS name, \(books()) AS books FROM finish_facts ff \(unpack("genres")) WHERE \(scope)
            GROUP BY g.value ORDER BY books DESC, name\(limited)
            """
        ).all().map {
            StatsReport.Count(
                name: try $0.decode(column: "name", as: String.self), books: try $0.decode(column: "books", as: Int.self))
        }
    }

    /// The most-read authors (a book counts once for each of its authors), ties by name.
    package func authors(limit: Int = 10) async throws -> [StatsReport.AuthorCount] {
        try await sql.raw(
            """
            SELECT a.id AS id, a.name AS name, t.books AS books FROM (
              SELECT g.value AS author_id, \(books()) AS books FROM finish_facts ff \(unpack("author_ids")) WHERE \(scope) GROUP BY g.value
            ) t JOIN authors a ON a.id = t.author_id ORDER BY t.books DESC, a.name LIMIT \(literal: limit)
            """
        ).all().map {
            StatsReport.AuthorCount(
                id: try $0.decode(column: "id", as: UUID.self), name: try $0.decode(column: "name", as: String.self),
                books: try $0.decode(column: "books", as: Int.self))
        }
    }

    /// Every author of a book finished in the range.
    package func authorIDs() async throws -> Set<UUID> {
        let rows = try await sql.raw("SELECT DISTINCT g.value AS id FROM finish_facts ff \(unpack("author_ids")) WHERE \(scope)")
            .all()
        return Set(try rows.map { try $0.decode(column: "id", as: UUID.self) })
    }

    /// Books by the format of the edition the reader has ("unknown" for none), and by the first
    /// listed author's gender and cultural region (a book with no author, or an author with neither
    /// recorded, or gender "unknown", is unknown): one grouping, every book in exactly one group.
    package struct Facets: Codable, Equatable {
        package var formats: [StatsReport.Count] = []
        package var gender = StatsReport.Share(counts: [], known: 0, unknown: 0)
        package var region = StatsReport.Share(counts: [], known: 0, unknown: 0)
    }

    package func facets() async throws -> Facets {
        let rows = try await sql.raw(
            """
            SELECT ff.format AS format, ff.first_gender AS gender, ff.first_region AS region, \(books()) AS books
            FROM finish_facts ff WHERE \(scope) GROUP BY ff.format, ff.first_gender, ff.first_region
            """
        ).all()
        var formats: [String: Int] = [:]
        var genders: [String: Int] = [:]
        var regions: [String: Int] = [:]
        var unknownGender = 0
        var unknownRegion = 0
        for row in rows {
            let n = try row.decode(column: "books", as: Int.self)
            guard n > 0 else { continue }
            formats[try row.decode(column: "format", as: String?.self) ?? "unknown", default: 0] += n
            if let raw = try row.decode(column: "gender", as: String?.self), let gender = AuthorGender(rawValue: raw),
                gender != .unknown
            {
                genders[gender.rawValue, default: 0] += n
            } else {
                unknownGender += n
            }
            if let raw = try row.decode(column: "region", as: String?.self), let region = CulturalRegion(rawValue: raw) {
                regions[region.rawValue, default: 0] += n
            } else {
                unknownRegion += n
            }
        }
        return Facets(
            formats: StatsFigures.ranked(formats), gender: Self.share(genders, unknown: unknownGender),
            region: Self.share(regions, unknown: unknownRegion))
    }

    package static func share(_ counts: [String: Int], unknown: Int) -> StatsReport.Share {
        StatsReport.Share(counts: StatsFigures.ranked(counts), known: counts.values.reduce(0, +), unknown: unknown)
    }
}
