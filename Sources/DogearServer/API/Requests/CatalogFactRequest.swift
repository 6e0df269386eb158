import DogearCore
import DogearServices
import DogearStore
import Foundation

/// The body of `PATCH /api/v1/authors/{id}` and `PATCH /api/v1/works/{id}`: any of the record's
/// cultural facts, each a value (set), null (clear) or left out (keep). A key that is not such a
/// fact is refused by name, so a typo never passes for "nothing to change".
package struct CatalogFactRequest: Decodable, Sendable {
    package var changes: CatalogEditService.Changes = [:]

    package struct Key: CodingKey {
        package var stringValue: String
        package var intValue: Int? { nil }
        package init(stringValue: String) { self.stringValue = stringValue }
        package init?(intValue: Int) { nil }
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        for key in container.allKeys {
            guard let fact = CatalogFact(rawValue: key.stringValue) else {
                let known = CatalogFact.allCases.map(\.rawValue).joined(separator: ", ")
                throw ValidationError(field: key.stringValue, "is not a field readers can change here (\(known))")
            }
            if try container.decodeNil(forKey: key) {
                changes[fact] = .some(nil)
                continue
            }
            switch fact.kind {
            case .number:
                guard let number = try? container.decode(Int.self, forKey: key) else {
                    throw ValidationError(field: fact.rawValue, "must be a whole number")
                }
                changes[fact] = .number(number)
            case .list:
                guard let items = try? container.decode([String].self, forKey: key) else {
                    throw ValidationError(field: fact.rawValue, "must be a list of words")
                }
                changes[fact] = .list(items)
            case .text, .choice:
                guard let text = try? container.decode(String.self, forKey: key) else {
                    throw ValidationError(field: fact.rawValue, "must be text")
                }
                changes[fact] = .text(text)
            }
        }
    }
}
