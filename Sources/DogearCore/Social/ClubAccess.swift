/// Who may do what in a book club. One pure rule the club service will ask before every read and
/// write, so no route decides for itself:
///
/// - Members (owner, admins, members) read everything of their club; a public club's summary (name,
///   description, cover, member count, current book) is readable by anyone signed in; a private club
///   is "not found" to anyone else, exactly like a club that does not exist.
/// - Owner and admins run the club: settings, the join code, the current book, the schedule, picking
///   the next book, removing members (never the owner), deleting any comment.
/// - Only the owner deletes the club and hands ownership on.
/// - Any member comments, proposes, votes and leaves (an owner hands ownership on first, unless last).
public enum ClubAccess {
    public enum Actor: String, Sendable, CaseIterable {
        case owner, admin, member
        /// Signed in, not a member.
        case otherReader
        case anonymous

        public var isMember: Bool { self == .owner || self == .admin || self == .member }
        public var runsTheClub: Bool { self == .owner || self == .admin }
    }

    public enum Action: String, Sendable, CaseIterable {
        /// Name, description, cover, member count, current book.
        case readSummary
        /// Members, their progress, activity, comments, proposals, schedule.
        case readInside
        case join
        case comment, propose, vote, leave
        case editSettings, replaceCode, setCurrentBook, setSchedule, pickNextBook, removeMember, changeRole, deleteAnyComment
        case deleteClub, transferOwnership
    }

    public enum Decision: Equatable, Sendable {
        case allow
        case notFound
        case forbidden
        case refused(Refusal)
    }

    public enum Refusal: String, Sendable, Equatable {
        case alreadyMember, ownerMustHandOver

        public var message: String {
            switch self {
            case .alreadyMember: return "already a member"
            case .ownerMustHandOver: return "hand the club to another member before leaving it"
            }
        }
    }

    /// `isLastMember`: the actor is the only member left (an owner may then leave, which deletes the club).
    public static func decide(
        _ action: Action, by actor: Actor, isPublic: Bool, isLastMember: Bool = false
    ) -> Decision {
        if actor == .anonymous { return .notFound }
        if !actor.isMember {
            // Joining is by code, which works for private clubs too: the code is the invitation.
            if action == .join { return .allow }
            guard isPublic else { return .notFound }
            return action == .readSummary ? .allow : .forbidden
        }
        switch action {
        case .readSummary, .readInside, .comment, .propose, .vote:
            return .allow
        case .join:
            return .refused(.alreadyMember)
        case .leave:
            return actor == .owner && !isLastMember ? .refused(.ownerMustHandOver) : .allow
        case .editSettings, .replaceCode, .setCurrentBook, .setSchedule, .pickNextBook, .removeMember, .changeRole,
            .deleteAnyComment:
            return actor.runsTheClub ? .allow : .forbidden
        case .deleteClub, .transferOwnership:
            return actor == .owner ? .allow : .forbidden
        }
    }

    /// Whether `actor` may remove a member holding `role` (owners are never removed; admins do not
    /// remove each other, only the owner does).
    public static func mayRemove(_ role: Actor, by actor: Actor) -> Bool {
        guard role.isMember, role != .owner else { return false }
        switch actor {
        case .owner: return true
        case .admin: return role == .member
        default: return false
        }
    }
}
