import DogearCore
import Foundation

/// Open Library records to Core's book draft.
enum OpenLibraryMapping {
    static func draft(
        edition: OLEdition, work: OLWork?, authors: [String], isbn: ISBN,
        baseURL: String, coversBaseURL: String
    ) -> BookDraft {
        var draft = BookDraft()
        draft.title = edition.title ?? work?.title
        draft.subtitle = edition.subtitle ?? work?.subtitle
        draft.authors = authors
        draft.isbn = isbn.isbn13
        draft.pageCount = edition.number_of_pages.flatMap { $0 > 0 ? $0 : nil }
        draft.publisher = edition.publishers?.first
        draft.publishedDate = edition.publish_date.flatMap(PublicationDate.normalise)
        draft.format = edition.physical_format.flatMap(SourceCleaning.format)
        draft.language = edition.languages?.first.flatMap {
            SourceCleaning.language(marc: String($0.key.split(separator: "/").last ?? ""))
        }
        draft.editionTitle = edition.edition_name
        draft.description = (edition.description ?? work?.description).map(\.value)
        draft.genres = work?.subjects ?? edition.subjects
        draft.series = edition.series?.first
        draft.firstPublishedYear = work?.first_publish_date.flatMap(PublicationDate.year)
        if let cover = (edition.covers ?? work?.covers)?.first(where: { $0 > 0 }) {
            draft.coverUrl = "\(coversBaseURL)/b/id/\(cover)-L.jpg"
        } else {
            draft.coverUrl = "\(coversBaseURL)/b/isbn/\(isbn.isbn13)-L.jpg"
        }
        if let key = edition.key { draft.infoUrl = "\(baseURL)\(key)" }
        var ids: [String: [String]] = [:]
        if let key = edition.key?.split(separator: "/").last { ids["openLibraryEdition"] = [String(key)] }
        if let key = work?.key?.split(separator: "/").last ?? edition.works?.first?.key.split(separator: "/").last {
            ids["openLibraryWork"] = [String(key)]
        }
        ids.merge(externalIDs(edition.identifiers), uniquingKeysWith: { first, _ in first })
        draft.externalIds = ids
        return SourceCleaning.clean(draft)
    }

    static func draft(booksAPI record: OLBooksAPIRecord, isbn: ISBN, coversBaseURL: String) -> BookDraft {
        var draft = BookDraft()
        draft.title = record.title
        draft.subtitle = record.subtitle
        draft.authors = (record.authors ?? []).compactMap(\.name)
        draft.isbn = isbn.isbn13
        draft.pageCount = record.number_of_pages.flatMap { $0 > 0 ? $0 : nil }
        draft.publisher = record.publishers?.first?.name
        draft.publishedDate = record.publish_date.flatMap(PublicationDate.normalise)
        draft.genres = record.subjects?.compactMap(\.name)
        draft.coverUrl = record.cover?.large ?? record.cover?.medium ?? "\(coversBaseURL)/b/isbn/\(isbn.isbn13)-L.jpg"
        draft.infoUrl = record.url
        draft.externalIds = externalIDs(record.identifiers, including: [("openlibrary", "openLibraryEdition")])
        return SourceCleaning.clean(draft)
    }

    /// Open Library's `identifiers` object, in Dogear's kinds; blank values (which records hold) dropped.
    static func externalIDs(_ identifiers: [String: [String]]?, including extra: [(String, String)] = []) -> [String: [String]] {
        var ids: [String: [String]] = [:]
        for (theirs, ours) in extra + [("goodreads", "goodreads"), ("librarything", "libraryThing"), ("amazon", "amazonASIN")] {
            let values = (identifiers?[theirs] ?? []).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            if !values.isEmpty { ids[ours] = values }
        }
        return ids
    }

    static func draft(searchDoc doc: OLSearch.Doc, baseURL: String, coversBaseURL: String) -> BookDraft? {
        guard let title = doc.title else { return nil }
        var draft = BookDraft()
        draft.title = title
        draft.subtitle = doc.subtitle
        draft.authors = doc.author_name ?? []
        // A search doc lists the ISBNs of every edition; prefer a 978 ISBN-13 as the one shown.
        let isbns = (doc.isbn ?? []).compactMap { try? ISBN($0) }
        draft.isbn = (isbns.first { $0.isbn13.hasPrefix("978") && $0.typed.count == 13 } ?? isbns.first)?.isbn13
        draft.pageCount = doc.number_of_pages_median.flatMap { $0 > 0 ? $0 : nil }
        draft.publisher = doc.publisher?.first
        draft.firstPublishedYear = doc.first_publish_year
        draft.genres = doc.subject
        if let cover = doc.cover_i, cover > 0 { draft.coverUrl = "\(coversBaseURL)/b/id/\(cover)-L.jpg" }
        if let key = doc.key {
            draft.infoUrl = "\(baseURL)\(key)"
            if let id = key.split(separator: "/").last { draft.externalIds = ["openLibraryWork": [String(id)]] }
        }
        return SourceCleaning.clean(draft)
    }
}
