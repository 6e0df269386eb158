import DogearCore
import Fluent
import Foundation
import SQLKit

/// Diversity over the distinct books finished in the range (a re-read counts once). The database
/// groups the books by the facts Core's rules need and Core decides what each group means, so the
/// rule is written once and costs a handful of rows.
extension StatsQuery {
    func diversity() async throws -> StatsDTO.Diversity {
        let (gender, region) = try await firstAuthors()
        let (marginalised, indigenous) = try await voices()
        return StatsDTO.Diversity(
            authorGender: gender, culturalRegion: region, translated: try await translated(),
            marginalisedVoices: marginalised, indigenousAuthors: indigenous, culturalGoal: try await culturalGoal())
    }

    /// The distinct books finished in the range with the entry's edition.
    private var books: SQLQueryString {
        "\(finishes), b AS (SELECT DISTINCT entry_id, work_id, edition_id FROM f)"
    }

    /// Books by their first-listed author's gender and cultural region; a book with no author, or
    /// an author with neither recorded (or gender "unknown"), is unknown.
    private func firstAuthors() async throws -> (StatsDTO.Share, StatsDTO.Share) {
        let rows = try await sql.raw(
            """
            \(books) SELECT a.gender AS gender, a.cultural_region AS region, COUNT(*) AS books FROM b
            LEFT JOIN work_authors wa ON wa.work_id = b.work_id
              AND wa.position = (SELECT MIN(w2.position) FROM work_authors w2 WHERE w2.work_id = b.work_id)
            LEFT JOIN authors a ON a.id = wa.author_id
            GROUP BY a.gender, a.cultural_region
            """
        ).all()
        var genders: [String: Int] = [:]
        var regions: [String: Int] = [:]
        var unknownGender = 0
        var unknownRegion = 0
        for row in rows {
            let n = try row.decode(column: "books", as: Int.self)
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
        return (Self.share(genders, unknown: unknownGender), Self.share(regions, unknown: unknownRegion))
    }

    static func share(_ counts: [String: Int], unknown: Int) -> StatsDTO.Share {
        let sorted = counts.map { StatsDTO.Count(name: $0.key, books: $0.value) }
            .sorted { ($0.books, $1.name) > ($1.books, $0.name) }
        return StatsDTO.Share(counts: sorted, known: counts.values.reduce(0, +), unknown: unknown)
    }

    /// Core's `AuthorVoice` for one author as an SQL expression over `a.gender` and
    /// `a.cultural_region`: 2 yes, 1 unknown, 0 no. The largest over a book's authors is the book's
    /// answer (`Answer.any`): any yes wins, then any unknown; a book with no author is NULL, unknown.
    static var marginalisedRank: SQLQueryString {
        let genders = AuthorVoice.marginalisedGenders.map(\.rawValue).sorted()
        let regions = AuthorVoice.marginalisedRegions.map(\.rawValue).sorted()
        return """
            CASE WHEN a.gender IN (\(literals: genders, joinedBy: ", ")) OR a.cultural_region IN (\(literals: regions, joinedBy: ", ")) THEN 2
            WHEN a.gender = \(literal: AuthorGender.male.rawValue) AND a.cultural_region IS NOT NULL THEN 0 ELSE 1 END
            """
    }

    static var indigenousRank: SQLQueryString {
        """
        CASE WHEN a.cultural_region = \(literal: CulturalRegion.indigenous.rawValue) THEN 2
        WHEN a.cultural_region IS NOT NULL THEN 0 ELSE 1 END
        """
    }

    static func answer(rank: Int?) -> Answer {
        switch rank {
        case 2: return .yes
        case 0: return .no
        default: return .unknown
        }
    }

    private func voices() async throws -> (StatsDTO.YesNo, StatsDTO.YesNo) {
        let rows = try await sql.raw(
            """
            \(books) SELECT v.marginalised AS marginalised, v.indigenous AS indigenous, COUNT(*) AS books FROM (
              SELECT b.entry_id, MAX(\(Self.marginalisedRank)) AS marginalised, MAX(\(Self.indigenousRank)) AS indigenous
              FROM b LEFT JOIN work_authors wa ON wa.work_id = b.work_id LEFT JOIN authors a ON a.id = wa.author_id
              GROUP BY b.entry_id
            ) v GROUP BY v.marginalised, v.indigenous
            """
        ).all()
        var marginalised: [Answer: Int] = [:]
        var indigenous: [Answer: Int] = [:]
        for row in rows {
            let n = try row.decode(column: "books", as: Int.self)
            // A book without authors joins one row of NULLs, which the CASE calls unknown (1).
            marginalised[Self.answer(rank: try row.decode(column: "marginalised", as: Int?.self)), default: 0] += n
            indigenous[Self.answer(rank: try row.decode(column: "indigenous", as: Int?.self)), default: 0] += n
        }
        return (Self.yesNo(marginalised), Self.yesNo(indigenous))
    }

    static func yesNo(_ counts: [Answer: Int]) -> StatsDTO.YesNo {
        let yes = counts[.yes] ?? 0
        let no = counts[.no] ?? 0
        return StatsDTO.YesNo(
            yes: yes, no: no, unknown: counts[.unknown] ?? 0,
            share: yes + no > 0 ? (Double(yes) / Double(yes + no) * 1000).rounded() / 1000 : nil)
    }

    /// Books grouped by the work's original language, the edition's language and whether a
    /// translator is named; Core's `Translation` decides each group.
    private func translated() async throws -> StatsDTO.YesNo {
        let rows = try await sql.raw(
            """
            \(books) SELECT w.original_language AS original, ed.language AS language,
              CASE WHEN w.translator IS NOT NULL AND TRIM(w.translator) <> '' THEN 1 ELSE 0 END AS translator, COUNT(*) AS books
            FROM b JOIN works w ON w.id = b.work_id LEFT JOIN editions ed ON ed.id = b.edition_id
            GROUP BY w.original_language, ed.language, CASE WHEN w.translator IS NOT NULL AND TRIM(w.translator) <> '' THEN 1 ELSE 0 END
            """
        ).all()
        var counts: [Answer: Int] = [:]
        for row in rows {
            let answer = Translation.isTranslated(
                originalLanguage: try row.decode(column: "original", as: String?.self),
                editionLanguage: try row.decode(column: "language", as: String?.self),
                translator: try row.decode(column: "translator", as: Int.self) == 1 ? "named" : nil)
            counts[answer, default: 0] += try row.decode(column: "books", as: Int.self)
        }
        return Self.yesNo(counts)
    }

    private func culturalGoal() async throws -> [StatsDTO.Count] {
        try await sql.raw(
            """
            \(books) SELECT COALESCE(e.cultural_goal_category, '(none)') AS name, COUNT(*) AS books
            FROM b JOIN library_entries e ON e.id = b.entry_id WHERE e.counts_toward_cultural_goal = \(true)
            GROUP BY COALESCE(e.cultural_goal_category, '(none)') ORDER BY books DESC, name
            """
        ).all().map {
            StatsDTO.Count(
                name: try $0.decode(column: "name", as: String.self), books: try $0.decode(column: "books", as: Int.self))
        }
    }
}
