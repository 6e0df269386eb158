import DogearCore
import Fluent
import Foundation

/// A user's tags: one row per lower-case key, display form as first typed.
struct TagService {
    let db: any Database
    let userID: UUID

    /// Replaces an entry's tags, creating the user's missing tags. A fixed number of queries.
    func setTags(_ names: [TagName], on entryID: UUID) async throws {
        try await EntryTag.query(on: db).filter(\.$entry.$id == entryID).delete()
        guard !names.isEmpty else { return }
        let keys = names.map(\.key)
        var byKey: [String: Tag] = [:]
        for tag in try await Tag.query(on: db).filter(\.$user.$id == userID).filter(\.$key ~~ keys).all() {
            byKey[tag.key] = tag
        }
        let missing = names.filter { byKey[$0.key] == nil }.map { Tag(userID: userID, key: $0.key, display: $0.display) }
        if !missing.isEmpty {
            try await missing.create(on: db)
            for tag in missing { byKey[tag.key] = tag }
        }
        let links = try names.map { EntryTag(entryID: entryID, tagID: try byKey[$0.key]!.requireID()) }
        try await links.create(on: db)
    }
}
