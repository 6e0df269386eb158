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

    public struct FeedItem: Sendable, Equatable {
        public var id: Int
        public var sentence: String
        public var when: String

        public init(id: Int, sentence: String, when: String) {
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

        public init(
            id: UUID, author: String, when: String, placeText: String?, body: String?, hiddenUntil: String?, edited: Bool,
            mayEdit: Bool, mayDelete: Bool, replies: [Comment]
        ) {
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
        public var choices: [Choice] = []
        /// The comment form as typed, when it was refused.
        public var commentBody = FieldState()
        public var commentPage = FieldState()
        public var proposeISBN = FieldState()
        public var currentISBN = FieldState()
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
        var runsTheClub: Bool { role == "owner" || role == "admin" }
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
                        .if(model.isMember, .a(.class("button"), .href(SiteURL.clubSettings(model.id).path), "Settings"))),
                    .unwrap(model.description) { .p(.class("list-description"), .userText($0)) },
                    .p(
                        .class("meta"),
                        .text(model.memberCount == 1 ? "1 member" : "\(model.memberCount) members"),
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
                        .group(members(model), discussion(model), feed(model), proposals(model)))
                ))
        }

        static func currentBook(_ model: Model) -> Node<HTML.BodyContext> {
            let csrf = model.session.csrfToken
            return .section(
                .class("card club-book"), .attribute(named: "aria-labelledby", value: "club-book-title"),
                .h2(.id("club-book-title"), "Reading now"),
                .unwrap(
                    model.book,
                    { book in
                        .div(
                            .class("row"),
                            .cover(book.coverUrl, title: book.title),
                            .div(
                                .class("row-main"),
                                book.entryID.map { entry in
                                    Node<HTML.BodyContext>.a(
                                        .href(SiteURL.book(entry).path), .class("title"), .userText(book.title))
                                } ?? .span(.class("title"), .userText(book.title)),
                                .authorsLine(book.authors),
                                .p(.class("meta"), .text("Since \(book.startedOn)")),
                                .if(
                                    model.isMember && book.entryID == nil,
                                    .form(
                                        .action(SiteURL.clubAddBook(model.id).path), .method(.post), .class("inline"),
                                        .csrf(csrf),
                                        .button(.type(.submit), .class("primary"), .text("Add to my library")))),
                                .unwrap(model.scheduleText) { .p(.class("schedule-marker"), .userText($0)) },
                                .if(
                                    !model.milestones.isEmpty,
                                    .ul(.class("milestones"), .forEach(model.milestones) { .li(.userText($0)) }))
                            ))
                    },
                    else: .p(
                        .class("empty"), .text(model.runsTheClub ? "Choose the club's first book below." : "No book chosen yet."))
                ),
                .if(model.runsTheClub, setBookForm(model))
            )
        }

        static func setBookForm(_ model: Model) -> Node<HTML.BodyContext> {
            .element(
                named: "details",
                nodes: [
                    .class("club-set-book"),
                    .element(named: "summary", nodes: [.text(model.book == nil ? "Choose the book" : "Change the book")]),
                    .form(
                        .action(SiteURL.clubCurrentBook(model.id).path), .method(.post),
                        .csrf(model.session.csrfToken),
                        bookChoice(model, prefix: "current", isbn: model.currentISBN),
                        .button(.type(.submit), .class("primary"), .text("Make it the current book"))),
                ])
        }

        /// One of the reader's books, or an ISBN to look up.
        static func bookChoice(_ model: Model, prefix: String, isbn: FieldState) -> Node<HTML.FormContext> {
            .group(
                .if(
                    !model.choices.isEmpty,
                    .div(
                        .class("field"),
                        .label(.for("\(prefix)-work"), "From your library"),
                        .select(
                            .id("\(prefix)-work"), .attribute(named: "name", value: "workId"),
                            .element(named: "option", nodes: [.userAttribute("value", ""), .text("—")]),
                            .forEach(model.choices) { choice in
                                .element(
                                    named: "option",
                                    nodes: [.userAttribute("value", choice.workID.uuidString), .userText(choice.title)])
                            }))),
                .field("Or an ISBN", name: "isbn", state: isbn, hint: "10 or 13 digits", id: "\(prefix)-isbn")
            )
        }

        static func members(_ model: Model) -> Node<HTML.BodyContext> {
            .section(
                .class("card"), .id("club-members"), .attribute(named: "aria-labelledby", value: "club-members-title"),
                .h2(.id("club-members-title"), "Who is where"),
                .ul(
                    .class("member-progress"),
                    .forEach(model.members) { member in
                        .li(
                            .class("member"),
                            .span(.class("avatar"), .attribute(named: "aria-hidden", value: "true"), .text(member.initials)),
                            .div(
                                .class("member-main"),
                                .p(
                                    .span(.class("member-name"), .userText(member.name)),
                                    .if(member.isYou, .text(" (you)")),
                                    .if(member.role != "member", .span(.class("meta"), .text(" · \(member.role)")))),
                                .unwrap(member.fraction) { .progressBar($0, label: "\(member.name)'s progress") },
                                .p(
                                    .class("meta"),
                                    .unwrap(member.progressText) { .userText($0) },
                                    .unwrap(member.standing) { standing in
                                        .span(.class("standing standing-\(standing)"), .text(" · \(Self.standing(standing))"))
                                    })
                            ))
                    }),
                .form(
                    .action(SiteURL.clubHideProgress(model.id).path), .method(.post), .class("inline"),
                    .csrf(model.session.csrfToken),
                    .input(.type(.hidden), .name("hide"), .value(model.hidesProgress ? "false" : "true")),
                    .button(
                        .type(.submit), .class("link"),
                        .text(model.hidesProgress ? "Show my progress to the club" : "Keep my progress to myself")))
            )
        }

        static func standing(_ value: String) -> String {
            switch value {
            case "ahead": return "ahead of schedule"
            case "behind": return "behind schedule"
            default: return "on schedule"
            }
        }

        static func feed(_ model: Model) -> Node<HTML.BodyContext> {
            .section(
                .class("card"), .attribute(named: "aria-labelledby", value: "club-feed-title"),
                .h2(.id("club-feed-title"), "What's happening"),
                model.feed.isEmpty
                    ? .p(.class("empty"), .id("club-feed"), "Nothing yet.")
                    : .ol(
                        .class("club-feed"), .id("club-feed"), .attribute(named: "aria-live", value: "polite"),
                        .forEach(model.feed) { item in
                            .li(
                                .attribute(named: "data-activity", value: String(item.id)),
                                .userText(item.sentence), .span(.class("meta"), .text(" · \(item.when)")))
                        }),
                .unwrap(model.feedMore) { cursor in
                    .a(.class("more"), .href(SiteURL.club(model.id).with(query: [("feed", cursor)])), "Older activity")
                }
            )
        }

        static func discussion(_ model: Model) -> Node<HTML.BodyContext> {
            let csrf = model.session.csrfToken
            return .section(
                .class("card"), .id("discussion"), .attribute(named: "aria-labelledby", value: "discussion-title"),
                .h2(.id("discussion-title"), "Discussion"),
                .form(
                    .action(SiteURL.clubComments(model.id).path), .method(.post), .class("comment-form"),
                    .csrf(csrf),
                    .div(
                        .class(model.commentBody.error == nil ? "field" : "field has-error"),
                        .label(.for("comment-body"), "Your comment"),
                        .textarea(
                            .id("comment-body"), .name("body"), .required(true), .attribute(named: "maxlength", value: "5000"),
                            .attribute(named: "rows", value: "3"),
                            .attribute(named: "aria-invalid", value: model.commentBody.error == nil ? nil : "true"),
                            .attribute(
                                named: "aria-describedby", value: model.commentBody.error == nil ? nil : "comment-body-error"),
                            .userText(model.commentBody.value)),
                        .unwrap(model.commentBody.error) {
                            .p(
                                .id("comment-body-error"), .class("error"), .attribute(named: "role", value: "alert"),
                                .userText($0))
                        }),
                    .field(
                        "About page (optional)", name: "page", type: .number, state: model.commentPage,
                        hint: "Members who have not reached it see it hidden until they do",
                        extra: [.attribute(named: "min", value: "1"), .attribute(named: "inputmode", value: "numeric")]),
                    .button(.type(.submit), .class("primary"), .text("Post"))),
                model.comments.isEmpty
                    ? .p(.class("empty"), .id("comment-list"), "No comments yet. Start the talk.")
                    : .ol(
                        .class("comments"), .id("comment-list"),
                        .forEach(model.comments) { comment($0, model: model, isReply: false) }),
                .unwrap(model.commentsMore) { cursor in
                    .a(.class("more"), .href(SiteURL.club(model.id).with(query: [("comments", cursor)])), "Older comments")
                }
            )
        }

        static func comment(_ comment: Comment, model: Model, isReply: Bool) -> Node<HTML.ListContext> {
            let csrf = model.session.csrfToken
            return .li(
                .class("comment"), .id("comment-\(comment.id.uuidString)"),
                .p(
                    .class("comment-head"),
                    .span(.class("member-name"), .userText(comment.author)),
                    .span(.class("meta"), .text(" · \(comment.when)"), .if(comment.edited, .text(" · edited"))),
                    .unwrap(comment.placeText) { .span(.class("meta"), .text(" · "), .userText($0)) }),
                .unwrap(
                    comment.body,
                    { .p(.class("comment-body"), .userText($0)) },
                    else: .p(
                        .class("spoiler"),
                        .text("Hidden until \(comment.hiddenUntil ?? "you get there") "),
                        .a(
                            .href(
                                SiteURL.club(model.id).with(query: [("reveal", comment.id.uuidString)])
                                    + "#comment-\(comment.id.uuidString)"),
                            .userAttribute("aria-label", "Reveal \(comment.author)'s comment anyway"), "Reveal"))),
                .div(
                    .class("row-actions"),
                    .if(
                        comment.mayEdit && comment.body != nil,
                        .element(
                            named: "details",
                            nodes: [
                                .element(named: "summary", nodes: [.text("Edit")]),
                                .form(
                                    .action(SiteURL.editComment(comment.id).path), .method(.post), .csrf(csrf),
                                    .label(.for("edit-\(comment.id.uuidString)"), "Edit your comment"),
                                    .textarea(
                                        .id("edit-\(comment.id.uuidString)"), .name("body"), .required(true),
                                        .attribute(named: "maxlength", value: "5000"), .userText(comment.body ?? "")),
                                    .button(.type(.submit), .text("Save"))),
                            ])),
                    .if(
                        comment.mayDelete,
                        .form(
                            .action(SiteURL.deleteComment(comment.id).path), .method(.post), .class("inline"), .csrf(csrf),
                            .button(
                                .type(.submit), .class("danger link"),
                                .attribute(named: "data-confirm", value: "Delete this comment?"),
                                .userAttribute("aria-label", "Delete \(comment.author)'s comment"), .text("Delete"))))
                ),
                .if(
                    !isReply,
                    .group(
                        .if(
                            !comment.replies.isEmpty,
                            .ol(.class("replies"), .forEach(comment.replies) { Self.comment($0, model: model, isReply: true) })),
                        .element(
                            named: "details",
                            nodes: [
                                .class("reply"),
                                .element(named: "summary", nodes: [.text("Reply")]),
                                .form(
                                    .action(SiteURL.clubComments(model.id).path), .method(.post), .csrf(csrf),
                                    .input(.type(.hidden), .name("parentId"), .value(comment.id.uuidString)),
                                    .label(.for("reply-\(comment.id.uuidString)"), .text("Reply to "), .userText(comment.author)),
                                    .textarea(
                                        .id("reply-\(comment.id.uuidString)"), .name("body"), .required(true),
                                        .attribute(named: "maxlength", value: "5000")),
                                    .button(.type(.submit), .text("Reply"))),
                            ])))
            )
        }

        static func proposals(_ model: Model) -> Node<HTML.BodyContext> {
            let csrf = model.session.csrfToken
            return .section(
                .class("card"), .id("proposals"), .attribute(named: "aria-labelledby", value: "proposals-title"),
                .h2(.id("proposals-title"), "What next?"),
                model.proposals.isEmpty
                    ? .p(.class("empty"), "No proposals yet: suggest the club's next book.")
                    : .ul(
                        .class("proposals"),
                        .forEach(model.proposals) { proposal in
                            .li(
                                .class("row"),
                                .div(
                                    .class("row-main"),
                                    .span(.class("title"), .userText(proposal.title)),
                                    .authorsLine(proposal.authors),
                                    .p(
                                        .class("meta"), .text("Proposed by "), .userText(proposal.proposer),
                                        .text(" · \(proposal.votes) \(proposal.votes == 1 ? "vote" : "votes")"))),
                                .div(
                                    .class("row-actions"),
                                    .form(
                                        .action(
                                            (proposal.votedByMe
                                                ? SiteURL.clubUnvote(model.id, proposal.id)
                                                : SiteURL.clubVote(model.id, proposal.id)).path),
                                        .method(.post), .class("inline"), .csrf(csrf),
                                        .button(
                                            .type(.submit),
                                            .userAttribute(
                                                "aria-label",
                                                "\(proposal.votedByMe ? "Take back your vote for" : "Vote for") \(proposal.title)"
                                            ),
                                            .text(proposal.votedByMe ? "Voted ✓" : "Vote"))),
                                    .if(
                                        model.runsTheClub,
                                        .form(
                                            .action(SiteURL.clubPick(model.id, proposal.id).path), .method(.post),
                                            .class("inline"), .csrf(csrf),
                                            .button(
                                                .type(.submit), .class("primary"),
                                                .userAttribute("aria-label", "Pick \(proposal.title) as the next book"),
                                                .text("Pick"))))
                                ))
                        }),
                .element(
                    named: "details",
                    nodes: [
                        .element(named: "summary", nodes: [.text("Propose a book")]),
                        .form(
                            .action(SiteURL.clubProposals(model.id).path), .method(.post), .csrf(csrf),
                            bookChoice(model, prefix: "propose", isbn: model.proposeISBN),
                            .button(.type(.submit), .text("Propose it"))),
                    ])
            )
        }
    }
}
