import DogearCore
import DogearStore
import DogearTransfer
import FluentKit
import Foundation
import SQLKit

/// Writes a reader's whole library as a Goodreads CSV, a StoryGraph CSV or a Dogear JSON backup
///, newest first, 500 entries at a time with a fixed number of queries each, straight
/// to a stream: a big library never sits in memory whole.
package struct ExportService {
    package enum Format: String, CaseIterable, Sendable {
        case goodreads, storygraph, json

        package var contentType: String { self == .json ? "application/json" : "text/csv" }
        package var fileExtension: String { self == .json ? "json" : "csv" }
    }

    package let db: any Database
    package var sql: any SQLDatabase { db.sql }
    package static let pageSize = 500

    /// Writes the export into a new file and returns its path (the caller streams and removes it).
    package func writeFile(for user: User, format: Format, directory: String = NSTemporaryDirectory()) async throws -> String {
        let path = (directory as NSString).appendingPathComponent(
            "dogear-export-\(UUID.timeOrdered().uuidString).\(format.fileExtension)")
        guard let stream = OutputStream(toFileAtPath: path, append: false) else {
            throw DomainError(.storageFailed, code: .storageFailed, "the export could not be written")
        }
        stream.open()
        do {
            defer { stream.close() }
            try await write(for: user, format: format, to: stream)
        } catch let error as TransferWriteError {
            // Never a download cut short: the partial file goes, and the reader is told why.
            try? FileManager.default.removeItem(atPath: path)
            throw error.underlying.map(FileSink.isDiskFull) == true
                ? DomainError.diskFull : DomainError.storageFailed("the export")
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            throw error
        }
        return path
    }

    package func write(for user: User, format: Format, to stream: OutputStream) async throws {
        let userID = try user.requireID()
        switch format {
        case .goodreads:
            let writer = try GoodreadsWriter.open(stream)
            try await forEachPage(userID) { try $0.forEach(writer.write) }
            try writer.finish()
        case .storygraph:
            let writer = try StoryGraphWriter.open(stream)
            try await forEachPage(userID) { try $0.forEach(writer.write) }
            try writer.finish()
        case .json:
            let profile = BackupProfile(
                displayName: user.displayName, photoUrl: user.photoURL, timeZone: user.timeZone,
                genrePreferences: user.genrePreferences, onboardingDone: user.onboardingDone)
            let writer = try BackupWriter(stream: stream, profile: profile)
            try await forEachPage(userID) { try $0.forEach(writer.write) }
            let lists = try await ListBackup(db: db, user: user).lists()
            try writer.finish(lists: lists.lists, savedLists: lists.saved)
        }
    }

    /// Every entry of the reader, newest first, a page at a time. Books added at the same moment
    /// go by title, so two accounts holding the same library export the same file.
    package func forEachPage(_ userID: UUID, _ body: ([BackupEntry]) throws -> Void) async throws {
        let ids = try await sql.raw(
            """
            SELECT e.id AS id FROM library_entries e JOIN works w ON w.id = e.work_id
            WHERE e.user_id = \(bind: userID) ORDER BY e.date_added DESC, w.title, e.id
            """
        ).all().map { try $0.decode(column: "id", as: UUID.self) }
        for page in ids.chunked(into: Self.pageSize) {
            try body(try await entries(page))
        }
    }

    /// The backup form of these entries, in the order given.
    package func entries(_ ids: [UUID]) async throws -> [BackupEntry] {
        let entries = try await LibraryEntry.query(on: db).filter(\.$id ~~ ids).all()
        let workIDs = Array(Set(entries.map(\.$work.id)))
        let editionIDs = Array(Set(entries.compactMap(\.$edition.id)))
        let works = Dictionary(
            uniqueKeysWithValues: try await Work.query(on: db).filter(\.$id ~~ workIDs).all().map { ($0.id!, $0) })
        let editions =
            editionIDs.isEmpty
            ? [:]
            : Dictionary(
                uniqueKeysWithValues:
                    try await Edition.query(on: db).filter(\.$id ~~ editionIDs).all().map { ($0.id!, $0) })
        let rows = CatalogRows(sql: sql)
        let authors = try await rows.authorsByWork(workIDs)
        let externalIDs = try await rows.externalIDs(workIDs: workIDs, editionIDs: editionIDs)

        var tags: [UUID: [String]] = [:]
        for link in try await EntryTag.query(on: db).filter(\.$entry.$id ~~ ids).join(
            Tag.self, on: \EntryTag.$tag.$id == \Tag.$id
        )
        .sort(Tag.self, \.$key).all() {
            tags[link.$entry.id, default: []].append(try link.joined(Tag.self).display)
        }
        var notes: [UUID: [ImportedNote]] = [:]
        for note in try await Note.query(on: db).filter(\.$entry.$id ~~ ids).sort(\.$createdAt).sort(\.$content).all() {
            notes[note.$entry.id, default: []].append(
                ImportedNote(
                    content: note.content, isDiscussion: note.isDiscussion,
                    createdAt: note.createdAt.map(Self.milliseconds)))
        }
        var quotes: [UUID: [ImportedQuote]] = [:]
        for quote in try await Quote.query(on: db).filter(\.$entry.$id ~~ ids).sort(\.$createdAt).sort(\.$text).all() {
            quotes[quote.$entry.id, default: []].append(
                ImportedQuote(
                    text: quote.text, page: quote.page,
                    createdAt: quote.createdAt.map(Self.milliseconds), location: quote.location, note: quote.note,
                    sourceKey: quote.sourceKey))
        }
        var sessions: [UUID: [ImportedSession]] = [:]
        for session in try await ReadingSession.query(on: db).filter(\.$entry.$id ~~ ids).sort(\.$date).sort(\.$minutes).all() {
            sessions[session.$entry.id, default: []].append(
                ImportedSession(
                    date: session.date, minutes: session.minutes, pagesRead: session.pagesRead,
                    startPage: session.startPage, endPage: session.endPage))
        }
        var reads: [UUID: [BackupEntry.ReadThrough]] = [:]
        for read in try await ReadThrough.query(on: db).filter(\.$entry.$id ~~ ids).all() {
            reads[read.$entry.id, default: []].append(
                .init(started: read.startedOn, finished: read.finishedOn, outcome: read.outcome))
        }
        var otherEditions: [UUID: [BackupEntry.OtherEdition]] = [:]
        for row in try await sql.raw(
            """
            SELECT ee.entry_id AS entry_id, ee.rating AS rating, ee.date_read AS date_read, ee.source_id AS source_id,
                   ed.isbn13 AS isbn13, ed.isbn10 AS isbn10, ed.format AS format, ed.page_count AS page_count,
                   ed.publisher AS publisher, ed.published_date AS published_date
            FROM entry_editions ee JOIN editions ed ON ed.id = ee.edition_id
            WHERE ee.entry_id IN (\(binds: ids)) ORDER BY ee.created_at, ee.source_id
            """
        ).all() {
            var other = BackupEntry.OtherEdition()
            other.isbn13 = try row.decode(column: "isbn13", as: String?.self)
            other.isbn10 = try row.decode(column: "isbn10", as: String?.self)
            other.format = try row.decode(column: "format", as: String?.self)
            other.pageCount = try row.decode(column: "page_count", as: Int?.self)
            other.publisher = try row.decode(column: "publisher", as: String?.self)
            other.publishedDate = try row.decode(column: "published_date", as: String?.self)
            other.rating = try row.decode(column: "rating", as: Int?.self)
            other.dateRead = try row.decode(column: "date_read", as: String?.self)
            other.sourceId = try row.decode(column: "source_id", as: String?.self)
            otherEditions[try row.decode(column: "entry_id", as: UUID.self), default: []].append(other)
        }
        var kept: [UUID: [String: [String: String]]] = [:]
        for fields in try await ImportedFields.query(on: db).filter(\.$entry.$id ~~ ids).all() {
            kept[fields.$entry.id, default: [:]][fields.format] = fields.values
        }

        let byID = Dictionary(uniqueKeysWithValues: entries.map { ($0.id!, $0) })
        return ids.compactMap { id -> BackupEntry? in
            guard let entry = byID[id], let work = works[entry.$work.id] else { return nil }
            let edition = entry.$edition.id.flatMap { editions[$0] }
            var book = BackupEntry.Book(title: work.title, authors: (authors[work.id!] ?? []).map(\.name))
            book.subtitle = work.subtitle
            book.isbn13 = edition?.isbn13
            book.isbn10 = edition?.isbn10
            book.publisher = edition?.publisher
            book.publishedDate = edition?.publishedDate
            book.pageCount = edition?.pageCount
            book.format = edition?.format
            book.language = edition?.language
            book.series = work.seriesName
            book.seriesNumber = work.seriesNumber
            book.firstPublishedYear = work.firstPublishedYear
            book.originalLanguage = work.originalLanguage
            book.translator = work.translator
            book.contentWarnings = work.contentWarnings
            book.genres = work.genres
            var ids = externalIDs[work.id!] ?? [:]
            if let edition { ids.merge(externalIDs[edition.id!] ?? [:]) { $0 + $1 } }
            book.externalIds = ids.mapValues { Array(Set($0)).sorted() }

            var result = BackupEntry(book: book, status: entry.status.rawValue, addedAt: Self.milliseconds(entry.dateAdded))
            result.otherEditions = otherEditions[id]
            result.owned = entry.owned
            result.onWishlist = entry.onWishlist
            result.favorite = entry.favorite
            result.rating = entry.rating
            result.preciseRating = entry.preciseRating
            result.dateStarted = entry.dateStarted
            result.dateFinished = entry.dateFinished
            result.position = ImportedPosition(
                currentPage: entry.currentPage, currentMinutes: entry.currentMinutes,
                progress: entry.progress, totalMinutes: entry.totalMinutes)
            result.readCount = entry.readCount
            result.dailyGoalPages = entry.dailyGoalPages
            result.recommendedBy = entry.recommendedBy
            result.wouldRecommend = entry.wouldRecommend
            result.isPublic = entry.isPublic
            result.countsTowardCulturalGoal = entry.countsTowardCulturalGoal
            result.culturalGoalCategory = entry.culturalGoalCategory
            result.tags = tags[id] ?? []
            result.readThroughs = (reads[id] ?? []).sorted {
                ($0.finished ?? $0.started ?? "", $0.started ?? "", $0.outcome) < (
                    $1.finished ?? $1.started ?? "", $1.started ?? "", $1.outcome
                )
            }
            result.sessions = sessions[id] ?? []
            result.notes = notes[id] ?? []
            result.quotes = quotes[id] ?? []
            result.kept = kept[id] ?? [:]
            return result
        }
    }

    /// Instants are written to the millisecond, so export → import → export gives the same file.
    package static func milliseconds(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1000).rounded() / 1000)
    }

    package init(db: any Database) {
        self.db = db
    }
}
