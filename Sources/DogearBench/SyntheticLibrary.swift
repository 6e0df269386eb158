import DogearCore
import DogearServer
import DogearServices
import DogearStore
import Fluent
import Foundation
import SQLKit

/// Builds a large, realistic-looking library for benchmarks: titles, authors, ISBNs, tags and note
/// text drawn from word lists with a seeded generator, inserted in batches of raw SQL (the app's
/// own write path would take hours at this size and measures something else).
package struct SyntheticLibrary {
    package let db: any Database
    package let entries: Int
    package let notes: Int
    package let seed: UInt64

    package struct Built {
        package let userID: UUID
        package let isbns: [String]
        package let authorSurnames: [String]
        package let tags: [String]
        package let noteWords: [String]
    }

    package static let titleWords = [
        "lighthouse", "river", "garden", "winter", "shadow", "empire", "silence", "orchard", "harbor",
        "letters", "midnight", "glass", "mountain", "salt", "island", "stranger", "summer", "wolves", "kingdom", "memory",
        "daughter", "house", "storm", "library", "lantern", "forest", "desert", "ocean", "station", "clockwork", "atlas",
        "crossing", "ember", "feather", "harvest", "journey", "machine", "north", "paper", "quiet", "rain", "secret",
        "thunder", "valley", "whisper", "yellow", "zephyr", "bridge", "city", "dragon",
    ]
    package static let firstNames = [
        "Anna", "Boris", "Clara", "Dmitri", "Elena", "Farah", "Gabriel", "Hana", "Ivan", "Júlia",
        "Kenji", "Lucía", "Mateo", "Nadia", "Oskar", "Priya", "Quentin", "Rosa", "Søren", "Tomás", "Uma", "Viktor",
        "Wen", "Ximena", "Yusuf", "Zoë",
    ]
    package static let surnames = [
        "Abbott", "Bergström", "Castillo", "Dubois", "Eriksen", "Fontaine", "García", "Haddad",
        "Ibsen", "Jansen", "Kowalski", "López", "Müller", "Nakamura", "Okafor", "Petrov", "Quinn", "Rossi", "Sato",
        "Tanaka", "Urquhart", "Valdés", "Wójcik", "Xu", "Yilmaz", "Zhang", "Achebe", "Borges", "Calvino", "Duras",
    ]
    package static let tagNames = [
        "Fantasy", "Sci-Fi", "Mystery", "Classics", "Poetry", "History", "Biography", "Romance",
        "Horror", "Essays", "Travel", "Philosophy", "Graphic Novel", "Short Stories", "Book Club", "Reread",
        "Favourites", "Translated", "Nonfiction", "Cosy", "Slow Burn", "Audiobook", "Summer 2024", "Gift",
    ]
    package static let noteVocabulary = [
        "the", "a", "chapter", "ending", "character", "prose", "slow", "beautiful", "twist",
        "remember", "reread", "quote", "scene", "dialogue", "voice", "structure", "letter", "mother", "father", "sea",
        "war", "love", "grief", "humour", "style", "translation", "map", "dream", "journey", "argument", "footnote",
        "ferry", "train", "kitchen", "garden", "evening", "winter", "promise", "betrayal", "silence", "island",
    ]

    package func build() async throws -> Built {
        var random = SeededRandom(seed: seed)
        let sql = db.sql
        let userID = UUID.timeOrdered()
        let now = Date()
        try await sql.raw(
            """
            INSERT INTO users (id, email, email_key, password_hash, display_name, onboarding_done, genre_preferences,
                               time_zone, tier, created_at, updated_at)
            VALUES (\(bind: userID), 'bench@example.com', 'bench@example.com', 'x', 'Bench', \(bind: true),
                    \(bind: [String]()), 'UTC', 'free', \(bind: now), \(bind: now))
            """
        ).run()

        // Authors: one for every five books.
        let authorCount = max(1, entries / 5)
        var authorIDs: [UUID] = []
        var authorRows: [SQLQueryString] = []
        for _ in 0..<authorCount {
            let id = UUID.timeOrdered()
            authorIDs.append(id)
            let name = "\(random.pick(Self.firstNames)) \(random.pick(Self.surnames))"
            authorRows.append("(\(bind: id), \(bind: name), \(bind: now), \(bind: now))")
        }
        try await insert(sql, "authors (id, name, created_at, updated_at)", authorRows)

        // Tags of the one user.
        var tagIDs: [UUID] = []
        var tagRows: [SQLQueryString] = []
        for name in Self.tagNames {
            let id = UUID.timeOrdered()
            tagIDs.append(id)
            tagRows.append(
                "(\(bind: id), \(bind: userID), \(bind: name.lowercased()), \(bind: name), \(bind: now), \(bind: now))")
        }
        try await insert(sql, "tags (id, user_id, key, display, created_at, updated_at)", tagRows)

        var isbns: [String] = []
        var entryIDs: [UUID] = []
        var works: [SQLQueryString] = []
        var links: [SQLQueryString] = []
        var editions: [SQLQueryString] = []
        var libraryRows: [SQLQueryString] = []
        var entryTags: [SQLQueryString] = []
        let statuses = ReadingStatus.allCases.map(\.rawValue)
        for index in 0..<entries {
            let workID = UUID.timeOrdered()
            let editionID = UUID.timeOrdered()
            let entryID = UUID.timeOrdered()
            let words = (0..<Int.random(in: 1...4, using: &random)).map { _ in random.pick(Self.titleWords) }
            let title = (["The"] + words).joined(separator: " ").capitalized + " \(index)"
            works.append(
                """
                (\(bind: workID), \(bind: title), \(bind: [String]()), \(bind: [String]()), \(bind: [String]()), \
                \(bind: [String]()), 'import', 40, 'verified', 0, 0, \(bind: now), \(bind: now))
                """)
            links.append(
                "(\(bind: UUID.timeOrdered()), \(bind: workID), \(bind: random.pick(authorIDs)), 0, \(bind: now), \(bind: now))")
            let body = "978" + String(format: "%09d", index % 1_000_000_000)
            let isbn13 = ISBN.convert10to13(String(body.dropFirst(3)) + "0")
            isbns.append(isbn13)
            editions.append(
                """
                (\(bind: editionID), \(bind: workID), \(bind: isbn13), \(bind: ISBN.convert13to10(isbn13)), \
                \(bind: Int.random(in: 80...900, using: &random)), 'paperback', \(bind: now), \(bind: now))
                """)
            let added = now.addingTimeInterval(-Double(index) * 3_600)
            libraryRows.append(
                """
                (\(bind: entryID), \(bind: userID), \(bind: workID), \(bind: editionID), \(bind: random.pick(statuses)), \
                \(bind: true), \(bind: false), \(bind: index % 17 == 0), \(bind: Int.random(in: 1...5, using: &random)), \
                \(bind: added), 0, 0, 0, \(bind: true), \(bind: false), \(bind: now), \(bind: now))
                """)
            var chosen = Set<Int>()
            for _ in 0..<Int.random(in: 0...3, using: &random) { chosen.insert(Int.random(in: 0..<tagIDs.count, using: &random)) }
            for tag in chosen {
                entryTags.append(
                    "(\(bind: UUID.timeOrdered()), \(bind: entryID), \(bind: tagIDs[tag]), \(bind: now), \(bind: now))")
            }
            entryIDs.append(entryID)
            if works.count == 500 || index == entries - 1 {
                try await flush(works: works, links: links, editions: editions, entries: libraryRows, entryTags: entryTags)
                works.removeAll()
                links.removeAll()
                editions.removeAll()
                libraryRows.removeAll()
                entryTags.removeAll()
            }
        }

        var noteRows: [SQLQueryString] = []
        for index in 0..<notes {
            let text = (0..<Int.random(in: 12...40, using: &random)).map { _ in random.pick(Self.noteVocabulary) }.joined(
                separator: " ")
            let entryID = entryIDs[Int.random(in: 0..<entryIDs.count, using: &random)]
            noteRows.append(
                "(\(bind: UUID.timeOrdered()), \(bind: entryID), \(bind: userID), \(bind: text), \(bind: false), \(bind: now), \(bind: now))"
            )
            if noteRows.count == 1_000 || index == notes - 1 {
                try await insert(sql, "notes (id, entry_id, user_id, content, is_discussion, created_at, updated_at)", noteRows)
                noteRows.removeAll()
            }
        }
        return Built(
            userID: userID, isbns: isbns, authorSurnames: Self.surnames, tags: Self.tagNames, noteWords: Self.noteVocabulary)
    }

    /// One batch of books, in one transaction.
    private func flush(
        works: [SQLQueryString], links: [SQLQueryString], editions: [SQLQueryString],
        entries: [SQLQueryString], entryTags: [SQLQueryString]
    ) async throws {
        try await db.transaction { db in
            let sql = db.sql
            try await insert(
                sql,
                "works (id, title, genres, cultural_themes, content_warnings, awards, source, quality_score, review_status, readers_count, ratings_count, created_at, updated_at)",
                works)
            try await insert(sql, "work_authors (id, work_id, author_id, position, created_at, updated_at)", links)
            try await insert(sql, "editions (id, work_id, isbn13, isbn10, page_count, format, created_at, updated_at)", editions)
            try await insert(
                sql,
                "library_entries (id, user_id, work_id, edition_id, status, owned, on_wishlist, favorite, rating, date_added, progress, total_minutes, read_count, is_public, counts_toward_cultural_goal, created_at, updated_at)",
                entries)
            try await insert(sql, "entry_tags (id, entry_id, tag_id, created_at, updated_at)", entryTags)
        }
    }

    private func insert(_ sql: any SQLDatabase, _ target: String, _ rows: [SQLQueryString]) async throws {
        for batch in rows.chunked(into: 500) where !batch.isEmpty {
            let values = batch.dropFirst().reduce(batch[0]) { $0 + ", " + $1 }
            try await sql.raw("INSERT INTO \(unsafeRaw: target) VALUES " + values).run()
        }
    }
}
