import DogearCore
import DogearServices
import DogearStore
import DogearViews
import Foundation

extension BookSummary {
    /// The page form of an entry as the API loads it, so pages and API show the same facts.
    package init(_ entry: EntryRecord) {
        self.init(
            id: entry.id, title: entry.work.title, authors: entry.work.authors.map(\.name),
            status: ReadingStatus(rawValue: entry.status) ?? .wantToRead)
        coverURL = entry.edition?.coverUrl
        progress = entry.progress
        currentPage = entry.currentPage
        pageCount = entry.edition?.pageCount
        rating = entry.rating
        tags = entry.tags
        dateFinished = entry.dateFinished
        if entry.edition?.format == EditionFormat.audiobook.rawValue {
            listening = .init(minutes: entry.currentMinutes ?? 0, length: entry.work.estimatedMinutes)
        }
        matches = (entry.matches ?? []).map { match in
            Match(field: match.field.rawValue, passage: [.note, .quote].contains(match.field) ? match.snippet : nil)
        }
    }
}
