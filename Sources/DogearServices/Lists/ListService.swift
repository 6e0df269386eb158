import DogearCore
import DogearStore
import FluentKit
import Foundation
import SQLKit

/// A reader's lists: the default lists (views over the library), their custom lists, and other
/// readers' public lists they opened by code or saved. Who may do what is Core's `ListAccess`;
/// this service finds the actor's relation to the list, asks, and turns the answer into
/// `DomainError`s. Every write runs in one transaction.
package struct ListService {
    package let db: any Database
    package let user: User
    package let tiersEnabled: Bool
    /// When a change happens (deletions are remembered from then for apps that sync).
    package var now: Date = Date()
    /// Share codes that open nothing are counted and limited (`CodeGuessThrottle`); nil in tools.
    package var codeGuesses: CodeGuesses? = nil

    package static let listNotFound = DomainError.notFound(.listNotFound, "no such list")

    // MARK: reading

    /// The reader's lists: the defaults first, then their own custom lists (newest first), then the
    /// lists they saved that are still public.
    package func lists() async throws -> [ListRecord] {
        let userID = try user.requireID()
        let counts = try await defaultCounts()
        var result = try DefaultList.allCases.map { try defaultDTO($0, count: counts[$0] ?? 0) }
        let own = try await ReadingList.query(on: db).filter(\.$owner.$id == userID).sort(\.$createdAt, .descending).all()
        result += try own.map { try dto($0, owner: user, actor: .owner) }
        let saved = try await SavedList.query(on: db).filter(\.$user.$id == userID)
            .join(ReadingList.self, on: \SavedList.$list.$id == \ReadingList.$id)
            .filter(ReadingList.self, \.$isPublic == true)
            .sort(\.$createdAt, .descending).all()
        let lists = try saved.map { try $0.joined(ReadingList.self) }
        let owners = try await owners(of: lists)
        result += try lists.map { try dto($0, owner: owners[$0.$owner.id], actor: .saver) }
        return result
    }

    /// One list by its id (a default list's name or a custom list's UUID).
    package func list(_ id: String) async throws -> ListRecord {
        switch try await resolve(id, for: .read) {
        case .defaultList(let list):
            return try defaultDTO(list, count: try await defaultCounts()[list] ?? 0)
        case .custom(let list, let actor):
            return try dto(list, owner: try await owner(of: list), actor: actor)
        }
    }

    // MARK: writing

    package func create(_ draft: ListDraft) async throws -> ListRecord {
        guard Tiers.allows(.customLists, tier: user.tier, tiersEnabled: tiersEnabled) else {
            throw DomainError(
                .premiumRequired, code: .premiumRequired, "custom lists come with a premium account; the default lists are yours"
            )
        }
        let fields = try draft.validatedForCreate()
        let userID = try user.requireID()
        if try await ReadingList.query(on: db).filter(\.$owner.$id == userID).count() >= Limits.listsPerReader {
            throw DomainError(.unprocessable, code: .tooManyLists, "at most \(Limits.listsPerReader) lists")
        }
        let list = try await write { _, changes in try await Self.make(fields, ownerID: userID, with: changes) }
        return try dto(list, owner: user, actor: .owner)
    }

    package func update(_ id: String, _ draft: ListDraft) async throws -> ListRecord {
        let list = try await customList(id, for: .edit)
        let fields = try draft.validatedChange(of: Self.fields(of: list))
        Self.apply(fields, to: list)
        try await write { db, changes in
            try await list.save(on: db)
            changes.changed(.list, try list.requireID(), of: list.$owner.id)
        }
        return try dto(list, owner: user, actor: .owner)
    }

    package func delete(_ id: String) async throws {
        let list = try await customList(id, for: .delete)
        try await write { db, changes in
            try await Self.recordDeleting(list, with: changes)
            try await ShareCodeRegistry(db: db).release(list.shareCode)
            try await list.delete(on: db)
        }
    }

    /// A new code; the old one opens nothing from now on.
    package func replaceShareCode(_ id: String) async throws -> ListRecord {
        let list = try await customList(id, for: .replaceShareCode)
        try await write { db, changes in
            let registry = ShareCodeRegistry(db: db)
            try await registry.release(list.shareCode)
            list.shareCode = try await registry.register(.list, id: try list.requireID()).value
            try await list.save(on: db)
            changes.changed(.list, try list.requireID(), of: list.$owner.id)
        }
        return try dto(list, owner: user, actor: .owner)
    }

    // MARK: shared lists

    /// A public list opened by its code; a private one answers exactly like a code nobody has.
    package func openShared(_ typedCode: String) async throws -> ListRecord {
        let (list, actor) = try await shared(typedCode, for: .read)
        return try dto(list, owner: try await owner(of: list), actor: actor)
    }

    package func save(_ typedCode: String) async throws -> ListRecord {
        let (list, actor) = try await shared(typedCode, for: .save)
        if actor != .saver {
            do {
                let userID = try user.requireID()
                try await write { db, changes in
                    try await SavedList(userID: userID, listID: try list.requireID()).create(on: db)
                    changes.changed(.savedList, try list.requireID(), of: userID)
                }
            } catch let error as any DatabaseError where error.isConstraintFailure {
                // Saved by another request of the same reader a moment ago: saved is saved.
            }
        }
        return try dto(list, owner: try await owner(of: list), actor: .saver)
    }

    package func unsave(_ typedCode: String) async throws {
        let (list, _) = try await shared(typedCode, for: .unsave)
        let userID = try user.requireID()
        try await write { db, changes in
            guard
                let saved = try await SavedList.query(on: db).filter(\.$user.$id == userID)
                    .filter(\.$list.$id == list.requireID()).first()
            else { return }
            try await saved.delete(on: db)
            changes.deleted(.savedList, try list.requireID(), of: userID)
        }
    }

    /// A copy of a public list as a new private list of the reader's own, with the same books in
    /// the same order and their notes. A custom list, so it needs premium when tiers are on.
    package func copy(_ typedCode: String) async throws -> ListRecord {
        let (source, _) = try await shared(typedCode, for: .copy)
        let items = try await ReadingListItem.query(on: db).filter(\.$list.$id == source.requireID()).sort(\.$position)
            .sort(\.$id).all()
        // One transaction: the copy is made whole or not at all (create's own transaction joins it).
        let userID = try user.requireID()
        let copyID = try await write { db, changes in
            let service = ListService(db: db, user: user, tiersEnabled: tiersEnabled, now: now)
            let created = try await service.create(
                ListDraft(name: source.name, description: source.summary, bannerUrl: source.bannerURL))
            guard let copyID = UUID(uuidString: created.id) else { throw Self.listNotFound }
            var copied: [UUID] = []
            for (item, position) in zip(items, ListOrder.renumbered(count: items.count)) {
                let row = ReadingListItem(listID: copyID, workID: item.$work.id, position: position, note: item.note)
                try await row.create(on: db)
                copied.append(try row.requireID())
            }
            try await ReadingList.query(on: db).filter(\.$id == copyID).set(\.$itemCount, to: items.count).update()
            changes.changed(.list, copyID, of: userID)
            changes.changed(.listItem, copied, of: userID)
            return copyID
        }
        return try await list(copyID.uuidString)
    }

    // MARK: finding a list and the actor's relation to it

    package enum Resolved {
        case defaultList(DefaultList)
        case custom(ReadingList, ListAccess.Actor)
    }

    /// The list an id names and the reader's relation to it, once `ListAccess` allows `action`.
    package func resolve(_ id: String, for action: ListAccess.Action) async throws -> Resolved {
        if let list = DefaultList(rawValue: id) {
            try Self.require(ListAccess.decide(action, by: .owner, kind: .defaultList, isPublic: false))
            return .defaultList(list)
        }
        guard let uuid = UUID(uuidString: id), let list = try await ReadingList.find(uuid, on: db) else {
            throw Self.listNotFound
        }
        let actor = try await actor(for: list)
        try Self.require(ListAccess.decide(action, by: actor, kind: .custom, isPublic: list.isPublic))
        return .custom(list, actor)
    }

    package func customList(_ id: String, for action: ListAccess.Action) async throws -> ReadingList {
        switch try await resolve(id, for: action) {
        case .custom(let list, _): return list
        case .defaultList: throw Self.listNotFound  // unreachable: the rule refuses changes to defaults
        }
    }

    private func shared(_ typedCode: String, for action: ListAccess.Action) async throws -> (ReadingList, ListAccess.Actor) {
        let open = {
            guard let code = ShareCode(typed: typedCode),
                let list = try await ReadingList.query(on: db).filter(\.$shareCode == code.value).first()
            else { throw Self.listNotFound }
            let actor = try await actor(for: list)
            // A private list's code is "not found", and counted as a miss like one nobody holds.
            try Self.require(ListAccess.decide(action, by: actor, kind: .custom, isPublic: list.isPublic))
            return (list, actor)
        }
        guard let codeGuesses else { return try await open() }
        return try await codeGuesses.lookUp(open)
    }

    private func actor(for list: ReadingList) async throws -> ListAccess.Actor {
        let userID = try user.requireID()
        if list.$owner.id == userID { return .owner }
        let saved = try await SavedList.query(on: db).filter(\.$user.$id == userID)
            .filter(\.$list.$id == list.requireID()).first()
        return saved == nil ? .otherReader : .saver
    }

    package static func require(_ decision: ListAccess.Decision) throws {
        switch decision {
        case .allow: return
        case .notFound: throw listNotFound
        case .forbidden: throw DomainError(.forbidden, code: .forbidden, "only the list's owner can change it")
        case .refused(let refusal): throw DomainError(.unprocessable, code: ErrorCode(refusal), refusal.message)
        }
    }

    // MARK: building answers

    private func defaultCounts() async throws -> [DefaultList: Int] {
        let sql = db.sql
        var counts: [DefaultList: Int] = [:]
        let columns = DefaultList.allCases.map { list in
            "COALESCE(SUM(CASE WHEN \(list.condition) THEN 1 ELSE 0 END), 0) AS \(list.rawValue.replacingOccurrences(of: "-", with: "_"))"
        }.joined(separator: ", ")
        let row = try await sql.raw(
            "SELECT \(unsafeRaw: columns) FROM library_entries e WHERE e.user_id = \(bind: try user.requireID())"
        ).first()
        for list in DefaultList.allCases {
            counts[list] = try row?.decode(column: list.rawValue.replacingOccurrences(of: "-", with: "_"), as: Int.self) ?? 0
        }
        return counts
    }

    private func defaultDTO(_ list: DefaultList, count: Int) throws -> ListRecord {
        ListRecord(
            id: list.rawValue, name: list.name, description: nil, bannerUrl: nil, isPublic: false, isDefault: true,
            shareCode: nil, itemCount: count, owner: .init(id: try user.requireID(), displayName: user.displayName),
            saved: false, createdAt: user.createdAt, updatedAt: nil)
    }

    package func dto(_ list: ReadingList, owner: User?, actor: ListAccess.Actor) throws -> ListRecord {
        ListRecord(
            id: try list.requireID().uuidString, name: list.name, description: list.summary, bannerUrl: list.bannerURL,
            isPublic: list.isPublic, isDefault: false, shareCode: actor == .owner ? list.shareCode : nil,
            itemCount: list.itemCount,
            owner: .init(id: list.$owner.id, displayName: owner?.displayName ?? ""), saved: actor == .saver,
            createdAt: list.createdAt, updatedAt: list.updatedAt)
    }

    private func owner(of list: ReadingList) async throws -> User? {
        list.$owner.id == user.id ? user : try await User.find(list.$owner.id, on: db)
    }

    private func owners(of lists: [ReadingList]) async throws -> [UUID: User] {
        let ids = Array(Set(lists.map { $0.$owner.id }))
        guard !ids.isEmpty else { return [:] }
        let users = try await User.query(on: db).filter(\.$id ~~ ids).all()
        return Dictionary(uniqueKeysWithValues: try users.map { (try $0.requireID(), $0) })
    }

    /// A new list with a share code of its own, in the caller's transaction (the one way lists are made).
    package static func make(_ fields: ValidList, ownerID: UUID, with changes: WriteChanges) async throws -> ReadingList {
        let db = changes.db
        let id = UUID.timeOrdered()
        let code = try await ShareCodeRegistry(db: db).register(.list, id: id)
        let list = ReadingList(ownerID: ownerID, name: fields.name, shareCode: code.value)
        list.id = id
        apply(fields, to: list)
        try await list.create(on: db)
        changes.changed(.list, id, of: ownerID)
        return list
    }

    /// A write through the one write path (`WritePipeline`): the sync log follows from the changes
    /// `body` declares.
    package func write<T: Sendable>(
        _ body: @escaping @Sendable (any Database, WriteChanges) async throws -> T
    ) async throws -> T {
        try await WritePipeline(db: db, now: now, clubEvents: nil).run(body)
    }

    /// Before a list is deleted: its items go with it, and so does every reader's save of it.
    private static func recordDeleting(_ list: ReadingList, with changes: WriteChanges) async throws {
        let db = changes.db
        let listID = try list.requireID()
        let items = try await ReadingListItem.query(on: db).filter(\.$list.$id == listID).all().map { try $0.requireID() }
        let savers = try await SavedList.query(on: db).filter(\.$list.$id == listID).all().map { $0.$user.id }
        changes.deleted(.list, listID, of: list.$owner.id)
        changes.deleted(.listItem, items, of: list.$owner.id)
        for saver in savers { changes.deleted(.savedList, listID, of: saver) }
    }

    /// The reader's own custom lists, for "Add to list" on book pages and library rows.
    /// The reader's own lists, newest first (the add-to-list menus): without the default lists'
    /// counts, which read the whole library.
    package func ownCustomLists() async throws -> [ListRecord] {
        try await ReadingList.query(on: db).filter(\.$owner.$id == user.requireID()).sort(\.$createdAt, .descending).all()
            .map { try dto($0, owner: user, actor: .owner) }
    }

    /// The names of the reader's own lists, newest first: the choices of an "Add to list" menu.
    package func ownListNames() async throws -> [(id: UUID, name: String)] {
        try await db.sql.raw(
            "SELECT id, name FROM lists WHERE user_id = \(bind: user.requireID()) ORDER BY created_at DESC"
        ).all().map { (try $0.decode(column: "id", as: UUID.self), try $0.decode(column: "name", as: String.self)) }
    }

    /// The reader's own lists that hold a work, A–Z: what a book's page says it is on.
    package func ownLists(holding workID: UUID) async throws -> [(id: UUID, name: String)] {
        try await ReadingList.query(on: db).filter(\.$owner.$id == user.requireID())
            .join(ReadingListItem.self, on: \ReadingList.$id == \ReadingListItem.$list.$id)
            .filter(ReadingListItem.self, \.$work.$id == workID)
            .sort(\.$name).all()
            .map { (try $0.requireID(), $0.name) }
    }

    package static func fields(of list: ReadingList) -> ValidList {
        ValidList(name: list.name, description: list.summary, bannerUrl: list.bannerURL, isPublic: list.isPublic)
    }

    package static func apply(_ fields: ValidList, to list: ReadingList) {
        list.name = fields.name
        list.summary = fields.description
        list.bannerURL = fields.bannerUrl
        list.isPublic = fields.isPublic
    }

    package init(db: any Database, user: User, tiersEnabled: Bool, now: Date = Date(), codeGuesses: CodeGuesses? = nil) {
        self.db = db
        self.user = user
        self.tiersEnabled = tiersEnabled
        self.now = now
        self.codeGuesses = codeGuesses
    }
}
