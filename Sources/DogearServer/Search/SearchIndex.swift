import DogearCore
import Foundation
import SQLKit

/// What the index holds for one entry: the texts a reader searches, kept apart so a result can say
/// which field matched.
struct SearchDocument: Sendable, Equatable {
    let entryID: UUID
    let userID: UUID
    /// Orders the SQLite index (newest first straight off the full-text index).
    var dateAdded: Date = .distantPast
    var title: String
    var authors: [String]
    var isbns: [String]
    var tags: [String]
    var notes: [String]
    var quotes: [String]

    /// Fields in the order match reasons are reported.
    var fields: [(SearchField, [String])] {
        [(.title, [title]), (.author, authors), (.isbn, isbns), (.tag, tags), (.note, notes), (.quote, quotes)]
    }

    /// Notes and quotes may hold newlines; the record separator keeps them apart in one column
    /// and is a word break to both databases' tokenizers.
    static let separator = "\u{1E}"

    static func join(_ texts: [String]) -> String { texts.joined(separator: separator) }
    static func split(_ text: String) -> [String] {
        text.isEmpty ? [] : text.components(separatedBy: separator)
    }
}

/// The search index of one database dialect. Writes happen in the caller's transaction.
protocol SearchIndex: Sendable {
    /// Replaces the rows of these documents' entries.
    func write(_ documents: [SearchDocument], on db: any SQLDatabase) async throws
    func remove(entryIDs: [UUID], on db: any SQLDatabase) async throws
    /// A condition on `e.id` (the library_entries alias) that keeps the user's entries matching every word.
    func condition(_ terms: SearchTerms, userID: UUID) -> SQLQueryString
    /// The indexed texts of these entries, for match reasons.
    func documents(_ entryIDs: [UUID], on db: any SQLDatabase) async throws -> [UUID: SearchDocument]
}

enum SearchIndexes {
    static func forDatabase(_ db: any SQLDatabase) -> any SearchIndex {
        db.dialect.name == "sqlite" ? SQLiteSearchIndex() : PostgresSearchIndex()
    }
}
