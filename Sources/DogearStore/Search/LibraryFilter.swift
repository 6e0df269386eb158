import DogearCore
import Foundation

/// What `GET /api/v1/library` can ask for: a query, filters combined with AND (several
/// values of one filter mean any of them), a sort, a page.
package struct LibraryFilter: Sendable {
    package enum Sort: String, CaseIterable, Sendable {
        case added, finished, title, rating, author
    }

    package var terms = SearchTerms(words: [])
    package var statuses: [ReadingStatus] = []
    package var tagKeys: [String] = []
    package var ratings: [Int] = []
    package var addedFrom: LocalDate?
    package var addedTo: LocalDate?
    package var startedFrom: LocalDate?
    package var startedTo: LocalDate?
    package var finishedFrom: LocalDate?
    package var finishedTo: LocalDate?
    package var owned: Bool?
    package var wishlist: Bool?
    package var favorite: Bool?
    package var formats: [EditionFormat] = []
    package var sort: Sort = .added
    package var limit = Limits.defaultPageSize
    package var cursor: UUID?

    /// Reads the URL query. Repeated keys and comma-separated values both give several values.
    package init(query: String?) throws {
        let params = Self.parse(query)
        func values(_ key: String) -> [String] {
            (params[key] ?? []).flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
        }
        func single(_ key: String) -> String? { values(key).last }
        func date(_ key: String) throws -> LocalDate? { try EntryDraft.date(single(key), field: key) }
        func flag(_ key: String) throws -> Bool? {
            guard let raw = single(key)?.lowercased() else { return nil }
            switch raw {
            case "true", "1", "yes": return true
            case "false", "0", "no": return false
            default: throw ValidationError(field: key, "use true or false (got '\(raw)')")
            }
        }
        if let q = params["q"]?.last { terms = SearchTerms(q) }
        statuses = try values("status").map { try ReadingStatus.parse($0, field: "status").status }
        tagKeys = try values("tag").map { try TagName($0, field: "tag").key }
        ratings = try values("rating").map { raw in
            guard let value = Int(raw), Limits.rating.contains(value) else {
                throw ValidationError(field: "rating", "ratings are whole stars from 1 to 5 (got '\(raw)')")
            }
            return value
        }
        addedFrom = try date("addedFrom")
        addedTo = try date("addedTo")
        startedFrom = try date("startedFrom")
        startedTo = try date("startedTo")
        finishedFrom = try date("finishedFrom")
        finishedTo = try date("finishedTo")
        owned = try flag("owned")
        wishlist = try flag("wishlist")
        favorite = try flag("favorite")
        formats = try values("format").map { try EditionFormat.parse($0, field: "format") }
        if let raw = single("sort") {
            guard let sort = Sort(rawValue: raw) else {
                throw ValidationError(
                    field: "sort", "'\(raw)' is not a sort; use one of \(Sort.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            self.sort = sort
        }
        // Sent empty, `limit` is refused like any other value that is not a number (the document
        // says integer; a client that means "the default" leaves it out).
        if let raw = params["limit"]?.last.map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard let limit = Int(raw), Limits.pageSize.contains(limit) else {
                throw DomainError.badRequest("must be a whole number from 1 to \(Limits.pageSize.upperBound)", field: "limit")
            }
            self.limit = limit
        }
        if let raw = single("cursor") {
            guard let id = Self.decodeCursor(raw) else {
                throw DomainError.badRequest("this cursor is not valid; start again without one", field: "cursor")
            }
            cursor = id
        }
    }

    package static func parse(_ query: String?) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for pair in (query ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ text: Substring) -> String {
                String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text)
            }
            guard let key = parts.first.map(decode) else { continue }
            result[key.replacingOccurrences(of: "[]", with: ""), default: []].append(parts.count > 1 ? decode(parts[1]) : "")
        }
        return result
    }

    package static func encodeCursor(_ id: UUID) -> String {
        Data(id.uuidString.utf8).base64EncodedString()
    }

    package static func decodeCursor(_ cursor: String) -> UUID? {
        guard let data = Data(base64Encoded: cursor), let text = String(data: data, encoding: .utf8) else { return nil }
        return UUID(uuidString: text)
    }
}
