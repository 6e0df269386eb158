import DogearCore
import Foundation

/// Google Books volumes to Core's book draft.
enum GoogleBooksMapping {
    static func draft(_ volume: GBVolume, isbn wanted: ISBN?, coversBaseURL: String) -> BookDraft? {
        guard let info = volume.volumeInfo, let title = info.title else { return nil }
        var draft = BookDraft()
        draft.title = title
        draft.subtitle = info.subtitle
        draft.authors = info.authors ?? []
        let isbns = (info.industryIdentifiers ?? []).compactMap { id -> ISBN? in
            guard let type = id.type, type.hasPrefix("ISBN"), let value = id.identifier else { return nil }
            return try? ISBN(value)
        }
        let isbn = wanted ?? isbns.first
        draft.isbn = isbn?.isbn13
        draft.pageCount = info.pageCount.flatMap { $0 > 0 ? $0 : nil }
        draft.publisher = info.publisher
        draft.publishedDate = info.publishedDate.flatMap(PublicationDate.normalise)
        draft.description = info.description.map(HTMLText.plain)
        draft.genres = info.categories
        draft.language = info.language
        let image = info.imageLinks
        if let link = image?.large ?? image?.medium ?? image?.small ?? image?.thumbnail ?? image?.smallThumbnail {
            draft.coverUrl = coverURL(link)
        } else if let isbn {
            draft.coverUrl = "\(coversBaseURL)/b/isbn/\(isbn.isbn13)-L.jpg"
        }
        draft.previewUrl = info.previewLink
        draft.infoUrl = info.canonicalVolumeLink ?? info.infoLink
        if let id = volume.id { draft.externalIds = ["googleBooks": [id]] }
        return SourceCleaning.clean(draft)
    }

    /// Google's thumbnails come over http with a page-curl effect; ask for https and a flat cover.
    static func coverURL(_ link: String) -> String {
        var url = link.replacingOccurrences(of: "&edge=curl", with: "")
        if url.hasPrefix("http://") { url = "https://" + url.dropFirst("http://".count) }
        return url
    }
}
