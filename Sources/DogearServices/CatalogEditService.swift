import DogearCore
import DogearStore
import FluentKit
import Foundation

/// A signed-in reader fills in or corrects the shared catalog's cultural facts (an author's gender,
/// region, nationality, years; a work's original language, translator, content warnings, …). Every
/// value is checked by Core's `CatalogFact` before anything is written; every fill or change goes
/// into the catalog history in the same transaction (`InsightsAccess.editCatalogField`).
package struct CatalogEditService {
    package let db: any Database
    package let userID: UUID
    package let now: Date

    /// The facts a request asks to change: a fact given as nil clears it.
    package typealias Changes = [CatalogFact: CatalogFact.Value?]

    package func editAuthor(_ id: UUID, _ changes: Changes) async throws {
        guard let author = try await Author.find(id, on: db) else { throw DomainError.authorNotFound }
        let checked = try Self.check(changes, of: .author)
        let birth = checked[.birthYear].map { $0?.number } ?? author.birthYear
        let death = checked[.deathYear].map { $0?.number } ?? author.deathYear
        try CatalogFact.checkLifespan(birthYear: birth, deathYear: death)
        try await write(checked, recordID: id, current: author.fact, set: author.set) { db in
            author.updatedAt = now
            try await author.save(on: db)
        }
    }

    package func editWork(_ id: UUID, _ changes: Changes) async throws {
        guard let work = try await Work.find(id, on: db) else { throw DomainError.bookNotFound }
        let checked = try Self.check(changes, of: .work)
        try await write(checked, recordID: id, current: work.fact, set: work.set) { db in
            work.updatedAt = now
            try await work.save(on: db)
        }
    }

    /// Every value checked first, so a bad one writes nothing.
    package static func check(_ changes: Changes, of record: CatalogFact.Record) throws -> Changes {
        var checked: Changes = [:]
        for (fact, value) in changes {
            guard fact.record == record else {
                throw ValidationError(
                    field: fact.rawValue, "is not a field of \(record == .author ? "an author" : "a work")")
            }
            checked[fact] = .some(try fact.check(value))
        }
        return checked
    }

    private func write(
        _ checked: Changes, recordID: UUID, current: (CatalogFact) -> CatalogFact.Value?,
        set: @escaping @Sendable (CatalogFact, CatalogFact.Value?) -> Void,
        save: @escaping @Sendable (any Database) async throws -> Void
    ) async throws {
        var lines: [CatalogChange] = []
        for fact in CatalogFact.allCases {
            guard let wanted = checked[fact] else { continue }
            let old = current(fact)
            let decision = InsightsAccess.editCatalogField(
                signedIn: true, currentValueIsSet: old != nil, changesValue: old != wanted)
            let kind: CatalogChange.Kind
            switch decision {
            case .unchanged, .notSignedIn: continue
            case .fill: kind = .fill
            case .change: kind = .change
            }
            set(fact, wanted)
            lines.append(
                CatalogChange(fact: fact, recordID: recordID, old: old, new: wanted, kind: kind, userID: userID, at: now))
        }
        guard !lines.isEmpty else { return }
        let changes = lines
        try await db.writeTransaction { db in
            try await save(db)
            for line in changes { try await line.create(on: db) }
        }
    }

    package init(db: any Database, userID: UUID, now: Date) {
        self.db = db
        self.userID = userID
        self.now = now
    }
}
