import Foundation
import Plot

/// `/discover`: one card at a time from the reader's deck, with what discovery has learned beside
/// it. Every action is a form (swipe left, add, bookmark into a chosen list, undo, start over), so
/// the page works without a script; `Public/js/discover.js` adds dragging, the keys (← → b u) and
/// swipes that never wait (the whole deck is on the page, the next cards fetched before it ends).
public enum DiscoverPage {
    public struct Card: Sendable, Equatable {
        public var workID: UUID
        public var title: String
        public var authors: String
        public var coverURL: String?
        public var pages: Int?
        public var genre: String?
        public var year: Int?
        public var description: String?
        public var reason: String

        public init(
            workID: UUID, title: String, authors: String, coverURL: String?, pages: Int?, genre: String?, year: Int?,
            description: String?, reason: String
        ) {
            self.workID = workID
            self.title = title
            self.authors = authors
            self.coverURL = coverURL
            self.pages = pages
            self.genre = genre
            self.year = year
            self.description = description
            self.reason = reason
        }
    }

    /// A genre or an author and its score, "Fantasy" +6.
    public struct Score: Sendable, Equatable {
        public var label: String
        public var score: Int

        public init(label: String, score: Int) {
            self.label = label
            self.score = score
        }
    }

    /// A list a right swipe or a bookmark can go to.
    public struct ListChoice: Sendable, Equatable {
        public var id: String
        public var name: String

        public init(id: String, name: String) {
            self.id = id
            self.name = name
        }
    }

    /// What discovery has learned, in words.
    public struct Learned: Sendable, Equatable {
        /// Best first.
        public var genres: [Score]
        public var authors: [Score]
        public var total: Int
        public var positive: Int
        public var negative: Int
        /// "long (about 450 pages)"
        public var length: String?
        public var personal: Bool
        public var learnedFromLibrary: Bool
        /// Swipes that stand: Undo and the counts show once there is one.
        public var swipes: Int

        public init(
            genres: [Score], authors: [Score], total: Int, positive: Int, negative: Int, length: String?, personal: Bool,
            learnedFromLibrary: Bool, swipes: Int = 0
        ) {
            self.swipes = swipes
            self.genres = genres
            self.authors = authors
            self.total = total
            self.positive = positive
            self.negative = negative
            self.length = length
            self.personal = personal
            self.learnedFromLibrary = learnedFromLibrary
        }
    }

    public struct Model: Sendable, Equatable {
        public var session: PageSession
        public var cards: [Card]
        /// Where a right swipe or a bookmark can go, Want to Read first.
        public var lists: [ListChoice]
        /// The list chosen last time (kept in the query after a swipe without a script).
        public var chosenList: String
        public var learned: Learned
        /// Said when the deck has run dry.
        public var dryMessage: String?
        /// A refused action, said above the deck.
        public var error: String?
        public var notice: String?

        public init(
            session: PageSession, cards: [Card], lists: [ListChoice], chosenList: String, learned: Learned,
            dryMessage: String?, error: String? = nil, notice: String? = nil
        ) {
            self.session = session
            self.cards = cards
            self.lists = lists
            self.chosenList = chosenList
            self.learned = learned
            self.dryMessage = dryMessage
            self.error = error
            self.notice = notice
        }
    }

    public enum View {
        public static func render(_ model: Model) -> HTML {
            PageLayout.page(
                title: "Discover", session: model.session, csrfToken: model.session.csrfToken, active: .discover,
                .group(
                    .h1("Discover"),
                    .p(
                        .class("hint"),
                        "Swipe right (or →) to add a book, left (or ←) if it is not for you, b to bookmark it into a list, u to undo."
                    ),
                    .unwrap(model.error) { .p(.class("form-error"), .attribute(named: "role", value: "alert"), .userText($0)) },
                    .unwrap(model.notice) { .p(.class("notice"), .attribute(named: "role", value: "status"), .userText($0)) },
                    .div(
                        .class("discover"),
                        .section(
                            .class("deck-area"), .attribute(named: "aria-label", value: "Your deck"),
                            deck(model)),
                        learned(model))
                ))
        }

        /// The cards, for the script to add to the deck when it runs low (`/discover?partial=cards`).
        public static func cardsFragment(_ model: Model) -> String {
            Node<HTML.BodyContext>.div(deck(model)).render()
        }

        /// What discovery learned, for the script to put in place after a swipe.
        public static func learnedFragment(_ model: Model) -> String {
            learned(model).render()
        }

        static func deck(_ model: Model) -> Node<HTML.BodyContext> {
            .group(
                .ol(
                    .class("deck"), .attribute(named: "data-deck", value: SiteURL.discover.with(query: [("partial", "cards")])),
                    .forEach(model.cards.enumerated()) { index, card in cardItem(card, first: index == 0, model: model) }),
                .p(
                    .class("deck-dry"), .attribute(named: "role", value: "status"),
                    .if(!model.cards.isEmpty, .attribute(named: "hidden", value: "hidden")),
                    .text(model.dryMessage ?? "That is the whole deck for now.")))
        }

