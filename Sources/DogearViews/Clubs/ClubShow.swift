import Foundation
import Plot

/// `/clubs/{id}`: the club's current book, members' progress against the schedule, the feed (kept
/// live by a script; a reload shows the same), the discussion with spoilers hidden until the reader
/// gets there, and the proposals for the next book. A public club's outsider sees the summary only.
public enum ClubShow {
    public struct Book: Sendable, Equatable {
        public var title: String
        public var authors: [String]
        public var coverUrl: String?
        public var startedOn: String
        /// The reader's own entry of it; nil offers "Add to my library".
        public var entryID: UUID?

        public init(title: String, authors: [String], coverUrl: String?, startedOn: String, entryID: UUID?) {
            self.title = title
            self.authors = authors
            self.coverUrl = coverUrl
            self.startedOn = startedOn
            self.entryID = entryID
        }
    }

    public struct Member: Sendable, Equatable {
        public var id: UUID
        public var name: String
        public var role: String
        /// "Page 120 of 400", "Finished", "Keeps their progress to themselves"…
        public var progressText: String?
        /// 0…1 for the bar; nil when hidden or not started.
        public var fraction: Double?
        /// "ahead", "onTrack", "behind".
        public var standing: String?
        public var isYou: Bool

        public init(
            id: UUID, name: String, role: String, progressText: String?, fraction: Double?, standing: String?, isYou: Bool
        ) {
            self.id = id
            self.name = name
            self.role = role
            self.progressText = progressText
            self.fraction = fraction
            self.standing = standing
            self.isYou = isYou
        }

        var initials: String {
            let letters = name.split(separator: " ").prefix(2).compactMap(\.first).map { String($0).uppercased() }
            return letters.isEmpty ? "?" : letters.joined()
        }
    }

    public struct Invite: Sendable, Equatable {
        public var code: String
        public var link: String
        public init(code: String, link: String) {
            self.code = code
            self.link = link
        }
    }

    public struct FeedItem: Sendable, Equatable {
        public var id: Int
        public var sentence: String
        public var when: String
        /// The exact time, shown on hover when `when` is relative ("5 minutes ago").
        public var exact: String?

        public init(id: Int, sentence: String, when: String, exact: String? = nil) {
            self.exact = exact
            self.id = id
            self.sentence = sentence
            self.when = when
        }
    }

    public struct Comment: Sendable, Equatable {
        public var id: UUID
        public var author: String
        public var when: String
        /// "About page 200", "About 40%".
        public var placeText: String?
        /// Nil while hidden.
        public var body: String?
        /// "page 200" while hidden.
        public var hiddenUntil: String?
        public var edited: Bool
        public var mayEdit: Bool
        public var mayDelete: Bool
        public var replies: [Comment]
        /// The exact time, shown on hover when `when` is relative.
        public var exact: String?

        public init(
            id: UUID, author: String, when: String, placeText: String?, body: String?, hiddenUntil: String?, edited: Bool,
            mayEdit: Bool, mayDelete: Bool, replies: [Comment], exact: String? = nil
        ) {
            self.exact = exact
            self.id = id
            self.author = author
            self.when = when
            self.placeText = placeText
            self.body = body
            self.hiddenUntil = hiddenUntil
            self.edited = edited
            self.mayEdit = mayEdit
            self.mayDelete = mayDelete
            self.replies = replies
        }
    }

    public struct Proposal: Sendable, Equatable {
        public var id: UUID
        public var title: String
        public var authors: [String]
        public var proposer: String
        public var votes: Int
        public var votedByMe: Bool

        public init(id: UUID, title: String, authors: [String], proposer: String, votes: Int, votedByMe: Bool) {
            self.id = id
            self.title = title
            self.authors = authors
            self.proposer = proposer
            self.votes = votes
            self.votedByMe = votedByMe
        }
    }

    /// A book of the reader's own, to propose or to make the current book.
    public struct Choice: Sendable, Equatable {
        public var workID: UUID
        public var title: String

        public init(workID: UUID, title: String) {
            self.workID = workID
            self.title = title
        }
    }

