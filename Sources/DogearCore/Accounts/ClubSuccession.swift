import Foundation

/// Who takes a club over when its owner's account is deleted: the admin who joined first, else the
/// member who joined first (two who joined at the same instant: the smaller id, so the answer never
/// depends on the order rows came back in). Nobody when the owner was alone: the club goes with them.
public enum ClubSuccession {
    public struct Member: Equatable, Sendable {
        public var id: UUID
        public var role: ClubAccess.Actor
        public var joined: Date

        public init(id: UUID, role: ClubAccess.Actor, joined: Date) {
            self.id = id
            self.role = role
            self.joined = joined
        }
    }

    /// `members` may include the leaving owner; they are never their own heir.
    public static func heir(of leaving: UUID, among members: [Member]) -> UUID? {
        let others = members.filter { $0.id != leaving && $0.role.isMember }
        func earliest(_ group: [Member]) -> UUID? {
            group.min { ($0.joined, $0.id.uuidString) < ($1.joined, $1.id.uuidString) }?.id
        }
        return earliest(others.filter { $0.role == .admin || $0.role == .owner }) ?? earliest(others)
    }
}