        static func cardItem(_ card: Card, first: Bool, model: Model) -> Node<HTML.ListContext> {
            let facts = [
                card.pages.map { "\($0) pages" }, card.genre, card.year.map(String.init),
            ].compactMap { $0 }
            let formID = "swipe-\(card.workID.uuidString.lowercased())"
            return .li(
                .class("deck-card card"), .attribute(named: "data-work", value: card.workID.uuidString),
                .if(!first, .attribute(named: "hidden", value: "hidden")),
                .div(
                    .class("deck-cover"),
                    .unwrap(card.coverURL) { url in
                        .img(
                            .src(url), .alt("Cover of \(card.title)"),
                            .attribute(named: "loading", value: first ? "eager" : "lazy"))
                    }),
                .div(
                    .class("deck-body"),
                    .h2(.class("deck-title"), .userText(card.title)),
                    .p(.class("deck-authors"), .userText(card.authors)),
                    .if(!facts.isEmpty, .p(.class("meta"), .userText(facts.joined(separator: " · ")))),
                    .p(.class("deck-reason"), .userText(card.reason)),
                    .unwrap(card.description) { .p(.class("deck-description"), .userText($0)) },
                    .form(
                        .action(SiteURL.discoverSwipe.path), .method(.post), .class("swipe-form"), .id(formID),
                        .csrf(model.session.csrfToken),
                        .input(.type(.hidden), .name("workId"), .value(card.workID.uuidString)),
                        .selectField(
                            "Add to", name: "listId", state: FieldState(model.chosenList),
                            options: model.lists.map { ($0.id, $0.name) }, id: "\(formID)-list"),
                        .div(
                            .class("deck-actions"),
                            .button(
                                .type(.submit), .name("action"), .value("left"), .class("swipe-left"),
                                .attribute(named: "aria-keyshortcuts", value: "ArrowLeft"), .text("Not interested")),
                            .button(
                                .type(.submit), .name("action"), .value("bookmark"), .class("secondary"),
                                .attribute(named: "aria-keyshortcuts", value: "b"), .text("Bookmark")),
                            .button(
                                .type(.submit), .name("action"), .value("right"), .class("primary swipe-right"),
                                .attribute(named: "aria-keyshortcuts", value: "ArrowRight"), .text("Add"))
                        ))
                ))
        }

        static func learned(_ model: Model) -> Node<HTML.BodyContext> {
            let learned = model.learned
            return .section(
                .class("card learned"), .id("learned"), .attribute(named: "aria-labelledby", value: "learned-title"),
                .attribute(named: "aria-live", value: "polite"),
                .h2(.id("learned-title"), "What Discover has learned"),
                // Undo and the counts come with the first swipe; this section is what a swipe's
                // answer replaces, so they appear without a reload.
                learned.swipes > 0
                    ? .group(
                        .p(
                            .class("meta"),
                            .text(
                                "\(learned.total) \(learned.total == 1 ? "interaction" : "interactions") · \(learned.positive) liked · \(learned.negative) not for you"
                            )),
                        .form(
                            .action(SiteURL.discoverUndo.path), .method(.post), .class("undo-form"),
                            .csrf(model.session.csrfToken),
                            .button(.type(.submit), .class("secondary"), .text("Undo the last swipe"))))
                    : .p(.class("meta"), "No swipes yet: each one teaches Discover what you like."),
                .p(
                    .class("hint"),
                    .text(
                        learned.personal
                            ? "Your deck follows what you like, with something different now and then."
                            : "After five swipes or library changes your deck follows what you like; until then it is a mix of popular books."
                    )),
                .unwrap(learned.length) { .p(.text("You like \($0) books.")) },
                .if(
                    !learned.genres.isEmpty,
                    .group(
                        .h3("Genres"),
                        .ul(
                            .class("scores"),
                            .forEach(learned.genres.prefix(8)) { genre in
                                .li(.userText(genre.label), .text(" "), .span(.class("score"), .text(signed(genre.score))))
                            }))),
                .if(
                    !learned.authors.isEmpty,
                    .group(
                        .h3("Authors"),
                        .ul(
                            .class("scores"),
                            .forEach(learned.authors.prefix(5)) { author in
                                .li(.userText(author.label), .text(" "), .span(.class("score"), .text(signed(author.score))))
                            }))),
                .div(
                    .class("actions"),
                    .if(
                        !learned.learnedFromLibrary,
                        .form(
                            .action(SiteURL.discoverLearnLibrary.path), .method(.post), .class("inline"),
                            .csrf(model.session.csrfToken),
                            .button(.type(.submit), .class("secondary"), .text("Learn from my library")))),
                    .form(
                        .action(SiteURL.discoverStartOver.path), .method(.post), .class("inline"), .csrf(model.session.csrfToken),
                        .button(
                            .type(.submit), .class("link danger"),
                            .attribute(named: "data-confirm", value: "Forget what Discover has learned and start over?"),
                            .text("Start over")))))
        }

        static func signed(_ score: Int) -> String { score > 0 ? "+\(score)" : "\(score)" }
    }
}
