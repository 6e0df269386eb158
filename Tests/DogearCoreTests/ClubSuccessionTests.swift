import Foundation
import Testing

@testable import DogearCore

@Suite("Who takes a club over when its owner's account goes")
struct ClubSuccessionTests {
    static let owner = UUID(uuidString: "00000000-0000-0000-0000-00000000000A")!
    static let early = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
    static let late = UUID(uuidString: "00000000-0000-0000-0000-000000000002")!
    static let later = UUID(uuidString: "00000000-0000-0000-0000-000000000003")!

    static func at(_ day: Double) -> Date { Date(timeIntervalSince1970: day * 86_400) }

    typealias M = ClubSuccession.Member

    static let cases: [(String, [M], UUID?)] = [
        ("alone: nobody, the club goes", [M(id: owner, role: .owner, joined: at(0))], nil),
        ("nobody at all", [], nil),
        (
            "one member takes it",
            [M(id: owner, role: .owner, joined: at(0)), M(id: late, role: .member, joined: at(5))], late
        ),
        (
            "an admin comes before an earlier member",
            [
                M(id: owner, role: .owner, joined: at(0)), M(id: early, role: .member, joined: at(1)),
                M(id: late, role: .admin, joined: at(9)),
            ], late
        ),
        (
            "the longest-standing of two admins",
            [
                M(id: owner, role: .owner, joined: at(0)), M(id: later, role: .admin, joined: at(3)),
                M(id: late, role: .admin, joined: at(2)),
            ], late
        ),
        (
            "the longest-standing of members when no admin",
            [
                M(id: later, role: .member, joined: at(4)), M(id: owner, role: .owner, joined: at(0)),
                M(id: early, role: .member, joined: at(2)),
            ], early
        ),
        (
            "joined at the same instant: the smaller id, whatever the order",
            [
                M(id: late, role: .member, joined: at(2)), M(id: early, role: .member, joined: at(2)),
                M(id: owner, role: .owner, joined: at(0)),
            ], early
        ),
        (
            "someone who is not a member is never the heir",
            [M(id: owner, role: .owner, joined: at(0)), M(id: early, role: .otherReader, joined: at(1))], nil
        ),
    ]

    @Test("each case names its heir", arguments: cases.indices)
    func heir(_ index: Int) {
        let (name, members, expected) = Self.cases[index]
        #expect(ClubSuccession.heir(of: Self.owner, among: members) == expected, "\(name)")
        // The order rows arrive in never changes the answer.
        #expect(ClubSuccession.heir(of: Self.owner, among: members.reversed()) == expected, "\(name), reversed")
    }
}
