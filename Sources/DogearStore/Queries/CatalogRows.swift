import DogearCore
import Foundation
import SQLKit

/// Catalog rows read straight into DTOs with SQLKit. Pages of entries read many works and
/// editions; decoding them as Fluent models costs several times what reading the columns directly
/// does (`dogear bench search` measures it).
package struct CatalogRows {
    package let sql: any SQLDatabase

    package func works(_ ids: [UUID], authors: [UUID: [AuthorRef]], externalIds: [UUID: [String: [String]]]) async throws
        -> [UUID:
        WorkRecord]
    {
        guard !ids.isEmpty else { return [:] }
        var result: [UUID: WorkRecord] = [:]
        for row in try await sql.raw("SELECT * FROM works WHERE id IN (\(binds: ids))").all() {
            let id = try row.decode(column: "id", as: UUID.self)
            result[id] = try WorkRecord(row: row, id: id, authors: authors[id] ?? [], externalIds: externalIds[id] ?? [:])
        }
        return result
    }

    package func editions(_ ids: [UUID], externalIds: [UUID: [String: [String]]]) async throws -> [UUID: EditionRecord] {
        guard !ids.isEmpty else { return [:] }
        var result: [UUID: EditionRecord] = [:]
        for row in try await sql.raw("SELECT * FROM editions WHERE id IN (\(binds: ids))").all() {
            let id = try row.decode(column: "id", as: UUID.self)
            result[id] = try EditionRecord(row: row, id: id, externalIds: externalIds[id] ?? [:])
        }
        return result
    }

    /// Authors of each work in cover order.
    package func authorsByWork(_ workIDs: [UUID]) async throws -> [UUID: [AuthorRef]] {
        guard !workIDs.isEmpty else { return [:] }
        let rows = try await sql.raw(
            """
            SELECT wa.work_id AS work_id, a.id AS author_id, a.name AS name
            FROM work_authors wa JOIN authors a ON a.id = wa.author_id
            WHERE wa.work_id IN (\(binds: workIDs)) ORDER BY wa.position
            """
        ).all()
        var result: [UUID: [AuthorRef]] = [:]
        for row in rows {
            result[try row.decode(column: "work_id", as: UUID.self), default: []].append(
                AuthorRef(
                    id: try row.decode(column: "author_id", as: UUID.self), name: try row.decode(column: "name", as: String.self))
            )
        }
        return result
    }

    /// External IDs keyed by the work or edition they belong to, then by kind.
    package func externalIDs(workIDs: [UUID], editionIDs: [UUID]) async throws -> [UUID: [String: [String]]] {
        guard !workIDs.isEmpty || !editionIDs.isEmpty else { return [:] }
        var owners: [SQLQueryString] = []
        if !workIDs.isEmpty { owners.append("work_id IN (\(binds: workIDs))") }
        if !editionIDs.isEmpty { owners.append("edition_id IN (\(binds: editionIDs))") }
        let condition = owners.dropFirst().reduce(owners[0]) { $0 + " OR " + $1 }
        let rows = try await sql.raw(
            "SELECT work_id, edition_id, kind, value FROM external_ids WHERE " + condition + " ORDER BY created_at"
        ).all()
        var result: [UUID: [String: [String]]] = [:]
        for row in rows {
            guard
                let owner = try row.decode(column: "work_id", as: UUID?.self) ?? row.decode(column: "edition_id", as: UUID?.self)
            else { continue }
            result[owner, default: [:]][try row.decode(column: "kind", as: String.self), default: []]
                .append(try row.decode(column: "value", as: String.self))
        }
        return result
    }

    package init(sql: any SQLDatabase) {
        self.sql = sql
    }
}

extension WorkRecord {
    package init(row: any SQLRow, id: UUID, authors: [AuthorRef], externalIds: [String: [String]]) throws {
        // Plain stored properties first: the nullable ones are set through their wrappers.
        self.id = id
        title = try row.decode(column: "title", as: String.self)
        self.authors = authors
        genres = try row.decode(column: "genres", as: [String].self)
        culturalThemes = try row.decode(column: "cultural_themes", as: [String].self)
        contentWarnings = try row.decode(column: "content_warnings", as: [String].self)
        awards = try row.decode(column: "awards", as: [String].self)
        source = try row.decode(column: "source", as: String.self)
        let fieldSources = FieldSources.decode(try row.decode(column: "field_sources", as: String.self))
        verified = Provenance.isVerified(titleSource: Provenance.source(of: "title", in: fieldSources, record: source))
        qualityScore = try row.decode(column: "quality_score", as: Int.self)
        reviewStatus = try row.decode(column: "review_status", as: String.self)
        readersCount = try row.decode(column: "readers_count", as: Int.self)
        ratingsCount = try row.decode(column: "ratings_count", as: Int.self)
        self.externalIds = externalIds
        subtitle = try row.decode(column: "subtitle", as: String?.self)
        description = try row.decode(column: "description", as: String?.self)
        firstPublishedYear = try row.decode(column: "first_published_year", as: Int?.self)
        originalLanguage = try row.decode(column: "original_language", as: String?.self)
        series = try row.decode(column: "series_name", as: String?.self)
        seriesNumber = try row.decode(column: "series_number", as: Double?.self)
        readingDifficulty = try row.decode(column: "reading_difficulty", as: String?.self)
        estimatedMinutes = try row.decode(column: "estimated_minutes", as: Int?.self)
        originCountry = try row.decode(column: "origin_country", as: String?.self)
        translator = try row.decode(column: "translator", as: String?.self)
        translatorNationality = try row.decode(column: "translator_nationality", as: String?.self)
        averageRating = try row.decode(column: "average_rating", as: Double?.self)
    }
}

extension EditionRecord {
    package init(row: any SQLRow, id: UUID, externalIds: [String: [String]]) throws {
        self.id = id
        self.externalIds = externalIds
        isbn13 = try row.decode(column: "isbn13", as: String?.self)
        isbn10 = try row.decode(column: "isbn10", as: String?.self)
        isbn = try row.decode(column: "isbn_display", as: String?.self) ?? isbn13 ?? isbn10
        pageCount = try row.decode(column: "page_count", as: Int?.self)
        format = try row.decode(column: "format", as: String?.self)
        publisher = try row.decode(column: "publisher", as: String?.self)
        publishedDate = try row.decode(column: "published_date", as: String?.self)
        editionTitle = try row.decode(column: "edition_title", as: String?.self)
        language = try row.decode(column: "language", as: String?.self)
        coverUrl = try row.decode(column: "cover_url", as: String?.self)
        previewUrl = try row.decode(column: "preview_url", as: String?.self)
        infoUrl = try row.decode(column: "info_url", as: String?.self)
    }
}
