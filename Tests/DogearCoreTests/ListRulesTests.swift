import Testing

@testable import DogearCore

@Suite("Share codes")
struct ShareCodeTests {
    @Test("100,000 codes: six characters, all from the alphabet without I, O, 0 and 1")
    func alphabet() {
        var generator = SystemRandomNumberGenerator()
        let allowed = Set("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
        var seen = Set<String>()
        for _ in 0..<100_000 {
            let code = ShareCode.random(using: &generator).value
            #expect(code.count == 6)
            #expect(code.allSatisfy(allowed.contains), "\(code)")
            seen.insert(code)
        }
        // 32^6 codes: a hundred thousand draws repeat only by rare chance, never wholesale.
        #expect(seen.count > 99_900)
        #expect(!allowed.contains("I") && !allowed.contains("O") && !allowed.contains("0") && !allowed.contains("1"))
    }

    @Test(
        "typed codes are read in any case with spaces around them; anything else is no code",
        arguments: [
            ("abc234", "ABC234"), ("  AbC234 \n", "ABC234"), ("XYZ789", "XYZ789"),
            ("ABC23", nil), ("ABC2345", nil), ("ABC 23", nil), ("ABCDE1", nil), ("ABCDEO", nil), ("", nil),
            ("ÀBC234", nil),
        ] as [(String, String?)])
    func typed(_ text: String, _ expected: String?) {
        #expect(ShareCode(typed: text)?.value == expected)
    }

    /// Always the same numbers: the first draws make the same code twice.
    struct Repeating: RandomNumberGenerator {
        var values: [UInt64]
        var index = 0
        mutating func next() -> UInt64 {
            defer { index += 1 }
            return values[index % values.count]
        }
    }

    struct Taken: Error {}

    @Test("a collision with a code already taken is tried again with another, and succeeds")
    func collisionRetries() async throws {
        // Six draws of 0 give "AAAAAA" (taken), then six of 1 give "BBBBBB".
        var generator = Repeating(values: Array(repeating: 0, count: 6) + Array(repeating: UInt64.max / 32 + 1, count: 6))
        var tried: [String] = []
        let saved = try await ShareCodes.withUniqueCode(
            using: &generator, isCollision: { $0 is Taken },
            save: { code in
                tried.append(code.value)
                if code.value == "AAAAAA" { throw Taken() }
                return code
            })
        #expect(tried == ["AAAAAA", "BBBBBB"])
        #expect(saved.value == "BBBBBB")
    }

    @Test("other errors are not retried, and endless collisions stop")
    func otherErrors() async throws {
        struct Broken: Error {}
        var generator = SystemRandomNumberGenerator()
        var calls = 0
        await #expect(throws: Broken.self) {
            try await ShareCodes.withUniqueCode(
                using: &generator, isCollision: { $0 is Taken },
                save: { _ in
                    calls += 1
                    throw Broken()
                })
        }
        #expect(calls == 1)
        await #expect(throws: ShareCodes.Exhausted.self) {
            try await ShareCodes.withUniqueCode(
                attempts: 3, using: &generator, isCollision: { $0 is Taken }, save: { _ in throw Taken() })
        }
    }
}

@Suite("Who may do what to a list")
struct ListAccessTests {
    typealias A = ListAccess.Action
    typealias D = ListAccess.Decision

    /// The whole matrix: every actor × public/private × default/custom × action, each cell stated.
    static func expected(_ actor: ListAccess.Actor, _ kind: ListAccess.Kind, isPublic: Bool, _ action: A) -> D {
        switch actor {
        case .anonymous:
            return .notFound
        case .saver, .otherReader:
            // Only a public custom list is visible to anyone else; default lists never are.
            guard isPublic, kind == .custom else { return .notFound }
            return [.read, .copy, .save, .unsave].contains(action) ? .allow : .forbidden
        case .owner:
            switch action {
            case .read, .copy: return .allow
            case .save, .unsave: return .refused(.cannotSaveOwnList)
            case .delete: return kind == .defaultList ? .refused(.cannotDeleteDefault) : .allow
            case .edit, .addItem, .moveItem, .removeItem, .replaceShareCode:
                return kind == .defaultList ? .refused(.cannotChangeDefault) : .allow
            }
        }
    }

    @Test("every actor, visibility, kind and action gets exactly what the rule says")
    func matrix() {
        var cells = 0
        for actor in ListAccess.Actor.allCases {
            for kind in ListAccess.Kind.allCases {
                for isPublic in [false, true] {
                    for action in A.allCases {
                        let decision = ListAccess.decide(action, by: actor, kind: kind, isPublic: isPublic)
                        #expect(
                            decision == Self.expected(actor, kind, isPublic: isPublic, action),
                            "\(actor) \(kind) public=\(isPublic) \(action)")
                        cells += 1
                    }
                }
            }
        }
        #expect(cells == 4 * 2 * 2 * 10)
    }

    @Test("outsiders learn nothing about private lists: not found, never forbidden")
    func privateIsNotFound() {
        for actor in [ListAccess.Actor.saver, .otherReader, .anonymous] {
            for action in A.allCases {
                #expect(ListAccess.decide(action, by: actor, kind: .custom, isPublic: false) == .notFound)
            }
        }
    }

    @Test("deleting a default list is refused with the words the product promises")
    func defaultDelete() {
        #expect(ListAccess.decide(.delete, by: .owner, kind: .defaultList, isPublic: false) == .refused(.cannotDeleteDefault))
        #expect(ListAccess.Refusal.cannotDeleteDefault.message == "cannot delete default list")
    }
}

@Suite("List order")
struct ListOrderTests {
    @Test("appending leaves a gap; moving between neighbours takes the middle")
    func basics() {
        #expect(ListOrder.appended(after: nil) == ListOrder.gap)
        #expect(ListOrder.appended(after: 5 * ListOrder.gap) == 6 * ListOrder.gap)
        #expect(ListOrder.between(100, 200) == 150)
        #expect(ListOrder.between(100, 101) == nil)
        #expect(ListOrder.between(nil, 100) == 100 - ListOrder.gap)
        #expect(ListOrder.between(nil, nil) == ListOrder.gap)
    }

    @Test("moving the last of 5,000 items to the top needs one new position, no renumbering")
    func moveLastToTop() throws {
        let positions = ListOrder.renumbered(count: 5_000)
        let others = Array(positions.dropLast())
        let moved = try #require(ListOrder.position(movingTo: 0, among: others))
        #expect(moved < others[0])
        let reordered = [moved] + others
        #expect(reordered == reordered.sorted())
    }

    @Test("the same spot takes sixteen moves before the list must be renumbered")
    func renumberRarely() {
        var others: [Int64] = [ListOrder.gap, 2 * ListOrder.gap]
        var moves = 0
        while let position = ListOrder.position(movingTo: 1, among: others) {
            others.insert(position, at: 1)
            moves += 1
        }
        #expect(moves == 16)
        #expect(others == others.sorted())
        #expect(Set(others).count == others.count)
    }

    @Test("an index past either end lands at that end")
    func clamped() {
        let others: [Int64] = [10, 20]
        #expect(ListOrder.position(movingTo: 99, among: others) == 20 + ListOrder.gap)
        #expect(ListOrder.position(movingTo: -3, among: others) == 10 - ListOrder.gap)
    }
}
