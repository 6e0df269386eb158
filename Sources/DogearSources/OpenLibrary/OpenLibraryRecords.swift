/// The parts of Open Library's JSON that Dogear reads. Everything is optional: records are edited
/// by volunteers and any field can be missing or odd.

/// `"a string"` or `{"type": "/type/text", "value": "a string"}`: Open Library uses both.
struct OLText: Decodable, Sendable {
    let value: String

    init(from decoder: any Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            value = text
            return
        }
        struct Typed: Decodable { let value: String }
        value = try Typed(from: decoder).value
    }
}

struct OLKey: Decodable, Sendable {
    let key: String
}

/// `/books/{OLID}.json`, where `/isbn/{isbn}.json` redirects.
struct OLEdition: Decodable, Sendable {
    let key: String?
    let title: String?
    let subtitle: String?
    let publishers: [String]?
    let publish_date: String?
    let number_of_pages: Int?
    let isbn_10: [String]?
    let isbn_13: [String]?
    let covers: [Int]?
    let authors: [OLKey]?
    let works: [OLKey]?
    let languages: [OLKey]?
    let physical_format: String?
    let edition_name: String?
    let series: [String]?
    let subjects: [String]?
    let description: OLText?
    let identifiers: [String: [String]]?
}

/// `/works/{OLID}.json`.
struct OLWork: Decodable, Sendable {
    struct AuthorRole: Decodable, Sendable {
        let author: OLKey?
    }
    let key: String?
    let title: String?
    let subtitle: String?
    let description: OLText?
    let subjects: [String]?
    let covers: [Int]?
    let first_publish_date: String?
    let authors: [AuthorRole]?
}

/// `/authors/{OLID}.json`.
struct OLAuthor: Decodable, Sendable {
    let name: String?
    let personal_name: String?
}

/// `/search.json`.
struct OLSearch: Decodable, Sendable {
    struct Doc: Decodable, Sendable {
        let key: String?
        let title: String?
        let subtitle: String?
        let author_name: [String]?
        let isbn: [String]?
        let first_publish_year: Int?
        let cover_i: Int?
        let number_of_pages_median: Int?
        let publisher: [String]?
        let subject: [String]?
        let language: [String]?
        let cover_edition_key: String?
        let ratings_average: Double?
        let ratings_count: Int?
    }
    let docs: [Doc]?
}

/// `/api/books?bibkeys=ISBN:…&format=json&jscmd=data`: one record per bibkey, names inline.
struct OLBooksAPIRecord: Decodable, Sendable {
    struct Named: Decodable, Sendable {
        let name: String?
    }
    struct Cover: Decodable, Sendable {
        let small: String?
        let medium: String?
        let large: String?
    }
    let key: String?
    let url: String?
    let title: String?
    let subtitle: String?
    let authors: [Named]?
    let publishers: [Named]?
    let publish_date: String?
    let number_of_pages: Int?
    let subjects: [Named]?
    let cover: Cover?
    let identifiers: [String: [String]]?
}
