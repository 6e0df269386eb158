/// Who may do what to a shelf scan and its proposals: a scan is its reader's
/// alone. Anyone else — another reader, or nobody signed in — is told it does not exist.
public enum ScanAccess {
    public enum Actor: String, Sendable, CaseIterable {
        case owner, otherReader, anonymous
    }

    public enum Action: String, Sendable, CaseIterable {
        case view, viewPhoto, confirm, correct, reject, delete
    }

    public enum Decision: Equatable, Sendable {
        case allow, notFound
    }

    public static func decide(_ action: Action, by actor: Actor) -> Decision {
        actor == .owner ? .allow : .notFound
    }
}
