import DogearCore
import Foundation
import SQLKit

/// What the index holds for one entry: the texts a reader searches, kept apart so a result can say
/// which field matched.
package struct SearchDocument: Sendable, Equatable {
    package let entryID: UUID
    package let userID: UUID
    /// Orders the SQLite index (newest first straight off the full-text index).
    package var dateAdded: Date = .distantPast
    package var title: String
    package var authors: [String]
    package var isbns: [String]
    package var tags: [String]
    package var notes: [String]
    package var quotes: [String]

    /// Fields in the order match reasons are reported.
    package var fields: [(SearchField, [String])] {
        [(.title, [title]), (.author, authors), (.isbn, isbns), (.tag, tags), (.note, notes), (.quote, quotes)]
    }

    /// Notes and quotes may hold newlines; the record separator keeps them apart in one column
    /// and is a word break to both databases' tokenizers.
    package static let separator = "\u{1E}"

    package static func join(_ texts: [String]) -> String { texts.joined(separator: separator) }

    /// Reads the text columns both indexes keep (title, authors, isbn, tags, notes, quotes).
    package init(row: any SQLRow, entryID: UUID, userID: UUID) throws {
        self.entryID = entryID
        self.userID = userID
        title = try row.decode(column: "title", as: String.self)
        authors = Self.split(try row.decode(column: "authors", as: String.self))
        isbns = try row.decode(column: "isbn", as: String.self).split(separator: " ").map(String.init)
        tags = Self.split(try row.decode(column: "tags", as: String.self))
        notes = Self.split(try row.decode(column: "notes", as: String.self))
        quotes = Self.split(try row.decode(column: "quotes", as: String.self))
    }

    package init(
        entryID: UUID, userID: UUID, dateAdded: Date, title: String, authors: [String], isbns: [String],
        tags: [String], notes: [String], quotes: [String]
    ) {
        self.entryID = entryID
        self.userID = userID
        self.dateAdded = dateAdded
        self.title = title
        self.authors = authors
        self.isbns = isbns
        self.tags = tags
        self.notes = notes
        self.quotes = quotes
    }
    package static func split(_ text: String) -> [String] {
        // By the separator's one byte (0x1E is never part of another character in UTF-8), which
        // keeps empty texts between two separators as Foundation's `components` did.
        text.isEmpty
            ? [] : text.utf8.split(separator: 0x1E, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }
}

/// The search index of one database dialect. Writes happen in the caller's transaction.
package protocol SearchIndex: Sendable {
    /// Replaces the rows of these documents' entries; `replacing: false` when the entries are new
    /// (an import's), so there is nothing to look for and remove first.
    func write(_ documents: [SearchDocument], replacing: Bool, on db: any SQLDatabase) async throws
    func remove(entryIDs: [UUID], on db: any SQLDatabase) async throws
    /// A condition on `e.id` (the library_entries alias) that keeps the user's entries matching every word.
    func condition(_ terms: SearchTerms, userID: UUID) -> SQLQueryString
    /// The indexed texts of these entries, for match reasons.
    func documents(_ entryIDs: [UUID], on db: any SQLDatabase) async throws -> [UUID: SearchDocument]
    /// For an index kept in date-added order: the matches newest first read straight off the index,
    /// as joins and conditions on `e` (library_entries) and `ed` (editions), after the cursor entry.
    /// Nil when the index has no such order and the general query sorts instead.
    func newestFirst(_ terms: SearchTerms, userID: UUID, after cursor: UUID?) -> NewestFirstMatches?
    /// Up to `limit` entries the index holds no document for.
    func entriesWithoutDocument(limit: Int, on db: any SQLDatabase) async throws -> [UUID]
}

/// The pieces of a newest-first search that an index ordered by date added reads in its own order.
package struct NewestFirstMatches {
    /// `FROM …` joining the index to `library_entries e` and `editions ed`.
    package let from: SQLQueryString
    package let conditions: [SQLQueryString]
    /// The ORDER BY expression (descending) that is the index's own order.
    package let order: String
    /// With several words: the index asked for the rarest-looking word alone, the others checked on
    /// each candidate's own texts (`LibrarySearchQuery.probing`).
    package var probe: Probe? = nil

    package struct Probe {
        /// `conditions` with only the driving word matched.
        package let conditions: [SQLQueryString]
        /// The words each candidate's texts must also hold.
        package let words: [String]
        /// The select list of a candidate's texts (for `SearchDocument(row:)`) and its place in the index.
        package let columns: String
        /// The position in the index's order, as `columns` names it, for the next batch.
        package let position: String
        package let after: String
    }
}

package enum SearchIndexes {
    package static func forDatabase(_ db: any SQLDatabase) -> any SearchIndex {
        db.databaseDialect.searchIndex
    }
}
