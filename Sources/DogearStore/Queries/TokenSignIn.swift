import FluentKit
import FluentSQL
import Foundation
import SQLKit

/// A session's or app's token and its user, found by the token's hash in one plain statement:
/// every signed-in request pays for this read, and Fluent's join of the two models spent more on
/// writing the statement (every column of both aliased and quoted, each quote escaped) than the
/// database spent answering it. The token's columns are named from the model's own keys, so a
/// column added to `UserToken` comes with it.
package enum TokenSignIn {
    /// The token (its user loaded), or nil when no token has this hash.
    package static func find(hash: String, on db: any Database) async throws -> UserToken? {
        guard
            let row = try await db.sql.raw(
                """
                SELECT u.*, \(unsafeRaw: tokenColumns) FROM user_tokens t JOIN users u ON u.id = t.user_id
                WHERE t.token_hash = \(bind: hash)
                """
            ).first()
        else { return nil }
        let token = UserToken()
        try token.output(from: RowOutput(row: row).prefixed(by: prefix))
        let user = User()
        try user.output(from: RowOutput(row: row))
        token.$user.value = user
        return token
    }

    private static let prefix = FieldKey("token_")

    /// `t."id" AS "token_id", …`, from the model's keys (never a reader's words).
    static let tokenColumns = UserToken.keys.map { key in
        "t.\"\(key.description)\" AS \"\(prefix.description)\(key.description)\""
    }.joined(separator: ", ")

    /// A row as Fluent's models read one (FluentSQL's own is not public).
    private struct RowOutput: DatabaseOutput {
        let row: any SQLRow

        var description: String { "\(row)" }
        func schema(_ schema: String) -> any DatabaseOutput { self }
        func contains(_ key: FieldKey) -> Bool { row.contains(column: key.description) }
        func decodeNil(_ key: FieldKey) throws -> Bool { try row.decodeNil(column: key.description) }
        func decode<T: Decodable>(_ key: FieldKey, as type: T.Type) throws -> T {
            try row.decode(column: key.description, as: T.self)
        }
    }
}
