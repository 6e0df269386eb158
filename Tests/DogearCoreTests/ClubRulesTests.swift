import Testing

@testable import DogearCore

@Suite("Who may do what in a club")
struct ClubAccessTests {
    typealias A = ClubAccess.Action

    /// The rule stated per actor, independently of the implementation's order of checks.
    static func expected(_ actor: ClubAccess.Actor, isPublic: Bool, _ action: A, last: Bool, removed: Bool)
        -> ClubAccess.Decision
    {
        let running: [A] = [
            .editSettings, .replaceCode, .setCurrentBook, .setSchedule, .pickNextBook, .removeMember, .changeRole,
            .deleteAnyComment, .manageRemovals, .reviewJoinRequests,
        ]
        switch actor {
        case .anonymous: return .notFound
        case .otherReader:
            if action == .join { return removed ? .refused(.removedFromClub) : .allow }
            if !isPublic { return .notFound }
            return action == .readSummary ? .allow : .forbidden
        case .member:
            if action == .join { return .refused(.alreadyMember) }
            if running.contains(action) || action == .deleteClub || action == .transferOwnership { return .forbidden }
            return .allow
        case .admin:
            if action == .join { return .refused(.alreadyMember) }
            if action == .deleteClub || action == .transferOwnership { return .forbidden }
            return .allow
        case .owner:
            if action == .join { return .refused(.alreadyMember) }
            if action == .leave { return last ? .allow : .refused(.ownerMustHandOver) }
            return .allow
        }
    }

    @Test("every actor, visibility, action, last-member and removed case gets exactly its cell")
    func matrix() {
        var cells = 0
        for actor in ClubAccess.Actor.allCases {
            for isPublic in [false, true] {
                for last in [false, true] {
                    for removed in [false, true] {
                        for action in A.allCases {
                            let decision = ClubAccess.decide(
                                action, by: actor, isPublic: isPublic, isLastMember: last, wasRemoved: removed)
                            #expect(
                                decision == Self.expected(actor, isPublic: isPublic, action, last: last, removed: removed),
                                "\(actor) public=\(isPublic) last=\(last) removed=\(removed) \(action)")
                            cells += 1
                        }
                    }
                }
            }
        }
        #expect(cells == 5 * 2 * 2 * 2 * A.allCases.count)
    }

    @Test(
        "who changes whose role: the owner anyone's but their own; an admin only makes a member an admin",
        arguments: [
            (ClubAccess.Actor.owner, ClubAccess.Actor.member, ClubAccess.Actor.admin, true),
            (.owner, .admin, .member, true),
            (.owner, .owner, .member, false),
            (.owner, .member, .owner, false),
            (.admin, .member, .admin, true),
            (.admin, .admin, .member, false),
            (.admin, .owner, .member, false),
            (.member, .member, .admin, false),
            (.otherReader, .member, .admin, false),
            (.owner, .otherReader, .admin, false),
        ])
    func roleChanges(actor: ClubAccess.Actor, role: ClubAccess.Actor, newRole: ClubAccess.Actor, allowed: Bool) {
        #expect(ClubAccess.mayChangeRole(of: role, to: newRole, by: actor) == allowed)
    }

    @Test("a private club is not found to outsiders, whatever they ask; its code still lets them join")
    func privateClub() {
        for action in A.allCases where action != .join {
            #expect(ClubAccess.decide(action, by: .otherReader, isPublic: false) == .notFound)
        }
        #expect(ClubAccess.decide(.join, by: .otherReader, isPublic: false) == .allow)
        #expect(ClubAccess.Refusal.alreadyMember.message == "already a member")
    }

    @Test("who removes whom: the owner anyone but the owner, admins only members")
    func removal() {
        #expect(ClubAccess.mayRemove(.admin, by: .owner))
        #expect(ClubAccess.mayRemove(.member, by: .owner))
        #expect(!ClubAccess.mayRemove(.owner, by: .owner))
        #expect(ClubAccess.mayRemove(.member, by: .admin))
        #expect(!ClubAccess.mayRemove(.admin, by: .admin))
        #expect(!ClubAccess.mayRemove(.member, by: .member))
        #expect(!ClubAccess.mayRemove(.otherReader, by: .owner))
    }
}

@Suite("Spoiler gating and milestones")
struct SpoilerGateTests {
    typealias P = SpoilerGate.Place

    @Test(
        "a comment about page 200 of 400",
        arguments: [
            (P.page(50), false, false, SpoilerGate.Visibility.hiddenUntil(.page(200))),
            (P.page(199), false, false, .hiddenUntil(.page(200))),
            (P.page(200), false, false, .shown),
            (P.page(350), false, false, .shown),
            (P.percent(40), false, false, .hiddenUntil(.page(200))),
            (P.percent(50), false, false, .shown),
            (P.page(10), true, false, .shown),  // its author
            (P.page(10), false, true, .shown),  // finished
        ] as [(P, Bool, Bool, SpoilerGate.Visibility)])
    func page200(_ reader: P, _ isAuthor: Bool, _ finished: Bool, _ expected: SpoilerGate.Visibility) {
        #expect(
            SpoilerGate.visibility(of: .page(200), isAuthor: isAuthor, reader: reader, finished: finished, pageCount: 400)
                == expected)
    }

    @Test("not started: every placed comment is hidden; an unplaced one is for everyone")
    func notStarted() {
        #expect(
            SpoilerGate.visibility(of: .page(1), isAuthor: false, reader: nil, finished: false, pageCount: 400)
                == .hiddenUntil(.page(1)))
        #expect(SpoilerGate.visibility(of: nil, isAuthor: false, reader: nil, finished: false, pageCount: 400) == .shown)
    }

    @Test("without a page count only like with like compares: pages with pages, percents with percents")
    func noPageCount() {
        #expect(
            SpoilerGate.visibility(of: .page(20), isAuthor: false, reader: .page(25), finished: false, pageCount: nil) == .shown)
        #expect(
            SpoilerGate.visibility(of: .page(20), isAuthor: false, reader: .percent(90), finished: false, pageCount: nil)
                == .hiddenUntil(.page(20)))
        #expect(
            SpoilerGate.visibility(of: .percent(30), isAuthor: false, reader: .percent(30), finished: false, pageCount: nil)
                == .shown)
    }

    @Test("milestones: 25, 50 and 75 percent, each once, and only when crossed")
    func milestones() {
        #expect(ProgressMilestones.crossed(from: 0, to: 0.1) == [])
        #expect(ProgressMilestones.crossed(from: 0.2, to: 0.25) == [25])
        #expect(ProgressMilestones.crossed(from: 0.1, to: 0.8) == [25, 50, 75])
        #expect(ProgressMilestones.crossed(from: 0.5, to: 0.6) == [])
        #expect(ProgressMilestones.crossed(from: 0.8, to: 0.3) == [])
    }
}
