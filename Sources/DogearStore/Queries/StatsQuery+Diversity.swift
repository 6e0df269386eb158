import DogearCore
import FluentKit
import Foundation
import SQLKit

/// Diversity over the distinct books finished in the range (a re-read counts once). The facts
/// table carries what Core's rules need; the rules' answers are counted in SQL where they are fixed
/// sets (author voices, ranked when the facts are written), and decided here by Core where they are
/// not (`Translation` compares languages by `LanguageName`).
extension StatsQuery {
    package static func yesNo(_ counts: [Answer: Int]) -> StatsReport.YesNo {
        let yes = counts[.yes] ?? 0
        let no = counts[.no] ?? 0
        return StatsReport.YesNo(
            yes: yes, no: no, unknown: counts[.unknown] ?? 0,
            share: yes + no > 0 ? (Double(yes) / Double(yes + no) * 1000).rounded() / 1000 : nil)
    }

    /// The books with both languages and no translator, grouped by the pair, each pair decided by
    /// Core. (A named translator is yes and a missing language unknown: the overview counts those.)
    package func translatedByLanguages() async throws -> [Answer: Int] {
        let rows = try await sql.raw(
            """
            SELECT ff.original_language AS original, ff.language AS language, \(books()) AS books FROM finish_facts ff
            WHERE \(scope) AND ff.translator = 0 AND ff.original_language IS NOT NULL AND ff.language IS NOT NULL
            GROUP BY ff.original_language, ff.language
            """
        ).all()
        var counts: [Answer: Int] = [:]
        for row in rows {
            let answer = Translation.isTranslated(
                originalLanguage: try row.decode(column: "original", as: String.self),
                editionLanguage: try row.decode(column: "language", as: String.self), translator: nil)
            counts[answer, default: 0] += try row.decode(column: "books", as: Int.self)
        }
        return counts
    }

    package func culturalGoal() async throws -> [StatsReport.Count] {
        try await sql.raw(
            """
            SELECT ff.cultural_goal AS name, \(books()) AS books FROM finish_facts ff
            WHERE \(scope) AND ff.cultural_goal IS NOT NULL GROUP BY ff.cultural_goal ORDER BY books DESC, name
            """
        ).all().map {
            StatsReport.Count(
                name: try $0.decode(column: "name", as: String.self), books: try $0.decode(column: "books", as: Int.self))
        }
    }
}
