import DogearCore
import DogearStore
import FluentKit
import Foundation
import SQLKit

/// A reader's correction of their copy: nil leaves a fact as it is; an empty subtitle or format
/// clears it.
package struct CopyCorrectionInput: Sendable {
    package var title: String?
    package var subtitle: String?
    package var authors: [String]?
    package var pageCount: Int?
    package var format: String?

    package init(
        title: String? = nil, subtitle: String? = nil, authors: [String]? = nil, pageCount: Int? = nil, format: String? = nil
    ) {
        self.title = title
        self.subtitle = subtitle
        self.authors = authors
        self.pageCount = pageCount
        self.format = format
    }
}

extension LibraryService {
    /// Corrects the title, subtitle, authors, page count or format of the reader's copy. Core's
    /// `CopyCorrection` says where each goes: a record only this reader holds, typed by readers, is
    /// changed in place; otherwise the copy moves to the work the corrected title and first author
    /// name (the catalog's own matching) or to an edition of its own, and others see what they saw.
    package func correctCopy(_ id: UUID, _ input: CopyCorrectionInput) async throws -> LibraryEntry {
        try await write { db, changes in
            let entry = try await entry(id, on: db)
            try await correct(entry, input, on: db, changes: changes)
            return entry
        }
    }

    /// The correction inside the caller's write (`update(_:with:correcting:)` adds the entry's own
    /// changes to the same transaction, so a refused part writes nothing).
    package func correct(_ entry: LibraryEntry, _ input: CopyCorrectionInput, on db: any Database, changes: WriteChanges)
        async throws
    {
        let id = try entry.requireID()
        let userID = try user.requireID()
        let format = try input.format.map { raw -> EditionFormat? in
            guard !raw.trimmed.isEmpty else { return nil }
            guard let format = EditionFormat(rawValue: raw) else {
                throw ValidationError(
                    field: "format", "must be one of \(EditionFormat.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return format
        }
        do {
            let before = WriteChanges.EntryBefore(entry)
            var (work, edition) = try await catalogFacts(of: entry, on: db)
            let workID = try work.requireID()
            let authors = (try await CatalogLoader(db: db).authorsByWork([workID])[workID] ?? []).map(\.name)
            // The whole corrected book, checked by the rules every added book meets.
            var draft = BookDraft()
            draft.title = input.title ?? work.title
            draft.subtitle = input.subtitle.map { $0.trimmed.isEmpty ? nil : $0 } ?? work.subtitle
            draft.authors = input.authors ?? authors
            draft.pageCount = input.pageCount ?? edition?.pageCount
            draft.format = format.map { $0?.rawValue } ?? edition?.format
            // What the copy looks like goes with it to a record of its own (not the ISBN: that names
            // the published edition, which stays where it is).
            draft.coverUrl = edition?.coverURL
            draft.language = edition?.language
            draft.publisher = edition?.publisher
            let book = try draft.validated()

            if book.title != work.title || book.subtitle != work.subtitle || book.authors != authors {
                let othersHoldIt = try await Self.othersHold(workID, besides: userID, on: db)
                let fromSource = ["title", "subtitle", "authors"].contains {
                    Provenance.isOnlineSource(Provenance.source(of: $0, in: work.fieldSources, record: work.source))
                }
                switch CopyCorrection.target(othersHoldIt: othersHoldIt, fromSource: fromSource) {
                case .inPlace:
                    try await retitle(work, as: book, on: db)
                    changes.catalogTextChanged(workID: workID)
                case .ownRecord:
                    let resolved = try await CatalogService(db: db).findOrCreate(book)
                    let newWorkID = try resolved.work.requireID()
                    // The catalog matches by title (any case) and first author: a correction of only
                    // capitals, a subtitle or a later author names the same shared work. Said, not
                    // answered 200 with nothing changed.
                    guard newWorkID != workID else {
                        throw ValidationError(
                            field: "title",
                            "other readers share this book's record, and this correction names the same book; "
                                + "a change of capitals, subtitle or a later author is kept for everyone only when a source says so"
                        )
                    }
                    // A club reads by the work: moving off the club's current book would drop the
                    // reader from its progress.
                    if try await Self.isCurrentClubBook(workID, of: userID, on: db) {
                        throw ValidationError(
                            field: "title",
                            "this is the current book of a club of yours; ask its owner to change the club's book first")
                    }
                    do {
                        if let other = try await LibraryEntry.query(on: db).filter(\.$user.$id == userID)
                            .filter(\.$work.$id == newWorkID).first()
                        {
                            throw DomainError(
                                .conflict, code: .alreadyInLibrary,
                                "“\(resolved.work.title)” is already in your library: correct that copy, or delete this one",
                                details: ["entryId": try other.requireID().uuidString])
                        }
                        entry.$work.id = newWorkID
                        entry.$edition.id = try resolved.edition?.requireID()
                        changes.entryLeft(work: workID)
                        try await Self.moveListItems(of: userID, from: workID, to: newWorkID, on: db, changes: changes)
                        work = resolved.work
                        edition = resolved.edition
                    }
                }
            }

            if book.pageCount != edition?.pageCount || book.format?.rawValue != edition?.format {
                let editionID = try edition?.requireID()
                let othersHoldIt =
                    try await editionID.asyncMap {
                        try await LibraryEntry.query(on: db).filter(\.$edition.$id == $0).filter(\.$id != id).count() > 0
                    } ?? true
                let fromSource = edition.map { edition in
                    ["pageCount", "format"].contains {
                        Provenance.isOnlineSource(
                            Provenance.source(of: $0, in: edition.fieldSources, record: edition.source ?? ""))
                    }
                }
                if let edition, CopyCorrection.target(othersHoldIt: othersHoldIt, fromSource: fromSource ?? false) == .inPlace {
                    edition.pageCount = book.pageCount
                    edition.format = book.format?.rawValue
                    try await edition.save(on: db)
                } else {
                    var own = book
                    own.isbn = nil  // an ISBN names the published edition, not this copy
                    let created = try await CatalogService(db: db).createEdition(own, workID: try work.requireID())
                    entry.$edition.id = try created.requireID()
                    edition = created
                }
            }

            // The place in the book, measured against the corrected length.
            if let page = entry.currentPage, let pages = book.pageCount {
                guard page <= pages else {
                    throw ValidationError(field: "pageCount", "you are on page \(page); the book cannot end before it")
                }
                entry.progress = entry.status == .read ? 1 : Double(page) / Double(pages)
            }
            try await entry.save(on: db)
            try changes.entryChanged(entry, before: before, searchTextChanged: true)
        }
    }

    /// Whether anyone else points at the work: another reader's entry, another reader's list, or any
    /// club's book or proposal (a club is many readers). One statement; each probe an index seek.
    static func othersHold(_ workID: UUID, besides userID: UUID, on db: any Database) async throws -> Bool {
        try await db.sql.raw(
            """
            SELECT CASE WHEN
              EXISTS (SELECT 1 FROM library_entries WHERE work_id = \(bind: workID) AND user_id <> \(bind: userID))
              OR EXISTS (SELECT 1 FROM list_items li JOIN lists l ON l.id = li.list_id
                         WHERE li.work_id = \(bind: workID) AND l.user_id <> \(bind: userID))
              OR EXISTS (SELECT 1 FROM club_books WHERE work_id = \(bind: workID))
              OR EXISTS (SELECT 1 FROM club_proposals WHERE work_id = \(bind: workID))
            THEN 1 ELSE 0 END AS held
            """
        ).first()?.decode(column: "held", as: Int.self) == 1
    }

    /// Whether the work is the current book (not finished) of a club the reader belongs to.
    static func isCurrentClubBook(_ workID: UUID, of userID: UUID, on db: any Database) async throws -> Bool {
        try await db.sql.raw(
            """
            SELECT 1 AS one FROM club_books cb JOIN club_members cm ON cm.club_id = cb.club_id
            WHERE cb.work_id = \(bind: workID) AND cb.finished_on IS NULL AND cm.user_id = \(bind: userID) LIMIT 1
            """
        ).first() != nil
    }

    /// The reader's own lists follow their copy to its new work (one that already holds the new
    /// work keeps that item and drops the old).
    static func moveListItems(
        of userID: UUID, from oldWork: UUID, to newWork: UUID, on db: any Database, changes: WriteChanges
    ) async throws {
        let sql = db.sql
        let own: SQLQueryString = "list_id IN (SELECT id FROM lists WHERE user_id = \(bind: userID))"
        let moved = try await sql.raw(
            """
            SELECT id FROM list_items WHERE work_id = \(bind: oldWork) AND \(own)
            """
        ).all().map { try $0.decode(column: "id", as: UUID.self) }
        guard !moved.isEmpty else { return }
        let dropped = try await sql.raw(
            """
            SELECT id FROM list_items WHERE work_id = \(bind: oldWork) AND \(own)
              AND EXISTS (SELECT 1 FROM list_items x WHERE x.list_id = list_items.list_id AND x.work_id = \(bind: newWork))
            """
        ).all().map { try $0.decode(column: "id", as: UUID.self) }
        try await sql.raw(
            """
            UPDATE list_items SET work_id = \(bind: newWork) WHERE work_id = \(bind: oldWork) AND \(own)
              AND NOT EXISTS (SELECT 1 FROM list_items x WHERE x.list_id = list_items.list_id AND x.work_id = \(bind: newWork))
            """
        ).run()
        try await sql.raw("DELETE FROM list_items WHERE work_id = \(bind: oldWork) AND \(own)").run()
        changes.changed(.listItem, moved.filter { !dropped.contains($0) }, of: userID)
        if !dropped.isEmpty { changes.deleted(.listItem, dropped, of: userID) }
    }

    /// A work only this reader holds, typed by readers: its title, subtitle and authors as corrected.
    private func retitle(_ work: Work, as book: ValidBook, on db: any Database) async throws {
        let workID = try work.requireID()
        work.title = book.title
        work.subtitle = book.subtitle
        try await work.save(on: db)
        try await WorkAuthor.query(on: db).filter(\.$work.$id == workID).delete()
        let catalog = CatalogService(db: db)
        for (position, name) in book.authors.enumerated() {
            let author = try await catalog.findOrCreateAuthor(named: name)
            try await WorkAuthor(workID: workID, authorID: try author.requireID(), position: position).create(on: db)
        }
    }
}
