import DogearCore
import Foundation

/// Everything Dogear knows about one entry, as it is written out: the JSON backup's unit, and what
/// the Goodreads and StoryGraph writers take their columns from. No database ids, so exporting,
/// importing into another account and exporting again gives the same file.
public struct BackupEntry: Codable, Sendable, Equatable {
    public struct Book: Codable, Sendable, Equatable {
        public var title: String
        public var subtitle: String?
        public var authors: [String]
        public var isbn13: String?
        public var isbn10: String?
        public var publisher: String?
        public var publishedDate: String?
        public var pageCount: Int?
        public var format: String?
        public var language: String?
        public var series: String?
        public var seriesNumber: Double?
        public var firstPublishedYear: Int?
        public var originalLanguage: String?
        public var translator: String?
        public var contentWarnings: [String]
        public var genres: [String]
        public var externalIds: [String: [String]]

        public init(title: String, authors: [String]) {
            self.title = title
            self.authors = authors
            contentWarnings = []
            genres = []
            externalIds = [:]
        }
    }

    public struct ReadThrough: Codable, Sendable, Equatable {
        public var started: String?
        public var finished: String?
        public var outcome: String

        public init(started: String?, finished: String?, outcome: String) {
            self.started = started
            self.finished = finished
            self.outcome = outcome
        }
    }

    public var book: Book
    public var status: String
    public var owned: Bool
    public var onWishlist: Bool
    public var favorite: Bool
    public var rating: Int?
    public var preciseRating: Double?
    public var addedAt: Date
    public var dateStarted: String?
    public var dateFinished: String?
    public var position: ImportedPosition
    public var readCount: Int
    public var dailyGoalPages: Int?
    public var recommendedBy: String?
    public var wouldRecommend: Bool?
    public var isPublic: Bool
    public var countsTowardCulturalGoal: Bool
    public var culturalGoalCategory: String?
    public var tags: [String]
    /// Earlier read-throughs, oldest first.
    public var readThroughs: [ReadThrough]
    public var sessions: [ImportedSession]
    public var notes: [ImportedNote]
    public var quotes: [ImportedQuote]
    /// Columns other formats brought that Dogear has no field for, by format.
    public var kept: [String: [String: String]]
    /// The reader's other editions of the book (absent when none, and from older backups).
    public var otherEditions: [OtherEdition]?

    /// Another edition the reader has, with what they said of it (a Goodreads row of its own).
    public struct OtherEdition: Codable, Sendable, Equatable {
        public var isbn13: String?
        public var isbn10: String?
        public var format: String?
        public var pageCount: Int?
        public var publisher: String?
        public var publishedDate: String?
        public var rating: Int?
        public var dateRead: String?
        /// The source's id of its row (a Goodreads Book Id).
        public var sourceId: String?

        public init() {}
    }

    public init(book: Book, status: String, addedAt: Date) {
        self.book = book
        self.status = status
        self.addedAt = addedAt
        owned = true
        onWishlist = false
        favorite = false
        position = ImportedPosition(currentPage: nil, currentMinutes: nil, progress: 0, totalMinutes: 0)
        readCount = 0
        isPublic = true
        countsTowardCulturalGoal = false
        tags = []
        readThroughs = []
        sessions = []
        notes = []
        quotes = []
        kept = [:]
    }
}

/// The profile part of a backup: what a reader set, never their password or email.
public struct BackupProfile: Codable, Sendable, Equatable {
    public var displayName: String
    public var photoUrl: String?
    public var timeZone: String
    public var genrePreferences: [String]
    public var onboardingDone: Bool

    public init(displayName: String, photoUrl: String?, timeZone: String, genrePreferences: [String], onboardingDone: Bool) {
        self.displayName = displayName
        self.photoUrl = photoUrl
        self.timeZone = timeZone
        self.genrePreferences = genrePreferences
        self.onboardingDone = onboardingDone
    }
}

/// The whole backup file: `{"format": "dogear-backup", "version": 1, "profile": …, "entries": […]}`.
public struct Backup: Codable, Sendable, Equatable {
    public static let formatName = "dogear-backup"
    public var format: String
    public var version: Int
    public var profile: BackupProfile?
    public var entries: [BackupEntry]
    /// The reader's custom lists in their order (absent from backups made before lists).
    public var lists: [BackupList]?
    /// Other readers' lists the reader saved, by id: they come back on the same server while public.
    public var savedLists: [UUID]?

