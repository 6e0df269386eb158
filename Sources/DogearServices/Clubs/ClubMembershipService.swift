import DogearCore
import DogearStore
import FluentKit
import Foundation

/// Making clubs and being in them: create (premium when tiers are on), join by code, leave, hand
/// ownership on, remove members, change roles, replace the join code. Who may do what is Core's
/// `ClubAccess`; this service finds the actor's role, asks, and turns the answer into `DomainError`s.
package struct ClubMembershipService {
    package let db: any Database
    package let user: User
    package let tiersEnabled: Bool
    /// Wakes the club's live feed after a join or a leave.
    package var events: (any ClubAnnouncing)? = nil
    /// When a removal happened (the injected clock).
    package var now: @Sendable () -> Date = { Date() }
    /// Join codes that open nothing are counted and limited (`CodeGuessThrottle`); nil in tools.
    package var codeGuesses: CodeGuesses? = nil

    package static let clubNotFound = DomainError.notFound(.clubNotFound, "no such club")

    package func create(_ draft: ClubDraft) async throws -> Club {
        guard Tiers.allows(.createClubs, tier: user.tier, tiersEnabled: tiersEnabled) else {
            throw DomainError(
                .premiumRequired, code: .premiumRequired, "starting a club comes with a premium account; joining one does not")
        }
        let fields = try draft.validatedForCreate()
        let userID = try user.requireID()
        try await requireRoomForAnotherClub(userID)
        return try await db.writeTransaction { db in
            let id = UUID.timeOrdered()
            let code = try await ShareCodeRegistry(db: db).register(.club, id: id)
            let club = Club(ownerID: userID, name: fields.name, joinCode: code.value)
            club.id = id
            club.summary = fields.description
            club.coverURL = fields.coverUrl
            club.isPublic = fields.isPublic
            club.approvesJoins = fields.approvesJoins
            club.memberCount = 1
            try await club.create(on: db)
            try await ClubMember(clubID: id, userID: userID, role: .owner).create(on: db)
            return club
        }
    }

    /// What a join code did: the reader is in, or (a club that approves joins) asked to be.
    package enum JoinOutcome {
        case joined(Club)
        case requested(Club)
    }

    /// Joins the club a code opens (any case, spaces ignored; a private club's code is its
    /// invitation); a club that approves joins takes it as a request an owner or admin answers.
    package func joinOrAsk(code typed: String) async throws -> JoinOutcome {
        let club = try await club(byCode: typed)
        let clubID = try club.requireID()
        let actor = try await actor(in: club)
        let userID = try user.requireID()
        let removed = actor.isMember ? false : try await ClubRemovals(db: db).wasRemoved(userID, from: clubID)
        try Self.require(ClubAccess.decide(.join, by: actor, isPublic: club.isPublic, wasRemoved: removed))
        if club.approvesJoins {
            try await requireRoomForAnotherClub(userID)
            try await ClubJoinRequests(db: db).ask(userID, toJoin: clubID, at: now())
            return .requested(club)
        }
        try await add(userID, to: club)
        return .joined(club)
    }

    /// Joins by code where no approval is needed (tools and tests); a club that approves joins answers
    /// 409 `joinRequested`, its request recorded.
    package func join(code typed: String) async throws -> Club {
        switch try await joinOrAsk(code: typed) {
        case .joined(let club): return club
        case .requested:
            throw DomainError(.conflict, code: .joinRequested, "this club approves each join; your request waits")
        }
    }

    /// The reader whose request an owner or admin approves becomes a member.
    package func approveJoin(of userID: UUID, to clubID: UUID) async throws {
        let (club, _) = try await open(clubID, for: .reviewJoinRequests)
        let requests = ClubJoinRequests(db: db)
        guard try await requests.isWaiting(userID, toJoin: clubID) else { throw Self.joinRequestNotFound }
        try await add(userID, to: club) { db in try await ClubJoinRequests(db: db).withdraw(userID, from: clubID) }
    }

    /// Declines a request to join: it is gone; the reader may ask again with the code.
    package func declineJoin(of userID: UUID, to clubID: UUID) async throws {
        _ = try await open(clubID, for: .reviewJoinRequests)
        guard try await ClubJoinRequests(db: db).isWaiting(userID, toJoin: clubID) else { throw Self.joinRequestNotFound }
        try await db.writeTransaction { db in try await ClubJoinRequests(db: db).withdraw(userID, from: clubID) }
    }

    /// Who asked to join, oldest first (owner and admins).
    package func joinRequests(of clubID: UUID) async throws -> [ClubJoinRequests.Request] {
        _ = try await open(clubID, for: .reviewJoinRequests)
        return try await ClubJoinRequests(db: db).list(clubID)
    }

    package static let joinRequestNotFound = DomainError.notFound(.joinRequestNotFound, "no such request to join this club")

    /// Makes `userID` a member, with `also` in the same transaction (an approved request withdrawn).
    private func add(
        _ userID: UUID, to club: Club, also: (@Sendable (any Database) async throws -> Void)? = nil
    ) async throws {
        let clubID = try club.requireID()
        guard club.memberCount < Limits.membersPerClub else {
            throw DomainError(.unprocessable, code: .clubFull, "a club has at most \(Limits.membersPerClub) members")
        }
        try await requireRoomForAnotherClub(userID)
        do {
            try await write { db, changes in
                try await ClubMember(clubID: clubID, userID: userID, role: .member).create(on: db)
                try await Self.recount(club, on: db)
                changes.clubActivity(ClubActivity(clubID: clubID, actorID: userID, kind: .joined))
                // Those who run the club hear who joined.
                let runners = try await NotificationLog.members(of: clubID, on: db).filter { $0.role != "member" }.map(\.id)
                try await NotificationLog.add(
                    NotificationRules.clubRecipients(actor: userID, members: runners).map {
                        // Once a day per reader and club: a join-and-leave loop tells them once.
                        NewNotification(
                            userID: $0, kind: .memberJoined, clubID: clubID, actorID: userID, subjectID: userID,
                            onceKey: "joined:\(clubID):\(userID):\(LocalDate(changes.now, in: .gmt))")
                    }, at: changes.now, on: db)
                try await also?(db)
            }
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw Self.alreadyMember  // joined by another request a moment ago
        }
    }

    /// The club a code opens (any case), whether the reader is in it already, and whether they asked
    /// to join and wait: what an invitation link shows before joining. The code is the invitation, so
    /// a private club shows its name too.
    package func invitation(code typed: String) async throws -> (club: Club, isMember: Bool, asked: Bool) {
        let club = try await club(byCode: typed)
        let isMember = try await actor(in: club).isMember
        let asked =
            !isMember && club.approvesJoins
            ? try await ClubJoinRequests(db: db).isWaiting(try user.requireID(), toJoin: try club.requireID()) : false
        return (club, isMember, asked)
    }

    /// The club a typed code opens; a code that opens nothing is counted against the reader and
    /// their address (`codeGuesses`).
    private func club(byCode typed: String) async throws -> Club {
        let find = {
            guard let code = ShareCode(typed: typed),
                let club = try await Club.query(on: db).filter(\.$joinCode == code.value).first()
            else { throw Self.clubNotFound }
            return club
        }
        guard let codeGuesses else { return try await find() }
        return try await codeGuesses.lookUp(find)
    }

    /// Leaves a club; the last member leaving deletes it (an owner hands it on first otherwise).
    package func leave(_ clubID: UUID) async throws {
        let club = try await find(clubID)
        let members = try await ClubMember.query(on: db).filter(\.$club.$id == clubID).count()
        let actor = try await actor(in: club)
        try Self.require(ClubAccess.decide(.leave, by: actor, isPublic: club.isPublic, isLastMember: members == 1))
        let userID = try user.requireID()
        try await write { db, changes in
            if members == 1 {
                try await ShareCodeRegistry(db: db).release(club.joinCode)
                try await club.delete(on: db)
                changes.clubChanged(clubID)  // its open streams find it gone and end
                return
            }
            try await ClubMember.query(on: db).filter(\.$club.$id == clubID).filter(\.$user.$id == userID).delete()
            try await Self.recount(club, on: db)
            changes.clubActivity(ClubActivity(clubID: clubID, actorID: userID, kind: .left))
        }
    }

    /// Hands the club to another member: they become owner, the old owner an admin.
    package func transferOwnership(of clubID: UUID, to newOwnerID: UUID) async throws {
        let club = try await find(clubID)
        try Self.require(ClubAccess.decide(.transferOwnership, by: try await actor(in: club), isPublic: club.isPublic))
        try await db.writeTransaction { db in
            guard let heir = try await Self.membership(newOwnerID, in: clubID, on: db), heir.role != .owner else {
                throw DomainError.notFound(.memberNotFound, "no such member of this club")
            }
            guard let current = try await Self.membership(try user.requireID(), in: clubID, on: db) else {
                throw Self.clubNotFound
            }
            current.role = .admin
            try await current.save(on: db)
            heir.role = .owner
            try await heir.save(on: db)
            club.$owner.id = newOwnerID
            try await club.save(on: db)
        }
    }

    package func removeMember(_ memberID: UUID, from clubID: UUID) async throws {
        let club = try await find(clubID)
        let actor = try await actor(in: club)
        try Self.require(ClubAccess.decide(.removeMember, by: actor, isPublic: club.isPublic))
        guard let member = try await Self.membership(memberID, in: clubID, on: db) else {
            throw DomainError.notFound(.memberNotFound, "no such member of this club")
        }
        guard ClubAccess.mayRemove(Self.actor(member.role), by: actor) else {
            throw DomainError(.forbidden, code: .forbidden, "you cannot remove this member")
        }
        let (removedBy, at) = (try user.requireID(), now())
        try await write { db, changes in
            try await member.delete(on: db)
            // The code every member was shown no longer lets them back in (ClubRemovals).
            try await ClubRemovals(db: db).record(memberID, from: clubID, by: removedBy, at: at)
            try await Self.recount(club, on: db)
            // Wakes the club's streams: the removed member's ends (it no longer reads the club).
            changes.clubChanged(clubID)
        }
    }

    /// Makes a member an admin or an admin a member (the owner's role changes only by handing over).
    package func changeRole(of memberID: UUID, in clubID: UUID, to role: ClubMember.Role) async throws {
        let club = try await find(clubID)
        let actor = try await actor(in: club)
        try Self.require(ClubAccess.decide(.changeRole, by: actor, isPublic: club.isPublic))
        guard role != .owner else {
            throw ValidationError(field: "role", "hand the club over to make someone its owner")
        }
        guard let member = try await Self.membership(memberID, in: clubID, on: db), member.role != .owner else {
            throw DomainError.notFound(.memberNotFound, "no such member of this club")
        }
        guard ClubAccess.mayChangeRole(of: Self.actor(member.role), to: Self.actor(role), by: actor) else {
            throw DomainError(.forbidden, code: .forbidden, "only the club's owner can make an admin a member again")
        }
        member.role = role
        try await member.save(on: db)
    }

    /// The readers removed from the club who may not join again by code, newest first (owner and admins).
    package func removals(of clubID: UUID) async throws -> [ClubRemovals.Removal] {
        _ = try await open(clubID, for: .manageRemovals)
        return try await ClubRemovals(db: db).list(clubID)
    }

    /// Lets a removed reader join again by code (owner and admins); not found when they were not removed.
    package func letBackIn(_ userID: UUID, to clubID: UUID) async throws {
        _ = try await open(clubID, for: .manageRemovals)
        guard try await ClubRemovals(db: db).lift(userID, from: clubID) else {
            throw DomainError.notFound(.removalNotFound, "this reader was not removed from this club")
        }
    }

    /// A new join code; the old one opens nothing any more.
    package func replaceCode(of clubID: UUID) async throws -> Club {
        let club = try await find(clubID)
        try Self.require(ClubAccess.decide(.replaceCode, by: try await actor(in: club), isPublic: club.isPublic))
        try await db.writeTransaction { db in
            let registry = ShareCodeRegistry(db: db)
            try await registry.release(club.joinCode)
            club.joinCode = try await registry.register(.club, id: try club.requireID()).value
            try await club.save(on: db)
        }
        return club
    }

    /// The club's summary, as far as the reader may see it.
    package func summary(_ clubID: UUID) async throws -> Club {
        let club = try await find(clubID)
        try Self.require(ClubAccess.decide(.readSummary, by: try await actor(in: club), isPublic: club.isPublic))
        return club
    }

    // MARK: helpers

    /// The club and the reader's place in it, once Core's rule allows `action` (else clubNotFound,
    /// forbidden or a refusal, as the rule says).
    package func open(_ clubID: UUID, for action: ClubAccess.Action) async throws -> (club: Club, actor: ClubAccess.Actor) {
        let club = try await find(clubID)
        let actor = try await actor(in: club)
        try Self.require(ClubAccess.decide(action, by: actor, isPublic: club.isPublic))
        return (club, actor)
    }

    package static let alreadyMember = DomainError(.conflict, code: .alreadyMember, "already a member")

    package func find(_ clubID: UUID) async throws -> Club {
        guard let club = try await Club.find(clubID, on: db) else { throw Self.clubNotFound }
        return club
    }

    package func actor(in club: Club) async throws -> ClubAccess.Actor {
        guard let member = try await Self.membership(try user.requireID(), in: try club.requireID(), on: db) else {
            return .otherReader
        }
        return Self.actor(member.role)
    }

    package static func actor(_ role: ClubMember.Role) -> ClubAccess.Actor {
        switch role {
        case .owner: return .owner
        case .admin: return .admin
        case .member: return .member
        }
    }

    package static func membership(_ userID: UUID, in clubID: UUID, on db: any Database) async throws -> ClubMember? {
        try await ClubMember.query(on: db).filter(\.$club.$id == clubID).filter(\.$user.$id == userID).first()
    }

    package static func require(_ decision: ClubAccess.Decision) throws {
        switch decision {
        case .allow: return
        case .notFound: throw clubNotFound
        case .forbidden: throw DomainError(.forbidden, code: .forbidden, "only the club's owner or admins can do that")
        case .refused(.alreadyMember): throw alreadyMember
        case .refused(.removedFromClub):
            throw DomainError(.forbidden, code: .removedFromClub, ClubAccess.Refusal.removedFromClub.message)
        case .refused(let refusal): throw DomainError(.unprocessable, code: ErrorCode(refusal), refusal.message)
        }
    }

    package static func recount(_ club: Club, on db: any Database) async throws {
        club.memberCount = try await ClubMember.query(on: db).filter(\.$club.$id == club.requireID()).count()
        try await club.save(on: db)
    }

    private func requireRoomForAnotherClub(_ userID: UUID) async throws {
        if try await ClubMember.query(on: db).filter(\.$user.$id == userID).count() >= Limits.clubsPerReader {
            throw DomainError(.unprocessable, code: .tooManyClubs, "a reader can be in at most \(Limits.clubsPerReader) clubs")
        }
    }

    /// A write through the one write path (`WritePipeline`): feed lines and wake-ups follow from
    /// what `body` declares, and the club's live feeds wake once it has committed.
    package func write<T: Sendable>(
        _ body: @escaping @Sendable (any Database, WriteChanges) async throws -> T
    ) async throws -> T {
        try await WritePipeline(db: db, now: now(), clubEvents: events).run(body)
    }

    package init(
        db: any Database, user: User, tiersEnabled: Bool, events: (any ClubAnnouncing)? = nil,
        now: @escaping @Sendable () -> Date = { Date() }, codeGuesses: CodeGuesses? = nil
    ) {
        self.db = db
        self.user = user
        self.tiersEnabled = tiersEnabled
        self.events = events
        self.now = now
        self.codeGuesses = codeGuesses
    }
}
