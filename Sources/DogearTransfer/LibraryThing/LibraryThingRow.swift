import DogearCore
import Foundation

/// One LibraryThing row (its 49-column CSV or TSV; the JSON export is turned into the same columns
/// by `LibraryThingJSON`) to Dogear fields.
enum LibraryThingRow {
    static let mapped: Set<String> = [
        "Title", "Primary Author", "Primary Author Role", "Secondary Author", "Secondary Author Role",
        "Secondary Author Roles", "Publication", "Date", "Review", "Rating", "Comment", "Private Comment", "Media",
        "Page Count", "Date Started", "Date Read", "Tags", "Collections", "Languages", "Original Languages", "ISBN",
        "ISBNs", "Entry Date", "Work id", "ASIN",
    ]

    /// LibraryThing's built-in collections that say where a book stands.
    static let statusCollections: [String: ReadingStatus] = [
        "currently reading": .reading, "to read": .wantToRead, "read but unowned": .read, "wishlist": .wantToRead,
    ]
    /// Collections that say something other than status; anything else is the reader's own and becomes a tag.
    static let otherBuiltIns: Set<String> = ["your library", "favorites", "read but unowned", "wishlist"]

    static func map(_ fields: [String: String], line: Int) -> Result<ImportedRow, ImportRowError> {
        func value(_ name: String) -> String? {
            guard let raw = fields[name].map(SpreadsheetCell.restored)?.trimmed, !raw.isEmpty else { return nil }
            return raw
        }
        var row = ImportedRow(line: line)
        guard let title = value("Title").map(HTMLText.decodeEntities) else {
            return .failure(ImportRowError(line: line, reason: "the row has no title"))
        }
        row.book.title = title

        // Authors are "Last, First"; secondary ones are "|"-separated with their roles in step.
        var authors = value("Primary Author").map { [personName($0)] } ?? []
        let secondary = (value("Secondary Author") ?? "").split(separator: "|", omittingEmptySubsequences: false)
        let roles = (value("Secondary Author Roles") ?? value("Secondary Author Role") ?? "")
            .split(separator: "|", omittingEmptySubsequences: false)
        var otherRoles: [String] = []
        for (index, raw) in secondary.enumerated() {
            let name = personName(String(raw))
            guard !name.isEmpty else { continue }
            let role = index < roles.count ? roles[index].trimmed : ""
            switch role.lowercased() {
            case "", "author": if !authors.contains(name) { authors.append(name) }
            case "translator" where row.book.translator == nil: row.book.translator = name
            default: otherRoles.append("\(name) (\(role))")
            }
        }
        if !otherRoles.isEmpty { row.kept["Secondary Author Roles"] = otherRoles.joined(separator: ", ") }
        row.book.authors = Array(authors.prefix(Limits.authorsPerWork))

        // ISBN "[1578660289]", ISBNs "[1578660289, 9781578660285]": the first one that is an ISBN.
        let candidates = [value("ISBN")].compactMap { $0 }.flatMap(list) + (value("ISBNs").map(list) ?? [])
        for raw in candidates {
            if raw.contains("E+") || raw.contains("e+") {
                row.warnings.append("ISBN '\(raw)' was turned into a number by a spreadsheet; it is not kept")
                continue
            }
            if let isbn = try? ISBN(raw) {
                row.book.isbn = isbn.typed
                break
            }
        }
        if row.book.isbn == nil, let raw = value("ISBN") ?? value("ISBNs") { row.kept["ISBN"] = raw }

        if let publication = value("Publication"), let open = publication.range(of: " (") {
            row.book.publisher = String(publication[..<open.lowerBound])
        }
        if let year = value("Date"), year.count == 4, Int(year) != nil { row.book.publishedDate = year }
        if let pages = value("Page Count").flatMap({ Int($0.trimmed) }), pages > 0 {
            row.book.pageCount = pages
        }
        row.book.format = value("Media").flatMap(GoodreadsRow.format)
        row.book.language = value("Languages").flatMap { list($0).first }
        row.book.originalLanguage = value("Original Languages").flatMap { list($0).first }
        if let work = value("Work id") {
            row.book.externalIds = (row.book.externalIds ?? [:]).merging([ExternalIDKind.libraryThing.rawValue: [work]]) { $1 }
        }
        if let asin = value("ASIN") {
            row.book.externalIds = (row.book.externalIds ?? [:]).merging([ExternalIDKind.amazonASIN.rawValue: [asin]]) { $1 }
        }

        row.setStars(value("Rating"))
        for column in ["Review", "Comment", "Private Comment"] {
            if let text = value(column) { row.notes.append(ImportedNote(content: HTMLText.plain(text))) }
        }
        row.dateAdded = value("Entry Date").flatMap(date)
        let started = value("Date Started").flatMap(date)
        let finished = value("Date Read").flatMap(date)
        row.entry.dateStarted = started?.description
        row.entry.dateFinished = finished?.description

        // Collections: status, ownership, wishlist, favourite; the reader's own become tags.
        let collections = value("Collections").map(list) ?? []
        row.sourceStatus = value("Collections")
        var status: ReadingStatus?
        var tags: [String] = []
        for collection in collections {
            let key = collection.lowercased()
            if let meaning = statusCollections[key] {
                // Reading wins over to-read when a book is in both.
                if status == nil || meaning == .reading { status = meaning }
            }
            if key == "wishlist" {
                row.entry.onWishlist = true
                row.entry.owned = false
            }
            if key == "read but unowned" { row.entry.owned = false }
            if key == "favorites" { row.entry.favorite = true }
            if statusCollections[key] == nil && !otherBuiltIns.contains(key) { tags.append(collection) }
        }
        if collections.contains(where: { $0.lowercased() == "your library" }), row.entry.owned == nil { row.entry.owned = true }
        row.entry.status = (status ?? (finished != nil ? .read : started != nil ? .reading : .wantToRead)).rawValue
        if status == .wantToRead, finished != nil { row.entry.status = ReadingStatus.read.rawValue }

        tags += value("Tags").map(list) ?? []
        var seen = Set<String>()
        tags = tags.filter { seen.insert($0.lowercased()).inserted && $0.count <= Limits.tagLength.upperBound }
        if tags.count > Limits.tagsPerEntry {
            row.warnings.append("only the first \(Limits.tagsPerEntry) tags are kept")
            tags = Array(tags.prefix(Limits.tagsPerEntry))
        }
        row.entry.tags = tags

        for (name, raw) in fields where !mapped.contains(name) && row.kept[name] == nil {
            let text = raw.trimmed
            if !text.isEmpty { row.kept[name] = text }
        }
        return .success(row)
    }

    /// "Mander, Jerry" → "Jerry Mander"; "Sappho" and "Mander, Jerry, Jr." keep sensible forms.
    static func personName(_ raw: String) -> String {
        let text = HTMLText.decodeEntities(raw).trimmed
        let parts = text.split(separator: ",", maxSplits: 1).map { $0.trimmed }
        guard parts.count == 2, !parts[1].isEmpty else { return text }
        return "\(parts[1]) \(parts[0])"
    }

    /// "[a, b]", "a, b", "[a]" → ["a", "b"].
    static func list(_ raw: String) -> [String] {
        raw.trimmingCharacters(in: CharacterSet(charactersIn: "[] "))
            .split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "[] ")) }
            .filter { !$0.isEmpty }
    }

    /// `2010-11-27` or `[2007-04-16]`.
    static func date(_ raw: String) -> LocalDate? {
        LocalDate(raw.trimmingCharacters(in: CharacterSet(charactersIn: "[] ")))
    }
}
