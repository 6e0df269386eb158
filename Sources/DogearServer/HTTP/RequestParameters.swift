import DogearCore
import DogearServices
import DogearStore
import Foundation
import Vapor

/// Path and query values as both faces read them: the API controllers and the page handlers call
/// these, never each other.
extension Request {
    /// A UUID path parameter; a malformed one is a 400 naming the parameter.
    package func uuidParameter(_ name: String) throws -> UUID {
        guard let raw = parameters.get(name) else { throw DomainError.badRequest("missing \(name)", field: name) }
        return try Self.uuid(raw, field: name)
    }

    /// A club's id from the path. A malformed id is a club that does not exist, like any other
    /// unknown id (a 404, so a guess learns nothing).
    package func clubIDParameter() throws -> UUID {
        guard let raw = parameters.get("id"), let id = UUID(uuidString: raw) else { throw ClubMembershipService.clubNotFound }
        return id
    }

    /// An optional UUID in the query; a malformed one is a 400 naming it.
    package func optionalUUIDQuery(_ name: String) throws -> UUID? {
        guard let raw = try query.get(String?.self, at: name) else { return nil }
        return try Self.uuid(raw, field: name)
    }

    /// `?year=` as a year such as 2026, nil when left out or empty. Anything else is a 400 naming
    /// it: decoding it as an optional Int would turn `?year=abc` into "no year" without a word.
    package func optionalYearQuery() throws -> Int? {
        // Left out, every year; sent empty, refused like any other value that is not a year.
        guard let text = query[String.self, at: "year"] else { return nil }
        guard let year = Int(text), GoalDraft.years.contains(year) else {
            throw DomainError.badRequest("year must be a year such as 2026; got '\(text)'", field: "year")
        }
        return year
    }

    private static func uuid(_ raw: String, field: String) throws -> UUID {
        guard let id = UUID(uuidString: raw) else {
            throw DomainError.badRequest("'\(raw)' is not a valid id (a UUID)", field: field)
        }
        return id
    }

    /// A list's id from the path, as typed (the list service decides whether it names a list).
    package func listIDParameter() throws -> String {
        guard let id = parameters.get("id") else { throw DomainError.badRequest("missing id", field: "id") }
        return id
    }

    /// A share or join code from the path.
    package func codeParameter() throws -> String {
        guard let code = parameters.get("code") else { throw DomainError.badRequest("missing code", field: "code") }
        return code
    }
}
