import DogearCore
import DogearStore
import FluentKit
import Foundation
import SQLKit

/// What a reader's devices report (KOReader's progress sync) and what it moves. Each book file is a
/// document named by the device's hash of it; its latest position from any of the reader's devices
/// is kept, so a second device can go to the same place. A document the reader linked to a book
/// moves that book: its progress, its reading sessions (updates within `DeviceProgress.sessionGap`
/// are one sitting), and its finish. Another reader's document does not exist (404).
package struct DeviceDocumentService {
    package let library: LibraryService
    package var db: any Database { library.db }

    package static let documentNotFound = DomainError.notFound(.documentNotFound, "no such document")

    /// A position from a device; the fields as KOReader names them.
    package struct Report: Sendable {
        package var document: String?
        package var progress: String?
        package var percentage: Double?
        package var device: String?
        package var deviceID: String?
        /// When it was read there (seconds since 1970); now when not said. A time to come is now.
        package var timestamp: Double?

        package init(
            document: String?, progress: String?, percentage: Double?, device: String?, deviceID: String?,
            timestamp: Double? = nil
        ) {
            self.document = document
            self.progress = progress
            self.percentage = percentage
            self.device = device
            self.deviceID = deviceID
            self.timestamp = timestamp
        }
    }

    /// Keeps a report and moves the linked book; answers the document and the time kept for it.
    package func push(_ report: Report) async throws -> (document: String, timestamp: Double) {
        guard let document = DeviceNames.document(report.document) else {
            throw ValidationError(field: "document", "name the document (1 to 128 characters, no '/', '?', '#' or '%')")
        }
        guard let fraction = report.percentage, fraction.isFinite, (0...1).contains(fraction) else {
            throw ValidationError(field: "percentage", "must be a number from 0 to 1")
        }
        let progress = try DeviceNames.text(report.progress, field: "progress", maxBytes: 1_024)
        let device = try DeviceNames.text(report.device, field: "device", maxBytes: 200)
        let deviceID = try DeviceNames.text(report.deviceID ?? "", field: "device_id", maxBytes: 200, mayBeEmpty: true)
        let stamp = try DeviceProgress.reportTime(report.timestamp, now: library.now.timeIntervalSince1970)
        let userID = try library.user.requireID()
        return try await library.write { db, changes in
            // The newer report wins in one statement: of two pushes at once, the second waits for the
            // first's row and finds it newer (PostgreSQL re-reads the row it waited for), and the row
            // stays locked while the book moves.
            let updated = try await db.sql.raw(
                """
                UPDATE device_documents SET percentage = \(bind: fraction), progress = \(bind: progress),
                  device = \(bind: device), device_id = \(bind: deviceID), reported_at = \(bind: stamp)
                WHERE user_id = \(bind: userID) AND document = \(bind: document) AND reported_at <= \(bind: stamp)
                RETURNING id
                """
            ).first()
            if let updated, let kept = try await DeviceDocument.find(try updated.decode(column: "id", as: UUID.self), on: db) {
                if let entryID = kept.$entry.id {
                    try await move(entryID, to: fraction, at: stamp, sitting: kept, on: db, changes: changes)
                    try await kept.save(on: db)
                }
                return (document, stamp)
            }
            // Not replaced: there is a newer report (kept as it is), or none yet.
            if let kept = try await Self.document(document, of: userID, on: db) { return (document, kept.reportedAt) }
            try await Self.makeRoom(for: userID, on: db)
            // Two devices reporting a new book at once: the second finds the first's row.
            try await db.sql.raw(
                """
                INSERT INTO device_documents
                  (id, user_id, document, percentage, progress, device, device_id, reported_at, first_seen_at)
                VALUES (\(bind: UUID.timeOrdered()), \(bind: userID), \(bind: document), \(bind: fraction),
                  \(bind: progress), \(bind: device), \(bind: deviceID), \(bind: stamp), \(bind: library.now))
                ON CONFLICT (user_id, document) DO NOTHING
                """
            ).run()
            return (document, stamp)
        }
    }

    /// The latest position of a document from any of the reader's devices; nil when none.
    package func pull(_ name: String?) async throws -> DeviceDocumentRecord? {
        guard let document = DeviceNames.document(name) else { return nil }
        guard let kept = try await Self.document(document, of: try library.user.requireID(), on: db) else { return nil }
        return DeviceDocumentRecord(kept, title: nil, suggestion: nil)
    }

    /// The reader's documents, the latest reported first, each with its linked book's title or, when
    /// unlinked, a suggestion: the book the reader most recently started that no document is linked to.
    package func documents() async throws -> [DeviceDocumentRecord] {
        let userID = try library.user.requireID()
        let documents = try await DeviceDocument.query(on: db).filter(\.$user.$id == userID)
            .sort(\.$reportedAt, .descending).limit(Limits.deviceDocumentsPerReader).all()
        let linked = Set(documents.compactMap { $0.$entry.id })
        let titles = try await Self.titles(of: Array(linked), on: db)
        let suggestion = try await Self.suggestion(for: userID, on: db)
        return documents.map { document in
            DeviceDocumentRecord(
                document, title: document.$entry.id.flatMap { titles[$0] },
                suggestion: document.$entry.id == nil ? suggestion : nil)
        }
    }

    /// Links a document to one of the reader's books; its latest position moves the book at once.
    package func link(_ name: String, to entryID: UUID) async throws -> DeviceDocumentRecord {
        let userID = try library.user.requireID()
        let document = try await library.write { db, changes in
            guard let kept = try await Self.owned(name, of: userID, on: db) else { throw Self.documentNotFound }
            guard try await LibraryEntry.query(on: db).filter(\.$id == entryID).filter(\.$user.$id == userID).count() > 0
            else { throw DomainError.entryNotFound }
            kept.$entry.id = entryID
            kept.sessionID = nil
            kept.sessionFirstAt = nil
            kept.sessionLastAt = nil
            try await move(entryID, to: kept.percentage, at: kept.reportedAt, sitting: nil, on: db, changes: changes)
            try await kept.save(on: db)
            return kept
        }
        let titles = try await Self.titles(of: [entryID], on: db)
        return DeviceDocumentRecord(document, title: titles[entryID], suggestion: nil)
    }

    /// Unlinks a document: its later reports move no book until it is linked again.
    package func unlink(_ name: String) async throws {
        let userID = try library.user.requireID()
        try await library.write { db, _ in
            guard let kept = try await Self.owned(name, of: userID, on: db) else { throw Self.documentNotFound }
            kept.$entry.id = nil
            kept.sessionID = nil
            kept.sessionFirstAt = nil
            kept.sessionLastAt = nil
            try await kept.save(on: db)
        }
    }

    // MARK: moving the book

    /// Moves the linked entry to `fraction`; with a `sitting`, gathers the update into its reading
    /// session (a new one when the last update is too long ago and the page moved on). A finished
    /// book is left as it is: a device reading past the end, or a re-read not started here.
    private func move(
        _ entryID: UUID, to fraction: Double, at stamp: Double, sitting: DeviceDocument?, on db: any Database,
        changes: WriteChanges
    ) async throws {
        let userID = try library.user.requireID()
        guard let entry = try await LibraryEntry.query(on: db).filter(\.$id == entryID).filter(\.$user.$id == userID).first(),
            entry.status != .read,
            // Read further elsewhere since (the web, another file of the book): an older report
            // moves nothing back.
            DeviceProgress.replaces(timestamp: stamp, kept: entry.lastReadAt?.timeIntervalSince1970)
        else { return }
        let before = WriteChanges.EntryBefore(entry)
        let length = try await library.bookLength(of: entry, on: db)
        let startPage = entry.currentPage ?? 0
        let startProgress = entry.progress
        let result = try ProgressRules.update(
            entry.readingState, with: .percent(DeviceProgress.percent(at: fraction)), length: length, today: library.today)
        library.stampReading(entry, becoming: result.state)
        try await library.archive(result.archived, of: entry, on: db)
        if let sitting {
            entry.totalMinutes += try await gather(
                sitting, entryID: entryID, from: startPage, to: entry.currentPage, movedOn: entry.progress > startProgress,
                at: stamp, on: db, changes: changes)
        }
        try await entry.saveChanges(on: db)
        try await changes.readingDay(userID: userID, day: library.today)
        try changes.entryChanged(entry, before: before)
    }

    /// The minutes the update adds to the book's total.
    private func gather(
        _ sitting: DeviceDocument, entryID: UUID, from startPage: Int, to page: Int?, movedOn: Bool, at stamp: Double,
        on db: any Database, changes: WriteChanges
    ) async throws -> Int {
        let userID = try library.user.requireID()
        if DeviceProgress.continuesSession(lastUpdate: sitting.sessionLastAt, timestamp: stamp),
            let first = sitting.sessionFirstAt,
            DeviceProgress.minutes(from: first, to: stamp) <= Limits.sessionMinutes.upperBound,
            let id = sitting.sessionID, let session = try await ReadingSession.find(id, on: db), session.$entry.id == entryID
        {
            let minutes = DeviceProgress.minutes(from: first, to: stamp)
            let added = minutes - session.minutes
            session.minutes = minutes
            if let page, let start = session.startPage {
                session.endPage = max(start, page)
                session.pagesRead = max(start, page) - start
            }
            try await session.save(on: db)
            sitting.sessionLastAt = stamp
            changes.changed(.session, id, of: userID)
            return added
        }
        // Only reading forward begins a sitting (KOReader also reports when a book is closed unmoved).
        guard movedOn else { return 0 }
        let session = ReadingSession()
        session.id = .timeOrdered()
        session.$entry.id = entryID
        session.date = library.today.description
        session.minutes = 0
        if let page {
            session.startPage = min(startPage, page)
            session.endPage = page
            session.pagesRead = page - min(startPage, page)
        }
        try await session.create(on: db)
        let id = try session.requireID()
        changes.changed(.session, id, of: userID)
        sitting.sessionID = id
        sitting.sessionFirstAt = stamp
        sitting.sessionLastAt = stamp
        return 0
    }

    // MARK: reading

    private static func document(_ document: String, of userID: UUID, on db: any Database) async throws -> DeviceDocument? {
        try await DeviceDocument.query(on: db).filter(\.$user.$id == userID).filter(\.$document == document).first()
    }

    /// The reader's document by the name a path gave, or nil for anyone else's, none, or a name no
    /// device sends (the handlers asked `DeviceAccess` for the caller; the query keeps to the reader).
    private static func owned(_ name: String, of userID: UUID, on db: any Database) async throws -> DeviceDocument? {
        guard let document = DeviceNames.document(name) else { return nil }
        return try await Self.document(document, of: userID, on: db)
    }

    /// A reader's documents are kept to `Limits.deviceDocumentsPerReader`: past it, the unlinked
    /// one reported longest ago is forgotten (a device's own copy of its position is unchanged);
    /// with every one linked, a new one is refused.
    private static func makeRoom(for userID: UUID, on db: any Database) async throws {
        let count = try await DeviceDocument.query(on: db).filter(\.$user.$id == userID).count()
        guard count >= Limits.deviceDocumentsPerReader else { return }
        let gone = try await db.sql.raw(
            """
            DELETE FROM device_documents WHERE id IN (
              SELECT id FROM device_documents WHERE user_id = \(bind: userID) AND entry_id IS NULL
              ORDER BY reported_at LIMIT \(bind: count - Limits.deviceDocumentsPerReader + 1))
            RETURNING id
            """
        ).all()
        if count - gone.count >= Limits.deviceDocumentsPerReader {
            throw ValidationError(
                field: "document",
                "a reader keeps at most \(Limits.deviceDocumentsPerReader) linked documents; unlink some in Dogear first")
        }
    }

    private static func titles(of entryIDs: [UUID], on db: any Database) async throws -> [UUID: String] {
        guard !entryIDs.isEmpty else { return [:] }
        let rows = try await db.sql.select().column(SQLColumn("id", table: "e")).column(SQLColumn("title", table: "w"))
            .from(SQLAlias(SQLIdentifier(LibraryEntry.schema), as: SQLIdentifier("e")))
            .join(
                SQLAlias(SQLIdentifier(Work.schema), as: SQLIdentifier("w")), on: SQLColumn("id", table: "w"), .equal,
                SQLColumn("work_id", table: "e")
            )
            .where(SQLColumn("id", table: "e"), .in, SQLBind.group(entryIDs)).all()
        var titles: [UUID: String] = [:]
        for row in rows { titles[try row.decode(column: "id", as: UUID.self)] = try row.decode(column: "title", as: String.self) }
        return titles
    }

    /// The book the reader most recently started (by date started, then last read) that no
    /// document of theirs is linked to.
    private static func suggestion(for userID: UUID, on db: any Database) async throws -> DeviceDocumentRecord.Suggestion? {
        guard
            let row = try await db.sql.raw(
                """
                SELECT e.id, w.title FROM library_entries e JOIN works w ON w.id = e.work_id
                WHERE e.user_id = \(bind: userID) AND e.status = 'reading'
                  AND NOT EXISTS (SELECT 1 FROM device_documents d WHERE d.user_id = \(bind: userID) AND d.entry_id = e.id)
                ORDER BY e.date_started IS NULL, e.date_started DESC, e.last_read_at IS NULL, e.last_read_at DESC, e.id DESC
                LIMIT 1
                """
            ).first()
        else { return nil }
        return .init(
            entryID: try row.decode(column: "id", as: UUID.self), title: try row.decode(column: "title", as: String.self))
    }

    package init(library: LibraryService) {
        self.library = library
    }
}

extension Limits {
    public static let deviceDocumentsPerReader = 2_000
}

package struct DeviceDocumentRecord: Sendable {
    package struct Suggestion: Sendable, Equatable {
        package var entryID: UUID
        package var title: String
    }

    package var document: String
    package var percentage: Double
    package var progress: String
    package var device: String
    package var deviceID: String
    package var reportedAt: Double
    package var firstSeenAt: Date
    package var entryID: UUID?
    package var title: String?
    package var suggestion: Suggestion?

    init(_ kept: DeviceDocument, title: String?, suggestion: Suggestion?) {
        document = kept.document
        percentage = kept.percentage
        progress = kept.progress
        device = kept.device
        deviceID = kept.deviceID
        reportedAt = kept.reportedAt
        firstSeenAt = kept.firstSeenAt ?? Date(timeIntervalSince1970: kept.reportedAt)
        entryID = kept.$entry.id
        self.title = title
        self.suggestion = suggestion
    }
}
