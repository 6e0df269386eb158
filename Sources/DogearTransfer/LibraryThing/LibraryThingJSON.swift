import Foundation

/// LibraryThing's JSON export: an object keyed by book id, each book an object whose keys are the
/// CSV's columns under other names. Each book is turned into the CSV's columns so one mapping
/// (`LibraryThingRow`) serves both; keys with no CSV column are kept under their own name as JSON.
///
/// The file is read a book at a time (`JSONMemberReader`), in the file's order (LibraryThing writes
/// books by id, the order they were added).
enum LibraryThingJSON {
    /// JSON key → CSV column, for values that are text or a list of text.
    static let columns: [String: String] = [
        "books_id": "Book ID", "title": "Title", "sortcharacter": "Sort Character", "primaryauthor": "Primary Author",
        "primaryauthorrole": "Primary Author Role", "secondaryauthor": "Secondary Author",
        "secondaryauthorroles": "Secondary Author Roles", "publication": "Publication", "date": "Date", "review": "Review",
        "rating": "Rating", "comment": "Comment", "privatecomment": "Private Comment", "summary": "Summary",
        "physical_description": "Physical Description", "weight": "Weight", "height": "Height", "thickness": "Thickness",
        "length": "Length", "dimensions": "Dimensions", "pages": "Page Count", "lccn": "LCCN", "dateacquired": "Acquired",
        "datestarted": "Date Started", "dateread": "Date Read", "barcode": "Barcode", "bcid": "BCID", "tags": "Tags",
        "collections": "Collections", "language": "Languages", "originallanguage": "Original Languages",
        "originalisbn": "ISBN", "copies": "Copies", "source": "Source", "entrydate": "Entry Date",
        "fromwhere": "From Where", "oclc": "OCLC", "workcode": "Work id", "asin": "ASIN",
    ]
    /// Ids that only repeat a value given by name next to them (tag ids beside tags, …).
    static let redundant: Set<String> = ["tagidA", "collections_idA", "language_codeA", "originallanguage_codeA", "genre_id"]

    /// One book of the file (a member of its object or list), parsed.
    static func book(_ data: Data) throws -> [String: Any] {
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
        } catch {
            throw ImportFileError.unreadable("the book's JSON is not well formed (\(error.localizedDescription))")
        }
        guard let book = parsed as? [String: Any] else {
            throw ImportFileError.unreadable(
                "a book should be a JSON object, not \(String(decoding: data.prefix(40), as: UTF8.self))")
        }
        return book
    }

    /// The file's first book, which says whether the file is LibraryThing's at all.
    static func firstBook(_ data: Data) throws -> [String: Any] {
        let book: [String: Any]
        do {
            book = try Self.book(data)
        } catch {
            throw ImportFileError.unrecognisedFormat(seen: ["a JSON \(String(decoding: data.prefix(40), as: UTF8.self))"])
        }
        guard book["books_id"] != nil || book["primaryauthor"] != nil else {
            throw ImportFileError.unrecognisedFormat(seen: book.keys.sorted())
        }
        return book
    }

    static func columns(of book: [String: Any]) -> [String: String] {
        var fields: [String: String] = [:]
        for (key, value) in book where !redundant.contains(key) {
            switch key {
            case "isbn":
                fields["ISBNs"] = strings(value).joined(separator: ", ")
            case "format":
                fields["Media"] = (value as? [[String: Any]])?.compactMap { $0["text"] as? String }.joined(separator: ", ")
            case "ddc":
                fields["Dewey Decimal"] = strings((value as? [String: Any])?["code"] ?? "").joined(separator: ", ")
                fields["Dewey Wording"] = strings((value as? [String: Any])?["wording"] ?? "").joined(separator: " > ")
            case "lcc":
                fields["LC Classification"] = strings((value as? [String: Any])?["code"] ?? "").joined(separator: ", ")
            case "subject":
                let subjects: [Any] =
                    (value as? [Any])
                    ?? (value as? [String: Any])?.sorted { (Int($0.key) ?? 0) < (Int($1.key) ?? 0) }.map(\.value) ?? []
                fields["Subjects"] = subjects.map { strings($0).joined(separator: " -- ") }.joined(separator: "|")
            case "authors":
                // Names and roles are also in primary/secondary author; kept whole for the roles.
                if let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]) {
                    fields["authors"] = String(decoding: data, as: UTF8.self)
                }
            default:
                if let column = columns[key] {
                    fields[column] = strings(value).joined(separator: ", ")
                } else if let text = value as? String {
                    fields[key] = text
                } else if let data = try? JSONSerialization.data(
                    withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
                {
                    fields[key] = String(decoding: data, as: UTF8.self)
                }
            }
        }
        return fields
    }

    /// A string, a number, a list or an index-keyed object of them, as text.
    static func strings(_ value: Any) -> [String] {
        switch value {
        case let text as String: return [text]
        case let number as NSNumber: return [number.stringValue]
        case let list as [Any]: return list.flatMap(strings)
        case let object as [String: Any]:
            return object.sorted { (Int($0.key) ?? 0) < (Int($1.key) ?? 0) }.flatMap { strings($0.value) }
        default: return []
        }
    }
}
