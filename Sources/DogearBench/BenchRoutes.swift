import DogearServer
import DogearServices
import DogearStore
import SQLKit
import Vapor

/// The reference routes `dogear bench http` measures the real ones against, registered only with
/// `DOGEAR_BENCH_ROUTES=true`:
/// - `GET /bench/trivial`: a constant answer, no database and no sign-in (what the HTTP stack itself
///   can serve: the ceiling);
/// - `GET /bench/library-sql`: the first page of the signed-in reader's library, the same JSON as
///   `GET /api/v1/library?limit=20`, built whole by SQLite in one hand-written statement (the floor
///   for that answer: the same sign-in, then nothing but the database's own work).
package enum BenchRoutes {
    package static func register(_ app: Application) {
        app.get("bench", "trivial") { _ in "ok" }
        app.grouped(BearerTokenAuthenticator(), RequireUserMiddleware()).get("bench", "library-sql") { req in
            let row = try await req.db.sql.raw(libraryPage(userID: try req.currentUserID())).first()
            let body = try row?.decode(column: "page", as: String.self) ?? "{}"
            var headers = HTTPHeaders()
            headers.contentType = .json
            return Response(status: .ok, headers: headers, body: .init(string: body))
        }
        // The progress change of `POST /api/v1/library/{id}/progress` as one hand-written statement:
        // the page and the percentage it makes of the edition's pages, the reader's last read, the
        // entry's update time; no derived rows. It goes through the writers' line like every write
        // (on SQLite, one connection writes; a statement from a reading connection would wait for
        // the write lock in SQLite's busy handler, and six of them at once measured the lock).
        app.grouped(BearerTokenAuthenticator(), RequireUserMiddleware()).post("bench", "progress-sql", ":id") { req in
            let page = try req.content.decode(PageBody.self).page
            let now = Date().timeIntervalSince1970
            let id = try req.parameters.require("id", as: UUID.self)
            let userID = try req.currentUserID()
            let row = try await req.db.writeTransaction { db in
                try await db.sql.raw(
                    """
                    UPDATE library_entries SET current_page = \(bind: page),
                      progress = MIN(100.0, \(bind: page) * 100.0 / COALESCE(
                        (SELECT page_count FROM editions WHERE id = library_entries.edition_id), \(bind: page))),
                      last_read_at = \(bind: now), updated_at = \(bind: now)
                    WHERE id = \(bind: id) AND user_id = \(bind: userID)
                    RETURNING current_page
                    """
                ).first()
            }
            guard let row else { throw Abort(.notFound) }
            return ["currentPage": try row.decode(column: "current_page", as: Int.self)]
        }
    }

    struct PageBody: Content {
        let page: Int
    }

    /// A page of 20, newest first, as JSON with the API's keys in the API's (sorted) order.
    package static func libraryPage(userID: UUID) -> SQLQueryString {
        func day(_ column: String) -> String {
            "CASE WHEN \(column) IS NULL THEN NULL ELSE strftime('%Y-%m-%dT%H:%M:%SZ', \(column), 'unixepoch') END"
        }
        func flag(_ column: String) -> String { "json(CASE WHEN \(column) THEN 'true' ELSE 'false' END)" }
        func optionalFlag(_ column: String) -> String {
            "json(CASE WHEN \(column) IS NULL THEN 'null' WHEN \(column) THEN 'true' ELSE 'false' END)"
        }
        let edition = """
            CASE WHEN ed.id IS NULL THEN NULL ELSE json_object('coverUrl', ed.cover_url, 'editionTitle', ed.edition_title,
              'externalIds', json('{}'), 'format', ed.format, 'id', ed.id, 'infoUrl', ed.info_url,
              'isbn', COALESCE(ed.isbn_display, ed.isbn13, ed.isbn10), 'isbn10', ed.isbn10, 'isbn13', ed.isbn13,
              'language', ed.language, 'pageCount', ed.page_count, 'previewUrl', ed.preview_url,
              'publishedDate', ed.published_date, 'publisher', ed.publisher) END
            """
        let work = """
            json_object('authors', json((SELECT json_group_array(json_object('id', x.id, 'name', x.name)) FROM
                (SELECT a.id, a.name FROM work_authors wa JOIN authors a ON a.id = wa.author_id WHERE wa.work_id = w.id
                 ORDER BY wa.position) x)),
              'averageRating', w.average_rating, 'awards', json(w.awards), 'contentWarnings', json(w.content_warnings),
              'culturalThemes', json(w.cultural_themes), 'description', w.description,
              'estimatedMinutes', w.estimated_minutes, 'externalIds', json('{}'),
              'firstPublishedYear', w.first_published_year, 'genres', json(w.genres), 'id', w.id,
              'originCountry', w.origin_country, 'originalLanguage', w.original_language,
              'qualityScore', w.quality_score, 'ratingsCount', w.ratings_count, 'readersCount', w.readers_count,
              'readingDifficulty', w.reading_difficulty, 'reviewStatus', w.review_status, 'series', w.series_name,
              'seriesNumber', w.series_number, 'source', w.source, 'subtitle', w.subtitle, 'title', w.title,
              'translator', w.translator, 'translatorNationality', w.translator_nationality,
              'verified', json(CASE WHEN w.source IN ('openLibrary', 'googleBooks') THEN 'true' ELSE 'false' END))
            """
        let entry = """
            json_object('countsTowardCulturalGoal', \(flag("e.counts_toward_cultural_goal")),
              'createdAt', \(day("e.created_at")), 'culturalGoalCategory', e.cultural_goal_category,
              'currentMinutes', e.current_minutes, 'currentPage', e.current_page, 'dailyGoalPages', e.daily_goal_pages,
              'dateAdded', \(day("e.date_added")), 'dateFinished', e.date_finished, 'dateStarted', e.date_started,
              'edition', \(edition), 'estimatedFinish', NULL, 'favorite', \(flag("e.favorite")), 'id', e.id,
              'isPublic', \(flag("e.is_public")), 'matches', NULL, 'onWishlist', \(flag("e.on_wishlist")),
              'otherEditions', json('[]'), 'owned', \(flag("e.owned")), 'pagesPerDay', NULL,
              'preciseRating', e.precise_rating,
              'progress', CASE WHEN e.progress = CAST(e.progress AS INTEGER) THEN CAST(e.progress AS INTEGER) ELSE e.progress END, 'rating', e.rating, 'readCount', e.read_count,
              'readThroughs', json((SELECT json_group_array(json_object('finishedOn', r.finished_on, 'outcome', r.outcome,
                'startedOn', r.started_on)) FROM read_throughs r WHERE r.entry_id = e.id)),
              'recommendedBy', e.recommended_by, 'status', e.status,
              'tags', json((SELECT json_group_array(x.display) FROM (SELECT t.display FROM entry_tags et
                JOIN tags t ON t.id = et.tag_id WHERE et.entry_id = e.id ORDER BY t.key) x)),
              'totalMinutes', e.total_minutes, 'updatedAt', \(day("e.updated_at")),
              'wouldRecommend', \(optionalFlag("e.would_recommend")), 'work', \(work))
            """
        return """
            SELECT json_object('items', json_group_array(json(page.entry)), 'nextCursor',
              (SELECT id FROM library_entries WHERE user_id = \(bind: userID) ORDER BY date_added DESC, id DESC
               LIMIT 1 OFFSET 19)) AS page
            FROM (SELECT \(unsafeRaw: entry) AS entry
              FROM library_entries e JOIN works w ON w.id = e.work_id LEFT JOIN editions ed ON ed.id = e.edition_id
              WHERE e.user_id = \(bind: userID) ORDER BY e.date_added DESC, e.id DESC LIMIT 20) page
            """
    }
}
