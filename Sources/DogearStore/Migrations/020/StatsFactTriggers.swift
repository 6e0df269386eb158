import DogearCore

/// The SQL that keeps `finish_facts` and `session_days` true: a refresh of the facts of some
/// entries (delete their rows, insert them again from the library), and the triggers that run it
/// for every change a figure reads, on SQLite and PostgreSQL alike (PostgreSQL wraps each body in
/// a PL/pgSQL function). Everything here is text of constants: trigger bodies take no parameters.
///
/// The author-voice ranks are Core's `AuthorVoice` sets written into the SQL when the migration
/// runs; a change to those sets needs a migration that creates the triggers again and refreshes
/// every entry.
package struct StatsFactTriggers {
    package let postgres: Bool
    /// Whether a finish's facts carry `unlogged_pages` and sessions refresh them (migration 032,
    /// `CountSessionPages`). Migrations 020 and 027 made the triggers without it and still do, so a
    /// new database is built in the same steps an old one took.
    package var countsSessions = true

    // MARK: refreshing the facts of a set of entries

    /// Two statements: the entries' rows out, then in again. `entries` is SQL selecting entry ids
    /// (`SELECT NEW.id` in a trigger).
    package func refresh(entries: String) -> [String] {
        ["DELETE FROM finish_facts WHERE entry_id IN (\(entries))", insert(entries: entries)]
    }

    private func insert(entries: String) -> String {
        let read = ReadingStatus.read.rawValue
        let authorIDs =
            postgres
            ? "ARRAY(SELECT wa.author_id FROM work_authors wa WHERE wa.work_id = e.work_id ORDER BY wa.position)"
            : "(SELECT json_group_array(x.author_id) FROM (SELECT wa.author_id FROM work_authors wa WHERE wa.work_id = e.work_id ORDER BY wa.position) x)"
        let firstAuthor: (String) -> String = { column in
            """
            (SELECT a.\(column) FROM work_authors wa JOIN authors a ON a.id = wa.author_id WHERE wa.work_id = e.work_id
             ORDER BY wa.position, a.name LIMIT 1)
            """
        }
        let voice: (String) -> String = { rank in
            """
            COALESCE((SELECT MAX(\(rank)) FROM work_authors wa JOIN authors a ON a.id = wa.author_id WHERE wa.work_id = e.work_id), 1)
            """
        }
        let order = "ORDER BY COALESCE(f.day, ''), f.finish_id"
        let first: (String) -> String = { partition in
            "CASE WHEN ROW_NUMBER() OVER (PARTITION BY e.id\(partition) \(order)) = 1 THEN 1 ELSE 0 END"
        }
        let finishes = """
            (
              SELECT x.id AS finish_id, x.id AS entry_id, x.date_finished AS day, x.date_started AS started
              FROM library_entries x WHERE x.id IN (\(entries)) AND x.status = '\(read)'
              UNION ALL
              SELECT r.id, r.entry_id, r.finished_on, r.started_on
              FROM read_throughs r WHERE r.entry_id IN (\(entries)) AND r.outcome = '\(read)'
            )
            """
        return """
            INSERT INTO finish_facts (user_id, day, finish_id, entry_id, work_id, title, started, pages, rating, format, language,
              original_language, translator, first_gender, first_region, marginalised, indigenous, genres, author_ids, is_public,
              reread, cultural_goal, first_in_month, first_in_year, first_ever\(countsSessions ? ", unlogged_pages" : ""))
            SELECT e.user_id, COALESCE(f.day, ''), f.finish_id, e.id, e.work_id, w.title, f.started, ed.page_count, e.rating,
              ed.format, ed.language, w.original_language,
              CASE WHEN w.translator IS NOT NULL AND TRIM(w.translator) <> '' THEN 1 ELSE 0 END,
              \(firstAuthor("gender")), \(firstAuthor("cultural_region")),
              \(voice(Self.marginalisedRank)), \(voice(Self.indigenousRank)), w.genres, \(authorIDs), e.is_public,
              CASE WHEN e.read_count > 1 THEN 1 ELSE 0 END,
              CASE WHEN e.counts_toward_cultural_goal THEN COALESCE(e.cultural_goal_category, '(none)') END,
              \(first(", SUBSTR(COALESCE(f.day, ''), 1, 7)")), \(first(", SUBSTR(COALESCE(f.day, ''), 1, 4)")), \(first(""))\(countsSessions ? Self.unloggedPages : "")
            FROM \(countsSessions ? withLogged(finishes) : finishes) f
            JOIN library_entries e ON e.id = f.entry_id JOIN works w ON w.id = e.work_id LEFT JOIN editions ed ON ed.id = e.edition_id
            """
    }

    // MARK: pages logged in sessions

    /// The pages a finish adds to "pages read" beyond the sessions that logged them: the edition's
    /// pages less `logged`, never below 0. Pages read in a range are the sessions' pages dated in it
    /// plus these of its finishes (`StatsQuery`), so a book read over New Year counts its December
    /// sessions in December and the rest when it is finished, and a book finished without sessions
    /// counts whole on its finish day, as before.
    private static let unloggedPages = ", CASE WHEN ed.page_count > f.logged THEN ed.page_count - f.logged ELSE 0 END"

    /// The finishes with `logged`: the session pages of the same entry dated after the previous
    /// dated finish and up to this one. A partial day ("2024", "2024-05") bounds as its last day
    /// would: a session's date is cut to the day's length before it is compared. An undated finish
    /// logs nothing (it counts whole, as before sessions counted): it cannot be placed among the
    /// sessions, and is most often a read long before them that a re-read is now logging. Dates
    /// compare in code-point order on both databases (a PostgreSQL collation may not).
    private func withLogged(_ finishes: String) -> String {
        let text = { (column: String) in postgres ? "\(column) COLLATE \"C\"" : column }
        let upTo = "\(text("SUBSTR(s.date, 1, LENGTH(u.day))")) <= \(text("u.day"))"
        let after = "\(text("SUBSTR(s.date, 1, LENGTH(u.previous_day))")) > \(text("u.previous_day"))"
        return """
            (
              SELECT u.*, (SELECT COALESCE(SUM(s.pages_read), 0) FROM reading_sessions s
                  WHERE s.entry_id = u.entry_id AND COALESCE(u.day, '') <> '' AND \(upTo)
                    AND (COALESCE(u.previous_day, '') = '' OR \(after))) AS logged
              FROM (
                SELECT v.*, LAG(COALESCE(v.day, '')) OVER (PARTITION BY v.entry_id ORDER BY COALESCE(v.day, ''), v.finish_id) AS previous_day
                FROM \(finishes) v
              ) u
            )
            """
    }

    /// Core's `AuthorVoice` for one author `a`: 2 yes, 1 unknown, 0 no. The largest over a book's
    /// authors is the book's answer (any yes wins, then any unknown); no author at all is unknown.
    package static var marginalisedRank: String {
        let genders = AuthorVoice.marginalisedGenders.map { "'\($0.rawValue)'" }.sorted().joined(separator: ", ")
        let regions = AuthorVoice.marginalisedRegions.map { "'\($0.rawValue)'" }.sorted().joined(separator: ", ")
        return """
            CASE WHEN a.gender IN (\(genders)) OR a.cultural_region IN (\(regions)) THEN 2 \
            WHEN a.gender = '\(AuthorGender.male.rawValue)' AND a.cultural_region IS NOT NULL THEN 0 ELSE 1 END
            """
    }

    package static var indigenousRank: String {
        """
        CASE WHEN a.cultural_region = '\(CulturalRegion.indigenous.rawValue)' THEN 2 \
        WHEN a.cultural_region IS NOT NULL THEN 0 ELSE 1 END
        """
    }

    // MARK: session days

    /// Adds (`sign` 1) or takes away (-1) one session's day, minutes and pages, for the reader whose
    /// entry it is. A session whose entry is already gone is skipped: the entry's own delete trigger
    /// took its sessions away first.
    private static func sessionDay(_ row: String, sign: Int) -> [String] {
        if sign > 0 {
            return [
                """
                INSERT INTO session_days (user_id, day, sessions, minutes, pages)
                SELECT e.user_id, \(row).date, 1, \(row).minutes, COALESCE(\(row).pages_read, 0)
                FROM library_entries e WHERE e.id = \(row).entry_id
                ON CONFLICT (user_id, day) DO UPDATE SET sessions = session_days.sessions + 1,
                  minutes = session_days.minutes + excluded.minutes, pages = session_days.pages + excluded.pages
                """
            ]
        }
        let owner = "(SELECT e.user_id FROM library_entries e WHERE e.id = \(row).entry_id)"
        return [
            """
            UPDATE session_days SET sessions = sessions - 1, minutes = minutes - \(row).minutes,
              pages = pages - COALESCE(\(row).pages_read, 0)
            WHERE user_id = \(owner) AND day = \(row).date
            """,
            "DELETE FROM session_days WHERE user_id = \(owner) AND day = \(row).date AND sessions <= 0",
        ]
    }

    /// An entry about to be deleted takes its sessions off its reader's days.
    private static let entrySessionsOut = [
        """
        UPDATE session_days SET
          sessions = sessions - (SELECT COUNT(*) FROM reading_sessions s WHERE s.entry_id = OLD.id AND s.date = session_days.day),
          minutes = minutes - (SELECT COALESCE(SUM(s.minutes), 0) FROM reading_sessions s WHERE s.entry_id = OLD.id AND s.date = session_days.day),
          pages = pages - (SELECT COALESCE(SUM(COALESCE(s.pages_read, 0)), 0) FROM reading_sessions s
            WHERE s.entry_id = OLD.id AND s.date = session_days.day)
        WHERE user_id = OLD.user_id AND day IN (SELECT s.date FROM reading_sessions s WHERE s.entry_id = OLD.id)
        """,
        "DELETE FROM session_days WHERE user_id = OLD.user_id AND sessions <= 0",
    ]

    /// What the migration fills `session_days` with from the sessions already logged.
    package static let fillSessionDays = """
        INSERT INTO session_days (user_id, day, sessions, minutes, pages)
        SELECT e.user_id, s.date, COUNT(*), SUM(s.minutes), SUM(COALESCE(s.pages_read, 0))
        FROM reading_sessions s JOIN library_entries e ON e.id = s.entry_id GROUP BY e.user_id, s.date
        """

    // MARK: the triggers

    package var triggers: [RowTrigger] {
        let entryColumns = [
            "user_id", "work_id", "edition_id", "status", "rating", "date_started", "date_finished", "read_count", "is_public",
            "counts_toward_cultural_goal", "cultural_goal_category",
        ]
        let ofWork = { (row: String) in "SELECT id FROM library_entries WHERE work_id = \(row).work_id" }
        return [
            RowTrigger(
                name: "stats_entry_insert", when: "AFTER INSERT", table: "library_entries",
                body: refresh(entries: "SELECT NEW.id")),
            RowTrigger(
                name: "stats_entry_update", when: "AFTER UPDATE OF " + entryColumns.joined(separator: ", "),
                table: "library_entries", body: refresh(entries: "SELECT NEW.id")),
            RowTrigger(
                name: "stats_entry_delete", when: "AFTER DELETE", table: "library_entries",
                body: ["DELETE FROM finish_facts WHERE entry_id = OLD.id"]),
            RowTrigger(
                name: "stats_entry_sessions_out", when: "BEFORE DELETE", table: "library_entries", body: Self.entrySessionsOut),
            RowTrigger(
                name: "stats_read_through_insert", when: "AFTER INSERT", table: "read_throughs",
                body: refresh(entries: "SELECT NEW.entry_id")),
            RowTrigger(
                name: "stats_read_through_update", when: "AFTER UPDATE", table: "read_throughs",
                body: refresh(entries: "SELECT NEW.entry_id UNION SELECT OLD.entry_id")),
            RowTrigger(
                name: "stats_read_through_delete", when: "AFTER DELETE", table: "read_throughs",
                body: refresh(entries: "SELECT OLD.entry_id")),
            RowTrigger(
                name: "stats_edition_update", when: "AFTER UPDATE OF page_count, format, language", table: "editions",
                body: refresh(entries: "SELECT id FROM library_entries WHERE edition_id = NEW.id")),
            RowTrigger(
                name: "stats_work_update", when: "AFTER UPDATE OF title, genres, original_language, translator", table: "works",
                body: refresh(entries: "SELECT id FROM library_entries WHERE work_id = NEW.id")),
            RowTrigger(
                name: "stats_work_author_insert", when: "AFTER INSERT", table: "work_authors",
                body: refresh(entries: ofWork("NEW"))),
            RowTrigger(
                name: "stats_work_author_update", when: "AFTER UPDATE", table: "work_authors",
                body: refresh(entries: ofWork("NEW") + " UNION " + ofWork("OLD"))),
            RowTrigger(
                name: "stats_work_author_delete", when: "AFTER DELETE", table: "work_authors",
                body: refresh(entries: ofWork("OLD"))),
            RowTrigger(
                name: "stats_author_update", when: "AFTER UPDATE OF gender, cultural_region", table: "authors",
                body: refresh(
                    entries:
                        "SELECT e.id FROM library_entries e JOIN work_authors wa ON wa.work_id = e.work_id WHERE wa.author_id = NEW.id"
                )),
            RowTrigger(
                name: "stats_session_insert", when: "AFTER INSERT", table: "reading_sessions",
                body: Self.sessionDay("NEW", sign: 1)),
            RowTrigger(
                name: "stats_session_update", when: "AFTER UPDATE OF entry_id, date, minutes, pages_read",
                table: "reading_sessions",
                body: Self.sessionDay("OLD", sign: -1) + Self.sessionDay("NEW", sign: 1)),
            RowTrigger(
                name: "stats_session_delete", when: "AFTER DELETE", table: "reading_sessions",
                body: Self.sessionDay("OLD", sign: -1)),
        ] + (countsSessions ? sessionFacts : [])
    }

    /// A session of a finished book changes what its finishes add beyond the sessions
    /// (`unlogged_pages`): their facts are refreshed. Only for an entry with facts, so a session of
    /// a book still being read (nearly all of them) costs one probe of an index.
    private var sessionFacts: [RowTrigger] {
        let hasFacts = { (row: String) in "EXISTS (SELECT 1 FROM finish_facts ff WHERE ff.entry_id = \(row).entry_id)" }
        return [
            RowTrigger(
                name: "stats_session_facts_insert", when: "AFTER INSERT", table: "reading_sessions",
                body: refresh(entries: "SELECT NEW.entry_id"), condition: hasFacts("NEW")),
            RowTrigger(
                name: "stats_session_facts_update", when: "AFTER UPDATE OF entry_id, date, pages_read", table: "reading_sessions",
                body: refresh(entries: "SELECT NEW.entry_id UNION SELECT OLD.entry_id"),
                condition: hasFacts("NEW") + " OR " + hasFacts("OLD")),
            RowTrigger(
                name: "stats_session_facts_delete", when: "AFTER DELETE", table: "reading_sessions",
                body: refresh(entries: "SELECT OLD.entry_id"), condition: hasFacts("OLD")),
        ]
    }

    /// The DDL, in order.
    package var create: [String] { RowTrigger.create(triggers, postgres: postgres) }

    package var drop: [String] { RowTrigger.drop(triggers, postgres: postgres) }
}
