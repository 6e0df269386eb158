import DogearCore
import Foundation

/// A catalog work as the API shows it (`WorkRecord`), read by a lean statement that joins `works w`:
/// its columns (prefixed `w_`, with `work_id`), its authors and its external IDs aggregated as JSON
/// arrays. The entries (`EntryLoader`) and a list's books (`ListItemService`) read it the same way.
package enum LeanWork {
    /// The select list's work part; the statement selects `work_id` itself.
    package static func columns(_ sql: any DatabaseDialect) -> [String] {
        [
            "title", "subtitle", "description", "first_published_year", "original_language", "series_name",
            "series_number", "reading_difficulty", "estimated_minutes", "origin_country", "translator",
            "translator_nationality", "source", "field_sources", "quality_score", "review_status", "readers_count",
            "ratings_count", "average_rating",
        ].map { "w.\($0) AS w_\($0)" }
            + ["genres", "cultural_themes", "content_warnings", "awards"].map { "\(sql.textArray("w.\($0)")) AS w_\($0)" }
            + [
                sql.arrayOf(
                    ["a.id", "a.name"], from: "work_authors wa JOIN authors a ON a.id = wa.author_id WHERE wa.work_id = w.id",
                    orderBy: "wa.position") + " AS authors",
                sql.arrayOf(["x.kind", "x.value"], from: "external_ids x WHERE x.work_id = w.id", orderBy: "x.created_at")
                    + " AS work_external_ids",
            ]
    }

    /// `[kind, value]` pairs, oldest first, as the API's `{kind: [values]}`.
    package static func externalIDs(_ row: LeanRow, _ column: String) throws -> [String: [String]] {
        var result: [String: [String]] = [:]
        for case let pair as [Any] in try row.jsonArray(column) {
            guard pair.count == 2, let kind = pair[0] as? String, let value = pair[1] as? String else { continue }
            result[kind, default: []].append(value)
        }
        return result
    }

    package static func work(_ row: LeanRow) throws -> WorkRecord {
        let source = try row.requireString("w_source")
        let fieldSources = FieldSources.decode(try row.string("w_field_sources") ?? "{}")
        var work = WorkRecord(
            id: try row.requireUUID("work_id"),
            title: try row.requireString("w_title"),
            authors: try row.jsonArray("authors").compactMap { item in
                guard let pair = item as? [Any], pair.count == 2, let id = (pair[0] as? String).flatMap(UUID.init(uuidString:)),
                    let name = pair[1] as? String
                else { return nil }
                return AuthorRef(id: id, name: name)
            },
            genres: try row.strings("w_genres"),
            culturalThemes: try row.strings("w_cultural_themes"),
            contentWarnings: try row.strings("w_content_warnings"),
            awards: try row.strings("w_awards"),
            source: source,
            verified: Provenance.isVerified(titleSource: Provenance.source(of: "title", in: fieldSources, record: source)),
            qualityScore: try row.int("w_quality_score") ?? 0,
            reviewStatus: try row.requireString("w_review_status"),
            readersCount: try row.int("w_readers_count") ?? 0,
            ratingsCount: try row.int("w_ratings_count") ?? 0,
            externalIds: try externalIDs(row, "work_external_ids"))
        work.subtitle = try row.string("w_subtitle")
        work.description = try row.string("w_description")
        work.firstPublishedYear = try row.int("w_first_published_year")
        work.originalLanguage = try row.string("w_original_language")
        work.series = try row.string("w_series_name")
        work.seriesNumber = try row.double("w_series_number")
        work.readingDifficulty = try row.string("w_reading_difficulty")
        work.estimatedMinutes = try row.int("w_estimated_minutes")
        work.originCountry = try row.string("w_origin_country")
        work.translator = try row.string("w_translator")
        work.translatorNationality = try row.string("w_translator_nationality")
        work.averageRating = try row.double("w_average_rating")
        return work
    }
}
