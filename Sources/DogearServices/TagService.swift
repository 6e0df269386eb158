import DogearCore
import DogearStore
import FluentKit
import Foundation
import SQLKit

/// A user's tags: one row per lower-case key, display form as first typed.
package struct TagService {
    package let db: any Database
    package let userID: UUID
    package let now: Date

    /// Replaces an entry's tags, creating the user's missing tags. A fixed number of queries.
    package func setTags(_ names: [TagName], on entryID: UUID) async throws {
        try await EntryTag.query(on: db).filter(\.$entry.$id == entryID).delete()
        guard !names.isEmpty else { return }
        let keys = names.map(\.key)
        var byKey = try await tagIDs(keys)
        let missing = names.filter { byKey[$0.key] == nil }
        if !missing.isEmpty {
            // Another request of this reader's (a second device, a batch) may be adding the same new
            // tag at this moment: a key already taken is skipped and the tags are read again, so
            // both requests link to the one row instead of the later one answering 409.
            try await BulkInsert(sql: db.sql).insert(
                Tag.bulk, missing.map { Tag.BulkRow(id: UUID.timeOrdered(), userID: userID, name: $0, now: now) },
                onConflict: "(user_id, key) DO NOTHING")
            byKey = try await tagIDs(keys)
        }
        let links = try names.map { name in
            guard let tagID = byKey[name.key] else { throw DomainError.storageFailed("the tag '\(name.display)'") }
            return EntryTag(entryID: entryID, tagID: tagID)
        }
        try await links.create(on: db)
    }

    private func tagIDs(_ keys: [String]) async throws -> [String: UUID] {
        var byKey: [String: UUID] = [:]
        for tag in try await Tag.query(on: db).filter(\.$user.$id == userID).filter(\.$key ~~ keys).all() {
            byKey[tag.key] = try tag.requireID()
        }
        return byKey
    }

    package init(db: any Database, userID: UUID, now: Date) {
        self.db = db
        self.userID = userID
        self.now = now
    }
}
