/// Who reaches a reader's device logins and the documents their devices report, and with which
/// credential. A device login (KOReader's username and key) only syncs progress under `/kosync`:
/// it never reads or changes anything else, so a key read off an e-reader opens nothing more. An
/// app's token may read the documents (`read`) and link them (`write`) but never makes or revokes
/// a device login (that mints a credential, as making a token does). Another reader's login or
/// document does not exist (404).
public enum DeviceAccess {
    public enum Caller: Equatable, Sendable {
        /// A web or app session (a sign-in).
        case session
        case appToken(Set<TokenScope>)
        /// A KOReader device login.
        case deviceLogin
    }

    public enum Action: Equatable, Sendable, CaseIterable {
        /// Make, list or revoke device logins.
        case manageLogins
        /// List the documents and read one.
        case readDocuments
        /// Link a document to a book or unlink it.
        case linkDocuments
        /// Push and pull progress (`/kosync`).
        case syncProgress
    }

    public enum Decision: Equatable, Sendable {
        case allow
        case notFound
        case insufficientScope
        /// The credential does not open this door at all (401).
        case unauthorized
    }

    public static func decide(caller: Caller, action: Action, isOwner: Bool) -> Decision {
        switch (caller, action) {
        case (.deviceLogin, .syncProgress): break
        case (.deviceLogin, _), (_, .syncProgress): return .unauthorized
        case (.session, _): break
        case (.appToken, .manageLogins): return .insufficientScope
        case (.appToken(let scopes), .readDocuments):
            if !scopes.contains(.read) { return .insufficientScope }
        case (.appToken(let scopes), .linkDocuments):
            if !scopes.contains(.write) { return .insufficientScope }
        }
        return isOwner ? .allow : .notFound
    }
}
