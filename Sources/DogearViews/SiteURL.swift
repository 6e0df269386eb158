import Foundation

/// Every page's address, typed: the one table of the web app's paths. Views build every link and
/// form action from it, and the server registers every page route from it (`SiteURL.route`), so a
/// link cannot point at a page that does not exist and a path is written once.
public enum SiteURL: Equatable, Sendable {
    case home, signIn, signUp, signOut, library, add, lookup, importFile, export, profile
    /// The first-run page after sign-up.
    case welcome
    /// One press on a search result of the Add page: the book, on the shelf pressed.
    case addPick
    case book(UUID)
    case editBook(UUID)
    case deleteBook(UUID)
    case bookProgress(UUID)
    case bookStatus(UUID)
    case bookRating(UUID)
    case bookNotes(UUID)
    case bookSessions(UUID)
    case bookQuotes(UUID)
    case deleteNote(UUID)
    case importJob(UUID)
    case runImport(UUID)
    /// A highlights import's book that matched none of the reader's, linked to one of theirs.
    case linkImportBook(UUID, UUID)
    case exportFile(String)
    case bookAddToList(UUID)
    /// Who wrote it and where it comes from: the page, and its work and author forms.
    case bookFacts(UUID)
    case bookWorkFacts(UUID)
    case bookAuthorFacts(UUID, UUID)
    /// Lists: ids are a custom list's UUID or a default list's name (`favorites`, …).
    case lists, newList, openCode
    case list(String)
    case editList(String)
    case deleteList(String)
    case listShareCode(String)
    case listItems(String)
    case moveListItem(String, UUID)
    case removeListItem(String, UUID)
    /// A shared list by its code.
    case sharedList(String)
    case saveShared(String)
    case unsaveShared(String)
    case copyShared(String)
    /// Password and sessions.
    case security, changePassword, endOtherSessions
    /// Deleting the account.
    case deleteAccount
    /// Password recovery: asking for a link, and the link itself (its token in the path).
    case forgotPassword
    case resetPassword(String)
    /// Sign in with Apple or Google: where the provider sends its token (`apple`, `google`), and an
    /// identity waiting for the account's password.
    case providerCallback(String)
    case linkIdentity(String)
    case endSession(UUID)
    /// Tokens for apps.
    case appTokens
    case revokeAppToken(UUID)
    /// E-readers: device logins for KOReader's progress sync, and the documents they report.
    case devices
    case revokeDevice(UUID)
    case linkDocument(String)
    case unlinkDocument(String)
    /// Feeds out: their addresses, and revoking them.
    case feeds, revokeFeeds, calendarFeed, revokeCalendarFeed
    case notifications, readNotifications, notificationSettings, unreadNotifications
    case unsubscribe(String)
    /// Book clubs.
    case clubs, newClub, joinClub
    case club(UUID)
    case clubSettings(UUID)
    case deleteClub(UUID)
    case leaveClub(UUID)
    case clubCode(UUID)
    case clubCurrentBook(UUID)
    case clubAddBook(UUID)
    case clubSchedule(UUID)
    case clubHideProgress(UUID)
    case clubMemberRole(UUID, UUID)
    case clubRemoveMember(UUID, UUID)
    case clubLetBackIn(UUID, UUID)
    case clubApproveJoin(UUID, UUID)
    case clubDeclineJoin(UUID, UUID)
    case clubOwner(UUID)
    case clubComments(UUID)
    case clubProposals(UUID)
    case clubVote(UUID, UUID)
    case clubUnvote(UUID, UUID)
    case clubPick(UUID, UUID)
    case clubMeetings(UUID)
    case clubMeetingAnswer(UUID, UUID)
    case clubMeetingVotes(UUID, UUID)
    case clubMeetingDecide(UUID, UUID)
    case clubMeetingCancel(UUID, UUID)
    case editComment(UUID)
    case deleteComment(UUID)
    case joinByCode(String)
    /// The club's live feed (the API's event stream, which the club page's script opens).
    case clubEvents(UUID)

    /// The stylesheet and the script module (files under `Public/`).
    case stylesheet, script
    /// The installable app: its manifest, its service worker (at the root, so it may serve every
    /// page) and its icons (files under `Public/`, but the manifest).
    case manifest, serviceWorker
    case appIcon(size: Int)

