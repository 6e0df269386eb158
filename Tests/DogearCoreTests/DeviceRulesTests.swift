import Testing

@testable import DogearCore

@Suite("Device sync rules")
struct DeviceRulesTests {
    typealias Row = (DeviceAccess.Caller, DeviceAccess.Action, Bool, DeviceAccess.Decision)

    /// Every credential against every action, for the owner and for anyone else.
    static let matrix: [Row] = {
        let read = DeviceAccess.Caller.appToken([.read])
        let write = DeviceAccess.Caller.appToken([.read, .write])
        let none = DeviceAccess.Caller.appToken([])
        return [
            (.session, .manageLogins, true, .allow), (.session, .manageLogins, false, .notFound),
            (.session, .readDocuments, true, .allow), (.session, .readDocuments, false, .notFound),
            (.session, .linkDocuments, true, .allow), (.session, .linkDocuments, false, .notFound),
            (.session, .syncProgress, true, .unauthorized), (.session, .syncProgress, false, .unauthorized),
            (read, .manageLogins, true, .insufficientScope), (write, .manageLogins, true, .insufficientScope),
            (read, .readDocuments, true, .allow), (read, .readDocuments, false, .notFound),
            (none, .readDocuments, true, .insufficientScope),
            (read, .linkDocuments, true, .insufficientScope),
            (write, .linkDocuments, true, .allow), (write, .linkDocuments, false, .notFound),
            (read, .syncProgress, true, .unauthorized), (write, .syncProgress, true, .unauthorized),
            (.deviceLogin, .syncProgress, true, .allow), (.deviceLogin, .syncProgress, false, .notFound),
            (.deviceLogin, .manageLogins, true, .unauthorized), (.deviceLogin, .readDocuments, true, .unauthorized),
            (.deviceLogin, .linkDocuments, true, .unauthorized),
        ]
    }()

    @Test("who reaches device logins, documents and progress sync, with which credential", arguments: matrix)
    func access(_ row: Row) {
        #expect(DeviceAccess.decide(caller: row.0, action: row.1, isOwner: row.2) == row.3, "\(row)")
    }

    @Test("the matrix names every action for every kind of caller")
    func matrixIsWhole() {
        for action in DeviceAccess.Action.allCases {
            #expect(Self.matrix.contains { $0.0 == .session && $0.1 == action })
            #expect(Self.matrix.contains { $0.0 == .deviceLogin && $0.1 == action })
            #expect(Self.matrix.contains { if case .appToken = $0.0 { $0.1 == action } else { false } })
        }
    }

    /// The page a device's fraction puts the book on, the way the service logs it: the percent
    /// through `ProgressRules`.
    static func page(at fraction: Double, pageCount: Int?) throws -> ReadingState {
        try ProgressRules.update(
            ReadingState(status: .reading, dateStarted: LocalDate("2026-03-01")),
            with: .percent(DeviceProgress.percent(at: fraction)), length: BookLength(pageCount: pageCount, minutes: nil),
            today: LocalDate("2026-03-14")!
        ).state
    }

    @Test(
        "a fraction becomes the edition's page; 99.5% and past is the end",
        arguments: [
            (0.0, 272, 0, 0.0), (0.1, 272, 27, 10.0), (0.5, 300, 150, 50.0), (0.994, 300, 298, 99.4),
            (0.995, 300, 300, 100.0), (1.0, 300, 300, 100.0),
        ] as [(Double, Int, Int, Double)])
    func pages(_ fraction: Double, _ pageCount: Int, _ page: Int, _ percent: Double) throws {
        let state = try Self.page(at: fraction, pageCount: pageCount)
        #expect(state.currentPage == page)
        #expect((state.status == .read) == (fraction >= DeviceProgress.finishedAt))
        #expect(abs(DeviceProgress.percent(at: fraction) - percent) < 1e-9)
    }

    @Test("without a page count there is no page")
    func noPageCount() throws {
        #expect(try Self.page(at: 0.5, pageCount: nil).currentPage == nil)
    }

    @Test("an older report never replaces a newer one; an equal or later one does")
    func order() {
        #expect(DeviceProgress.replaces(timestamp: 100, kept: nil))
        #expect(DeviceProgress.replaces(timestamp: 100, kept: 100))
        #expect(DeviceProgress.replaces(timestamp: 101, kept: 100))
        #expect(!DeviceProgress.replaces(timestamp: 99, kept: 100))
    }

    @Test(
        "updates within 30 minutes of the last are one sitting",
        arguments: [
            (nil, 1_000.0, false), (1_000.0, 1_000.0, true), (1_000.0, 2_800.0, true), (1_000.0, 2_801.0, false),
            (1_000.0, 999.0, false),
        ] as [(Double?, Double, Bool)])
    func sittings(_ last: Double?, _ now: Double, _ continues: Bool) {
        #expect(DeviceProgress.continuesSession(lastUpdate: last, timestamp: now) == continues)
    }

    @Test(
        "a username is 3 to 40 letters, digits, dots, underscores or dashes",
        arguments: [
            ("kobo", "kobo"), ("ann.kobo-2_b", "ann.kobo-2_b"), (" kobo", nil), ("ab", nil),
            (String(repeating: "a", count: 41), nil),
            ("ann kobo", nil), ("ann:kobo", nil), ("änn", nil), ("", nil),
        ] as [(String, String?)])
    func usernames(_ text: String, _ expected: String?) {
        #expect((try? DeviceNames.username(text)) == expected)
        if expected == nil { #expect(throws: ValidationError.self) { try DeviceNames.username(text) } }
    }

    @Test(
        "a document name sits in a path segment",
        arguments: [
            ("0b2c5f7a9d1e3f4a5b6c7d8e9f0a1b2c", true), ("a", true), ("", false), ("a/b", false), ("a b", false),
            ("a?b", false), ("a%2F", false), ("a\"b", false), ("a<b", false), ("a:b@c", true),
            (String(repeating: "f", count: 129), false), ("é", false),
        ] as [(String, Bool)])
    func documents(_ text: String, _ accepted: Bool) {
        #expect((DeviceNames.document(text) != nil) == accepted)
    }
}

@Suite("Feed rules")
struct FeedRulesTests {
    typealias Row = (FeedAccess.Caller, FeedAccess.Action, FeedAccess.Decision)

    static let matrix: [Row] = [
        (.session, .showAddresses, .allow), (.session, .changeAddresses, .allow), (.session, .readFeed, .notFound),
        (.appToken([.read]), .showAddresses, .insufficientScope), (.appToken([.read]), .changeAddresses, .insufficientScope),
        (.appToken([.read, .write]), .changeAddresses, .insufficientScope),
        (.appToken([.read, .write]), .showAddresses, .insufficientScope), (.appToken([]), .showAddresses, .insufficientScope),
        (.appToken([.read]), .readFeed, .notFound),
        (.address(matches: true), .readFeed, .allow), (.address(matches: false), .readFeed, .notFound),
        (.address(matches: true), .showAddresses, .unauthorized), (.address(matches: true), .changeAddresses, .unauthorized),
    ]

    @Test("who reaches a feed and its addresses", arguments: matrix)
    func access(_ row: Row) {
        #expect(FeedAccess.decide(caller: row.0, action: row.1) == row.2, "\(row)")
    }
}