    public struct Model: Sendable, Equatable {
        public var id: UUID
        public var name: String
        public var description: String?
        public var coverUrl: String?
        public var isPublic: Bool
        public var memberCount: Int
        public var booksCompleted: Int
        /// The reader's role; nil for an outsider looking at a public club.
        public var role: String?
        public var book: Book?
        /// "By today: page 120 (Chapters 1–5 by 2026-03-19)".
        public var scheduleText: String?
        public var milestones: [String] = []
        public var members: [Member] = []
        public var hidesProgress = false
        public var feed: [FeedItem] = []
        public var feedMore: String?
        public var comments: [Comment] = []
        public var commentsMore: String?
        public var proposals: [Proposal] = []
        public var meetings: [Meeting] = []
        public var meetingForm = MeetingForm()
        public var choices: [Choice] = []
        /// The comment form as typed, when it was refused.
        public var commentBody = FieldState()
        public var commentPage = FieldState()
        public var proposeISBN = FieldState()
        public var currentISBN = FieldState()
        /// The club's code and invitation link, for those who may hand them out.
        public var invite: Invite?
        /// Choosing the current book: what was searched for and found (nil before a search).
        public var bookSearch: BookSearch.Model?
        public var session: PageSession

        public init(
            id: UUID, name: String, description: String?, coverUrl: String?, isPublic: Bool, memberCount: Int,
            booksCompleted: Int, role: String?, book: Book?, session: PageSession
        ) {
            self.id = id
            self.name = name
            self.description = description
            self.coverUrl = coverUrl
            self.isPublic = isPublic
            self.memberCount = memberCount
            self.booksCompleted = booksCompleted
            self.role = role
            self.book = book
            self.session = session
        }

        var isMember: Bool { role != nil }
        /// Owner or admin: chooses the book (the server searches for them only).
        public var runsTheClub: Bool { role == "owner" || role == "admin" }
    }

    public enum View {
        public static func render(_ model: Model) -> HTML {
            PageLayout.page(
                title: model.name, session: model.session, csrfToken: model.session.csrfToken, active: .clubs,
                .div(
                    .class("club-page"),
                    .attribute(named: "data-club-events", value: model.isMember ? SiteURL.clubEvents(model.id).path : nil),
                    .div(
                        .class("page-head"),
                        .h1(.userText(model.name)),
                        .unwrap(model.invite) { invite($0) },
                        .if(model.isMember, .a(.class("button"), .href(SiteURL.clubSettings(model.id).path), "Settings"))),
                    .unwrap(model.description) { .p(.class("list-description"), .userText($0)) },
                    .p(
                        .class("meta"),
                        .text(Figures.count(model.memberCount, "member")),
                        .text(" · \(model.booksCompleted) \(model.booksCompleted == 1 ? "book" : "books") finished together"),
                        .text(model.isPublic ? " · public" : " · private")),
                    currentBook(model),
                    .if(
                        !model.isMember,
                        .p(
                            .class("empty"),
                            "Members see who is where, the talk and the feed. Ask a member for the club's code to join.")),
                    .if(
                        model.isMember,
                        .group(meetings(model), members(model), discussion(model), feed(model), proposals(model)))
                ))
        }

        /// "Invite": the code and the link to hand a friend, one press away (no script needed to
        /// open it; the script adds Copy).
        static func invite(_ invite: Invite) -> Node<HTML.BodyContext> {
            .element(
                named: "details",
                nodes: [
                    .class("invite"),
                    .element(named: "summary", nodes: [.class("button"), .text("Invite")]),
                    .div(
                        .class("invite-body"),
                        .p("Friends join with this code, or by the link:"),
                        .p(.class("share-code"), .userText(invite.code)),
                        .p(
                            .a(.href(invite.link), .class("share-link"), .userText(invite.link)), " ",
                            .button(
                                .type(.button), .attribute(named: "hidden"), .userAttribute("data-copy", invite.link),
                                .text("Copy link")))),
                ])
        }
    }
}