    public init(profile: BackupProfile?, entries: [BackupEntry]) {
        format = Self.formatName
        version = 1
        self.profile = profile
        self.entries = entries
    }

    /// Instants to the millisecond (`2026-03-14T10:30:00.123Z`), so order and times survive a round trip.
    public static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            // Whole milliseconds, counted here: a formatter truncates 0.953999… to .953.
            let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
            let seconds = Date(
                timeIntervalSince1970: TimeInterval(
                    milliseconds.quotientAndRemainder(dividingBy: 1000).quotient
                        - (milliseconds < 0 && milliseconds % 1000 != 0 ? 1 : 0)))
            let fraction = ((milliseconds % 1000) + 1000) % 1000
            let text = Date.ISO8601FormatStyle().format(seconds).dropLast() + String(format: ".%03dZ", fraction)
            try container.encode(String(text))
        }
        return encoder
    }()

    public static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return date }
            if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not an ISO 8601 date")
        }
        return decoder
    }()
}

extension BackupEntry {
    /// The entry as an import row, so a backup goes through the same import as any other file.
    func importedRow(line: Int) -> ImportedRow {
        var row = ImportedRow(line: line)
        row.book = book.draft
        row.entry.status = status
        row.entry.owned = owned
        row.entry.onWishlist = onWishlist
        row.entry.favorite = favorite
        row.entry.rating = rating
        row.entry.preciseRating = preciseRating
        row.entry.tags = tags
        row.entry.dateStarted = dateStarted
        row.entry.dateFinished = dateFinished
        row.entry.dailyGoalPages = dailyGoalPages
        row.entry.recommendedBy = recommendedBy
        row.entry.wouldRecommend = wouldRecommend
        row.entry.isPublic = isPublic
        row.entry.countsTowardCulturalGoal = countsTowardCulturalGoal
        row.entry.culturalGoalCategory = culturalGoalCategory
        row.readCount = readCount
        row.addedAt = addedAt
        row.pastReads = readThroughs.map {
            PastReadThrough(
                started: $0.started.flatMap(LocalDate.init), finished: $0.finished.flatMap(LocalDate.init),
                outcome: ReadingStatus(rawValue: $0.outcome) ?? .read)
        }
        row.notes = notes
        row.quotes = quotes
        row.sessions = sessions
        row.position = position
        row.keptByFormat = kept
        row.sourceStatus = status
        row.otherEditions = otherEditions ?? []
        return row
    }
}

extension BackupEntry.Book {
    /// The book as a draft for the catalog's rules (an entry's book, or a list item's).
    public var draft: BookDraft {
        var draft = BookDraft()
        draft.title = title
        draft.subtitle = subtitle
        draft.authors = authors
        draft.isbn = isbn13 ?? isbn10
        draft.publisher = publisher
        draft.publishedDate = publishedDate
        draft.pageCount = pageCount
        draft.format = format
        draft.language = language
        draft.series = series
        draft.seriesNumber = seriesNumber
        draft.firstPublishedYear = firstPublishedYear
        draft.originalLanguage = originalLanguage
        draft.translator = translator
        draft.contentWarnings = contentWarnings
        draft.genres = genres
        draft.externalIds = externalIds
        return draft
    }
}

/// A custom list as a backup keeps it: its fields and its books in order with their notes. No
/// share code: a restored list gets a new one.
public struct BackupList: Codable, Sendable, Equatable {
    public struct Item: Codable, Sendable, Equatable {
        public var book: BackupEntry.Book
        public var note: String?

        public init(book: BackupEntry.Book, note: String?) {
            self.book = book
            self.note = note
        }
    }

    public var name: String
    public var description: String?
    public var bannerUrl: String?
    public var isPublic: Bool
    public var items: [Item]

    public init(name: String, description: String?, bannerUrl: String?, isPublic: Bool, items: [Item]) {
        self.name = name
        self.description = description
        self.bannerUrl = bannerUrl
        self.isPublic = isPublic
        self.items = items
    }
}
