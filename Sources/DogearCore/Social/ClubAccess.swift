/// Who may do what in a book club. One pure rule the club service will ask before every read and
/// write, so no route decides for itself:
///
/// - Members (owner, admins, members) read everything of their club; a public club's summary (name,
///   description, cover, member count, current book) is readable by anyone signed in; a private club
///   is "not found" to anyone else, exactly like a club that does not exist.
/// - Owner and admins run the club: settings, the join code, the current book, the schedule, picking
///   the next book, removing members (never the owner), deleting any comment.
/// - Only the owner deletes the club and hands ownership on, and only the owner demotes or removes
///   an admin (admins make members admins and remove members).
/// - A removed member cannot join again by code until an owner or admin lets them back in.
/// - A club that approves joins takes a code as a request to join, which an owner or admin approves
///   or declines.
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
        /// See who was removed, and let them back in.
        case manageRemovals
        /// See who asked to join, and approve or decline them.
        case reviewJoinRequests
        case deleteClub, transferOwnership
    }

    public enum Decision: Equatable, Sendable {
        case allow
        case notFound
        case forbidden
        case refused(Refusal)
    }

    public enum Refusal: String, Sendable, Equatable {
        case alreadyMember, ownerMustHandOver, removedFromClub

        public var message: String {
            switch self {
            case .alreadyMember: return "already a member"
            case .ownerMustHandOver: return "hand the club to another member before leaving it"
            case .removedFromClub: return "you were removed from this club; ask its owner or an admin to let you back in"
            }
        }
    }

    /// `isLastMember`: the actor is the only member left (an owner may then leave, which deletes the club).
    /// `wasRemoved`: an owner or admin removed the actor and has not let them back in.
    public static func decide(
        _ action: Action, by actor: Actor, isPublic: Bool, isLastMember: Bool = false, wasRemoved: Bool = false
    ) -> Decision {
        if actor == .anonymous { return .notFound }
        if !actor.isMember {
            // Joining is by code, which works for private clubs too: the code is the invitation,
            // but not for a reader removed from the club.
            if action == .join { return wasRemoved ? .refused(.removedFromClub) : .allow }
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
            .deleteAnyComment, .manageRemovals, .reviewJoinRequests:
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

    /// Whether `actor` may give a member holding `role` the role `newRole` (the owner's role changes
    /// only by handing over). The owner changes anyone else's role; an admin only makes a member an
    /// admin: demoting an admin is the owner's alone, or two admins could demote and remove each other.
    public static func mayChangeRole(of role: Actor, to newRole: Actor, by actor: Actor) -> Bool {
        guard role.isMember, role != .owner, newRole == .admin || newRole == .member else { return false }
        switch actor {
        case .owner: return true
        case .admin: return role == .member
        default: return false
        }
    }
}
