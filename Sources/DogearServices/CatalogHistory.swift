import DogearCore
import DogearStore
import FluentKit
import Foundation

/// The catalog history as an operator reads it (`dogear catalog history`), and the revert of one of
/// its lines (`dogear catalog revert ID`): the field goes back to its old value, and the revert is a
/// line of its own.
package struct CatalogHistory {
    package let db: any Database
    package let now: Date

    package struct Line: Sendable, Equatable {
        package let id: UUID
        package let at: Date
        /// The reader's email; "operator" for a revert; "a deleted account".
        package let who: String
        package let record: String
        /// The author's name or the work's title.
        package let recordName: String
        package let recordID: UUID
        package let field: String
        package let old: String?
        package let new: String?
        package let kind: String
        package let reverted: Bool
    }

    /// Newest first; for one record when `recordID` is given.
    package func lines(limit: Int, recordID: UUID? = nil) async throws -> [Line] {
        var query = CatalogChange.query(on: db).with(\.$user)
        if let recordID { query = query.filter(\.$recordID == recordID) }
        return try await describe(try await query.sort(\.$createdAt, .descending).sort(\.$id).limit(limit).all())
    }

    /// Each change with its record's name and its values in words.
    private func describe(_ changes: [CatalogChange]) async throws -> [Line] {
        let authorIDs = changes.filter { $0.record == CatalogFact.Record.author.rawValue }.map(\.recordID)
        let workIDs = changes.filter { $0.record == CatalogFact.Record.work.rawValue }.map(\.recordID)
        var names: [UUID: String] = [:]
        if !authorIDs.isEmpty {
            for author in try await Author.query(on: db).filter(\.$id ~~ Set(authorIDs)).all() { names[author.id!] = author.name }
        }
        if !workIDs.isEmpty {
            for work in try await Work.query(on: db).filter(\.$id ~~ Set(workIDs)).all() { names[work.id!] = work.title }
        }
        return try changes.map { change in
            let fact = CatalogFact(rawValue: change.field)
            func shown(_ stored: String?) -> String? {
                guard let stored else { return nil }
                return fact?.value(stored: stored)?.display ?? stored
            }
            let who: String
            if let user = change.user {
                who = user.email
            } else {
                who = change.kind == CatalogChange.Kind.revert.rawValue ? "operator" : "a deleted account"
            }
            return Line(
                id: try change.requireID(), at: change.createdAt, who: who, record: change.record,
                recordName: names[change.recordID] ?? "(gone)", recordID: change.recordID, field: change.field,
                old: shown(change.oldValue), new: shown(change.newValue), kind: change.kind,
                reverted: change.revertedAt != nil)
        }
    }

    package static func notFound(_ id: String) -> DomainError { .notFound(.catalogChangeNotFound, "no catalog change \(id)") }

    /// Puts the field back as it was before the change. Refused when the field has changed again
    /// since (revert the newer change first), when it was reverted already, or for a revert itself.
    package func revert(_ id: UUID) async throws -> Line {
        guard let change = try await CatalogChange.find(id, on: db) else { throw Self.notFound(id.uuidString) }
        guard let fact = CatalogFact(rawValue: change.field) else { throw Self.notFound(id.uuidString) }
        guard change.kind != CatalogChange.Kind.revert.rawValue else {
            throw DomainError(.unprocessable, code: .cannotRevert, "a revert cannot itself be reverted; change the field again")
        }
        guard change.revertedAt == nil else {
            throw DomainError(.unprocessable, code: .cannotRevert, "this change was reverted already")
        }
        let wanted = fact.value(stored: change.oldValue)
        let line = CatalogChange(
            fact: fact, recordID: change.recordID, old: nil, new: wanted, kind: .revert, userID: nil, at: now)
        line.revertsID = id
        change.revertedAt = now
        let changeID = id
        try await db.writeTransaction { db in
            let current: CatalogFact.Value?
            let save: (any Database) async throws -> Void
            switch fact.record {
            case .author:
                guard let author = try await Author.find(change.recordID, on: db) else { throw DomainError.authorNotFound }
                current = author.fact(fact)
                author.set(fact, wanted)
                save = { db in try await author.save(on: db) }
            case .work:
                guard let work = try await Work.find(change.recordID, on: db) else { throw DomainError.bookNotFound }
                current = work.fact(fact)
                work.set(fact, wanted)
                save = { db in try await work.save(on: db) }
            }
            guard current?.stored == change.newValue else {
                let newer = try await CatalogChange.query(on: db).filter(\.$recordID == change.recordID)
                    .filter(\.$field == change.field).sort(\.$createdAt, .descending).first()
                let hint = newer.flatMap(\.id).map { " (\($0.uuidString))" } ?? ""
                throw DomainError(
                    .unprocessable, code: .cannotRevert,
                    "\(fact.rawValue) has changed since \(changeID.uuidString); revert the newer change\(hint) first")
            }
            line.oldValue = current?.stored
            try await save(db)
            try await change.save(on: db)
            try await line.create(on: db)
        }
        let changes = try await CatalogChange.query(on: db).filter(\.$id == line.requireID()).with(\.$user).all()
        return try await describe(changes)[0]
    }

    package init(db: any Database, now: Date) {
        self.db = db
        self.now = now
    }
}
