import Foundation
import Vapor

/// Path and query values as both faces read them: the API controllers and the page handlers call
/// these, never each other.
extension Request {
    /// A UUID path parameter; a malformed one is a 400 naming the parameter.
    func uuidParameter(_ name: String) throws -> UUID {
        guard let raw = parameters.get(name) else { throw DomainError.badRequest("missing \(name)", field: name) }
        guard let id = UUID(uuidString: raw) else {
            throw DomainError.badRequest("'\(raw)' is not a valid id (a UUID)", field: name)
        }
        return id
    }

    /// A club's id from the path. A malformed id is a club that does not exist, like any other
    /// unknown id (a 404, so a guess learns nothing).
    func clubIDParameter() throws -> UUID {
        guard let raw = parameters.get("id"), let id = UUID(uuidString: raw) else { throw ClubMembershipService.clubNotFound }
        return id
    }

    /// An optional UUID in the query; a malformed one is a 400 naming it.
    func optionalUUIDQuery(_ name: String) throws -> UUID? {
        guard let raw = try query.get(String?.self, at: name) else { return nil }
        guard let id = UUID(uuidString: raw) else {
            throw DomainError.badRequest("'\(raw)' is not a valid id (a UUID)", field: name)
        }
        return id
    }

    /// A list's id from the path, as typed (the list service decides whether it names a list).
    func listIDParameter() throws -> String {
        guard let id = parameters.get("id") else { throw DomainError.badRequest("missing id", field: "id") }
        return id
    }

    /// A share or join code from the path.
    func codeParameter() throws -> String {
        guard let code = parameters.get("code") else { throw DomainError.badRequest("missing code", field: "code") }
        return code
    }
}
