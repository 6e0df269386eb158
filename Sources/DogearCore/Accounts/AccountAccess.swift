/// Who may see and end a session (and, later, an app token): only the reader it belongs to. To
/// anyone else it does not exist (404), never "forbidden", so ids cannot be probed.
public enum AccountAccess {
    public enum Decision: Equatable, Sendable { case allow, notFound }

    public static func decide(isOwner: Bool, signedIn: Bool) -> Decision {
        signedIn && isOwner ? .allow : .notFound
    }
}
