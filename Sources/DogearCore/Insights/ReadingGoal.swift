import Foundation

/// What a reading goal measures in its year (Hardcover-style: several goals a year, each with its
/// own metric and conditions).
public enum GoalMetric: String, Codable, CaseIterable, Sendable {
    /// Books finished in the year; a book finished twice in one year counts once.
    case books
    /// Pages of every finish in the year, a re-read included.
    case pages
    /// Minutes of the reading sessions dated in the year.
    case minutes
    /// Different authors among the books finished in the year.
    case authors

    public var unit: String {
        switch self {
        case .books: return "books"
        case .pages: return "pages"
        case .minutes: return "minutes"
        case .authors: return "authors"
        }
    }

    /// The largest target that still means something (a typo guard, not a judgement).
    public var maximumTarget: Int {
        switch self {
        case .books, .authors: return 10_000
        case .pages: return 5_000_000
        case .minutes: return 525_600
        }
    }
}

/// Which books a goal counts. Every condition given must hold (AND); none given counts every book.
public struct GoalConditions: Codable, Equatable, Sendable {
    /// One of the work's genres, compared without case ("Fantasy" = "fantasy").
    public var genre: String?
    public var format: EditionFormat?
    /// Translated works only (true) or untranslated only (false); unknown counts for neither.
    public var translated: Bool?
    /// Any of the book's authors has this gender.
    public var authorGender: AuthorGender?
    /// Any of the book's authors is from this cultural region.
    public var authorRegion: CulturalRegion?
    /// Only books by an author the reader had not finished a book by before the goal's year.
    public var firstTimeAuthors: Bool?
    /// Only entries the reader marked as counting toward a cultural goal; with a category, only that
    /// category (compared without case). Either "true" or a category turns it on.
    public var culturalGoal: Bool?
    public var culturalCategory: String?

    public init(
        genre: String? = nil, format: EditionFormat? = nil, translated: Bool? = nil, authorGender: AuthorGender? = nil,
        authorRegion: CulturalRegion? = nil, firstTimeAuthors: Bool? = nil, culturalGoal: Bool? = nil,
        culturalCategory: String? = nil
    ) {
        self.genre = genre
        self.format = format
        self.translated = translated
        self.authorGender = authorGender
        self.authorRegion = authorRegion
        self.firstTimeAuthors = firstTimeAuthors
        self.culturalGoal = culturalGoal
        self.culturalCategory = culturalCategory
    }

    public var isEmpty: Bool { describe().isEmpty }

    /// "fantasy · ebook · translated · by women" for the goal's line on a page.
    public func describe() -> [String] {
        var parts: [String] = []
        if let genre { parts.append(genre) }
        if let format { parts.append(format.rawValue) }
        if let translated { parts.append(translated ? "translated" : "not translated") }
        if let authorGender { parts.append("by \(authorGender.rawValue) authors") }
        if let authorRegion { parts.append("authors from \(authorRegion.rawValue)") }
        if firstTimeAuthors == true { parts.append("first-time authors") }
        if let culturalCategory {
            parts.append("cultural goal: \(culturalCategory)")
        } else if culturalGoal == true {
            parts.append("cultural goal")
        }
        return parts
    }

    /// One finished book as a goal sees it.
    public struct Book: Sendable {
        public var genres: [String]
        public var format: EditionFormat?
        public var translated: Answer
        public var authors: [AuthorVoice.Facts]
        /// None of its authors had a book the reader finished before the goal's year.
        public var byFirstTimeAuthor: Bool
        public var culturalGoalCategory: String??

        public init(
            genres: [String], format: EditionFormat?, translated: Answer, authors: [AuthorVoice.Facts],
            byFirstTimeAuthor: Bool, culturalGoalCategory: String??
        ) {
            self.genres = genres
            self.format = format
            self.translated = translated
            self.authors = authors
            self.byFirstTimeAuthor = byFirstTimeAuthor
            self.culturalGoalCategory = culturalGoalCategory
        }
    }

    public func matches(_ book: Book) -> Bool {
        if let genre, !book.genres.contains(where: { $0.caseInsensitiveCompare(genre) == .orderedSame }) { return false }
        if let format, book.format != format { return false }
        if let translated, book.translated != (translated ? .yes : .no) { return false }
        if let authorGender, !book.authors.contains(where: { $0.gender == authorGender }) { return false }
        if let authorRegion, !book.authors.contains(where: { $0.region == authorRegion }) { return false }
        if firstTimeAuthors == true, !book.byFirstTimeAuthor { return false }
        if culturalGoal == true || culturalCategory != nil {
            // .some(nil): marked, no category; nil: not marked.
            guard let marked = book.culturalGoalCategory else { return false }
            if let culturalCategory, marked?.caseInsensitiveCompare(culturalCategory) != .orderedSame { return false }
        }
        return true
    }
}

/// A goal as a reader types it, checked field by field.
public struct GoalDraft: Sendable, Equatable {
    public var year: Int
    public var metric: GoalMetric
    public var target: Int
    public var conditions: GoalConditions

    public init(year: Int, metric: GoalMetric, target: Int, conditions: GoalConditions) {
        self.year = year
        self.metric = metric
        self.target = target
        self.conditions = conditions
    }

    public static let years = 1900...9999

    public static func validate(year: Int?, metric: String?, target: Int?, conditions: GoalConditions) throws -> GoalDraft {
        guard let year else { throw ValidationError(field: "year", "is required") }
        guard years.contains(year) else { throw ValidationError(field: "year", "must be between 1900 and 9999; got \(year)") }
        guard let metricText = metric else { throw ValidationError(field: "metric", "is required") }
        let metric = try GoalMetric.parse(metricText, field: "metric")
        guard let target else { throw ValidationError(field: "target", "is required") }
        guard (1...metric.maximumTarget).contains(target) else {
            throw ValidationError(field: "target", "must be between 1 and \(metric.maximumTarget) \(metric.unit); got \(target)")
        }
        var conditions = conditions
        conditions.genre = try conditions.genre.flatMap { try Self.text($0, field: "conditions.genre") }
        conditions.culturalCategory = try conditions.culturalCategory.flatMap {
            try Self.text($0, field: "conditions.culturalCategory")
        }
        if conditions.firstTimeAuthors == false { conditions.firstTimeAuthors = nil }
        if conditions.culturalGoal == false, conditions.culturalCategory == nil { conditions.culturalGoal = nil }
        return GoalDraft(year: year, metric: metric, target: target, conditions: conditions)
    }

    private static func text(_ raw: String, field: String) throws -> String? {
        let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        guard trimmed.count <= 50 else { throw ValidationError(field: field, "must be at most 50 characters") }
        return trimmed
    }
}