    /// The discover deck: `/discover` (`?partial=cards` the cards alone), its swipe, undo, start
    /// over and learn-from-my-library forms.
    case discover
    case discoverSwipe
    case discoverUndo
    case discoverStartOver
    case discoverLearnLibrary
    /// Statistics: `/stats?year=2026` (all time without a year).
    case stats
    /// Shelf scans: the upload page, a scan's review queue, its photo, and the review's forms.
    case scan
    case scanResult(UUID)
    case scanPhoto(UUID)
    case scanConfirmAll(UUID)
    case confirmProposal(UUID)
    case rejectProposal(UUID)
    /// Goals: `/goals?year=2026`, each goal's edit page and its delete button's address.
    case goals
    case editGoal(UUID)
    case deleteGoal(UUID)
    /// A year in books: `/year/2026`, its share and revoke buttons, and the shared `/y/{token}`.
    case year(Int)
    case shareYear(Int)
    case unshareYear(Int)
    case sharedYear(String)

    /// One piece of a path: fixed text, or a value that the route reads back by its name.
    public enum Segment: Equatable, Sendable {
        case literal(String)
        case parameter(name: String, value: String)
    }

    /// Stands for "any id" when a route is registered: `SiteURL.book(SiteURL.anyID)`.
    public static let anyID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    /// Stands for "any export format" when a route is registered.
    public static let anyFormat = ""
    /// Stands for "any list id" or "any share code" when a route is registered.
    public static let anyText = ""

