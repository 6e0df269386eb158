/// What an app's token may do: `read` reads (GET), `write` changes too. A session (web or app
/// sign-in) may do everything; an app token never manages the account itself (its password, email,
/// sessions or tokens), so a leaked token cannot lock its owner out or mint more tokens.
public enum TokenScope: String, Sendable, CaseIterable {
    case read, write

    public enum Decision: Equatable, Sendable { case allow, insufficientScope }

    /// - Parameters:
    ///   - scopes: the token's scopes, or nil for a session.
    ///   - isRead: the request only reads (GET or HEAD).
    ///   - managesAccount: the route changes the account's password, email, sessions or tokens.
    public static func decide(scopes: Set<TokenScope>?, isRead: Bool, managesAccount: Bool) -> Decision {
        guard let scopes else { return .allow }
        if managesAccount { return .insufficientScope }
        if isRead { return scopes.isEmpty ? .insufficientScope : .allow }
        return scopes.contains(.write) ? .allow : .insufficientScope
    }

    /// "read write" → [.read, .write]; an unknown word is named in the error.
    public static func parse(_ words: [String]?) throws -> Set<TokenScope> {
        let given = words ?? []
        guard !given.isEmpty else { throw ValidationError(field: "scopes", "choose read, or read and write") }
        var scopes = Set<TokenScope>()
        for word in given {
            guard let scope = TokenScope(rawValue: word.lowercased()) else {
                throw ValidationError(field: "scopes", "'\(word)' is not a scope; use read or write")
            }
            scopes.insert(scope)
        }
        // Writing includes reading.
        if scopes.contains(.write) { scopes.insert(.read) }
        return scopes
    }
}