    public var segments: [Segment] {
        func id(_ value: UUID) -> Segment { .parameter(name: "id", value: value.uuidString) }
        func listID(_ value: String) -> Segment { .parameter(name: "id", value: value) }
        func itemID(_ value: UUID) -> Segment { .parameter(name: "itemId", value: value.uuidString) }
        func shareCode(_ value: String) -> Segment { .parameter(name: "code", value: value) }
        func club(_ value: UUID, _ rest: String...) -> [Segment] {
            [.literal("clubs"), id(value)] + rest.map { .literal($0) }
        }
        func member(_ value: UUID) -> Segment { .parameter(name: "userId", value: value.uuidString) }
        func proposal(_ value: UUID) -> Segment { .parameter(name: "proposalId", value: value.uuidString) }
        func meeting(_ value: UUID, _ club: UUID, _ action: String) -> [Segment] {
            [
                .literal("clubs"), id(club), .literal("meetings"), .parameter(name: "meetingId", value: value.uuidString),
                .literal(action),
            ]
        }
        switch self {
        case .security: return [.literal("profile"), .literal("security")]
        case .appTokens: return [.literal("profile"), .literal("tokens")]
        case .revokeAppToken(let value): return [.literal("profile"), .literal("tokens"), id(value), .literal("revoke")]
        case .devices: return [.literal("profile"), .literal("devices")]
        case .feeds: return [.literal("profile"), .literal("feeds")]
        case .revokeFeeds: return [.literal("profile"), .literal("feeds"), .literal("revoke")]
        case .notifications: return [.literal("notifications")]
        case .unsubscribe(let token): return [.literal("unsubscribe"), .parameter(name: "token", value: token)]
        case .readNotifications: return [.literal("notifications"), .literal("read")]
        case .notificationSettings: return [.literal("notifications"), .literal("settings")]
        case .unreadNotifications: return [.literal("notifications"), .literal("unread")]
        case .calendarFeed: return [.literal("profile"), .literal("feeds"), .literal("calendar")]
        case .revokeCalendarFeed: return [.literal("profile"), .literal("feeds"), .literal("calendar"), .literal("revoke")]
        case .revokeDevice(let value): return [.literal("profile"), .literal("devices"), id(value), .literal("revoke")]
        case .linkDocument(let document):
            return [
                .literal("profile"), .literal("devices"), .literal("documents"), .parameter(name: "document", value: document),
                .literal("link"),
            ]
        case .unlinkDocument(let document):
            return [
                .literal("profile"), .literal("devices"), .literal("documents"), .parameter(name: "document", value: document),
                .literal("unlink"),
            ]
        case .changePassword: return [.literal("profile"), .literal("password")]
        case .deleteAccount: return [.literal("profile"), .literal("delete")]
        case .forgotPassword: return [.literal("forgot-password")]
        case .resetPassword(let token): return [.literal("reset-password"), .parameter(name: "token", value: token)]
        case .providerCallback(let provider):
            return [.literal("auth"), .parameter(name: "provider", value: provider), .literal("callback")]
        case .linkIdentity(let token): return [.literal("auth"), .literal("link"), .parameter(name: "token", value: token)]
        case .endOtherSessions: return [.literal("profile"), .literal("sessions"), .literal("end-others")]
        case .endSession(let value): return [.literal("profile"), .literal("sessions"), id(value), .literal("end")]
        case .clubs: return [.literal("clubs")]
        case .newClub: return [.literal("clubs"), .literal("new")]
        case .joinClub: return [.literal("clubs"), .literal("join")]
        case .club(let value): return club(value)
        case .clubSettings(let value): return club(value, "settings")
        case .deleteClub(let value): return club(value, "delete")
        case .leaveClub(let value): return club(value, "leave")
        case .clubCode(let value): return club(value, "code")
        case .clubCurrentBook(let value): return club(value, "current-book")
        case .clubAddBook(let value): return club(value, "add-to-library")
        case .clubSchedule(let value): return club(value, "schedule")
        case .clubHideProgress(let value): return club(value, "privacy")
        case .clubMemberRole(let value, let user): return club(value, "members") + [member(user), .literal("role")]
        case .clubRemoveMember(let value, let user): return club(value, "members") + [member(user), .literal("remove")]
        case .clubLetBackIn(let value, let user): return club(value, "removals") + [member(user), .literal("let-back-in")]
        case .clubApproveJoin(let value, let user): return club(value, "requests") + [member(user), .literal("approve")]
        case .clubDeclineJoin(let value, let user): return club(value, "requests") + [member(user), .literal("decline")]
        case .clubOwner(let value): return club(value, "owner")
        case .clubComments(let value): return club(value, "comments")
        case .clubProposals(let value): return club(value, "proposals")
        case .clubVote(let value, let pick): return club(value, "proposals") + [proposal(pick), .literal("vote")]
        case .clubUnvote(let value, let pick): return club(value, "proposals") + [proposal(pick), .literal("unvote")]
        case .clubPick(let value, let pick): return club(value, "proposals") + [proposal(pick), .literal("pick")]
        case .clubMeetings(let value): return club(value, "meetings")
        case .clubMeetingAnswer(let value, let meetingID): return meeting(meetingID, value, "answer")
        case .clubMeetingVotes(let value, let meetingID): return meeting(meetingID, value, "votes")
        case .clubMeetingDecide(let value, let meetingID): return meeting(meetingID, value, "decide")
        case .clubMeetingCancel(let value, let meetingID): return meeting(meetingID, value, "cancel")
        case .editComment(let value): return [.literal("comments"), id(value), .literal("edit")]
        case .deleteComment(let value): return [.literal("comments"), id(value), .literal("delete")]
        case .joinByCode(let code): return [.literal("join"), shareCode(code)]
        case .clubEvents(let value): return [.literal("api"), .literal("v1")] + club(value, "events")
        case .home: return []
        case .signIn: return [.literal("signin")]
        case .signUp: return [.literal("signup")]
        case .signOut: return [.literal("signout")]
        case .library: return [.literal("library")]
        case .add: return [.literal("add")]
        case .lookup: return [.literal("lookup")]
        case .addPick: return [.literal("add"), .literal("pick")]
        case .importFile: return [.literal("import")]
        case .export: return [.literal("export")]
        case .profile: return [.literal("profile")]
        case .welcome: return [.literal("welcome")]
        case .book(let value): return [.literal("books"), id(value)]
        case .editBook(let value): return [.literal("books"), id(value), .literal("edit")]
        case .deleteBook(let value): return [.literal("books"), id(value), .literal("delete")]
        case .bookProgress(let value): return [.literal("books"), id(value), .literal("progress")]
        case .bookStatus(let value): return [.literal("books"), id(value), .literal("status")]
        case .bookRating(let value): return [.literal("books"), id(value), .literal("rating")]
        case .bookNotes(let value): return [.literal("books"), id(value), .literal("notes")]
        case .bookSessions(let value): return [.literal("books"), id(value), .literal("sessions")]
        case .bookQuotes(let value): return [.literal("books"), id(value), .literal("quotes")]
        case .deleteNote(let value): return [.literal("notes"), id(value), .literal("delete")]
        case .importJob(let value): return [.literal("import"), id(value)]
        case .runImport(let value): return [.literal("import"), id(value), .literal("run")]
        case .linkImportBook(let value, let book):
            return [
                .literal("import"), id(value), .literal("books"), .parameter(name: "bookId", value: book.uuidString),
                .literal("link"),
            ]
        case .exportFile(let format): return [.literal("export"), .parameter(name: "format", value: format)]
        case .bookAddToList(let value): return [.literal("books"), id(value), .literal("add-to-list")]
        case .bookFacts(let value): return [.literal("books"), id(value), .literal("facts")]
        case .bookWorkFacts(let value): return [.literal("books"), id(value), .literal("facts"), .literal("work")]
        case .bookAuthorFacts(let value, let author):
            return [
                .literal("books"), id(value), .literal("facts"), .literal("authors"),
                .parameter(name: "authorId", value: author.uuidString),
            ]
        case .lists: return [.literal("lists")]
        case .newList: return [.literal("lists"), .literal("new")]
        case .openCode: return [.literal("lists"), .literal("open")]
        case .list(let list): return [.literal("lists"), listID(list)]
        case .editList(let list): return [.literal("lists"), listID(list), .literal("edit")]
        case .deleteList(let list): return [.literal("lists"), listID(list), .literal("delete")]
        case .listShareCode(let list): return [.literal("lists"), listID(list), .literal("share-code")]
        case .listItems(let list): return [.literal("lists"), listID(list), .literal("items")]
        case .moveListItem(let list, let item):
            return [.literal("lists"), listID(list), .literal("items"), itemID(item), .literal("move")]
        case .removeListItem(let list, let item):
            return [.literal("lists"), listID(list), .literal("items"), itemID(item), .literal("remove")]
        case .sharedList(let code): return [.literal("l"), shareCode(code)]
        case .saveShared(let code): return [.literal("l"), shareCode(code), .literal("save")]
        case .unsaveShared(let code): return [.literal("l"), shareCode(code), .literal("unsave")]
        case .copyShared(let code): return [.literal("l"), shareCode(code), .literal("copy")]
        case .discover: return [.literal("discover")]
        case .discoverSwipe: return [.literal("discover"), .literal("swipe")]
        case .discoverUndo: return [.literal("discover"), .literal("undo")]
        case .discoverStartOver: return [.literal("discover"), .literal("start-over")]
        case .discoverLearnLibrary: return [.literal("discover"), .literal("learn-library")]
        case .stats: return [.literal("stats")]
        case .goals: return [.literal("goals")]
        case .scan: return [.literal("scan")]
        case .scanResult(let value): return [.literal("scan"), id(value)]
        case .scanPhoto(let value): return [.literal("scan"), id(value), .literal("photo")]
        case .scanConfirmAll(let value): return [.literal("scan"), id(value), .literal("confirm-all")]
        case .confirmProposal(let value): return [.literal("proposals"), id(value), .literal("confirm")]
        case .rejectProposal(let value): return [.literal("proposals"), id(value), .literal("reject")]
        case .year(let year): return [.literal("year"), .parameter(name: "year", value: String(year))]
        case .shareYear(let year): return [.literal("year"), .parameter(name: "year", value: String(year)), .literal("share")]
        case .unshareYear(let year):
            return [.literal("year"), .parameter(name: "year", value: String(year)), .literal("unshare")]
        case .sharedYear(let token): return [.literal("y"), .parameter(name: "token", value: token)]
        case .editGoal(let value): return [.literal("goals"), id(value), .literal("edit")]
        case .deleteGoal(let value): return [.literal("goals"), id(value), .literal("delete")]
        case .stylesheet: return [.literal("css"), .literal("app.css")]
        case .script: return [.literal("js"), .literal("app.js")]
        case .manifest: return [.literal("manifest.webmanifest")]
        case .serviceWorker: return [.literal("sw.js")]
        case .appIcon(let size): return [.literal("icons"), .literal("icon-\(size).png")]
        }
    }

    public var path: String {
        "/"
            + segments.map { segment in
                switch segment {
                case .literal(let text): return text
                case .parameter(_, let value): return value
                }
            }.joined(separator: "/")
    }

    /// The path with a query string, each value percent-encoded: `library?q=…&tag=…`.
    public func with(query items: [(String, String)]) -> String {
        guard !items.isEmpty else { return path }
        return path + "?" + items.map { Self.percentEncoded($0.0) + "=" + Self.percentEncoded($0.1) }.joined(separator: "&")
    }

    /// Only the unreserved characters (RFC 3986: ASCII letters, digits, "-._~") stay as they are,
    /// so "+", "&" and "=" in a value stay a value; every other UTF-8 byte is "%XX", as Foundation's
    /// `addingPercentEncoding` writes it. By hand: that call, with its character set built each
    /// time, was a fifth of the library page's own rendering (its tab links and next page).
    static func percentEncoded(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.append(byte)
            default: out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The path to a part of the page: `books/…#notes`.
    public func with(fragment: String) -> String { path + "#" + fragment }
}
