import Foundation
import Plot

/// `/clubs`: the reader's clubs, a "join with a code" box, and a way to start a club.
public enum ClubsIndex {
    public struct Summary: Sendable, Equatable {
        public var id: UUID
        public var name: String
        public var memberCount: Int
        public var currentBook: String?
        public var role: String

        public init(id: UUID, name: String, memberCount: Int, currentBook: String?, role: String) {
            self.id = id
            self.name = name
            self.memberCount = memberCount
            self.currentBook = currentBook
            self.role = role
        }
    }

    public struct Model: Sendable, Equatable {
        public var clubs: [Summary]
        /// What was typed in the code box, and why it opened nothing.
        public var code: FieldState
        /// With tiers on, a free reader joins clubs but does not start them.
        public var mayCreate: Bool
        public var session: PageSession

        public init(clubs: [Summary], code: FieldState = FieldState(), mayCreate: Bool, session: PageSession) {
            self.clubs = clubs
            self.code = code
            self.mayCreate = mayCreate
            self.session = session
        }
    }

    public enum View {
        public static func render(_ model: Model) -> HTML {
            PageLayout.page(
                title: "Clubs", session: model.session, csrfToken: model.session.csrfToken, active: .clubs,
                .group(
                    .div(
                        .class("page-head"), .h1("Your clubs"),
                        .if(model.mayCreate, .a(.class("button primary-link"), .href(SiteURL.newClub.path), "Start a club"))),
                    .if(
                        !model.mayCreate,
                        .p(.class("meta"), "Starting a club comes with a premium account; joining one is for everyone.")),
                    model.clubs.isEmpty
                        ? .p(.class("empty"), "No clubs yet: join one with the code a friend gives you, or start your own.")
                        : .ul(
                            .class("list-cards"), .id("club-list"),
                            .forEach(model.clubs) { club in
                                .li(
                                    .class("card list-card"),
                                    .a(.href(SiteURL.club(club.id).path), .class("title"), .userText(club.name)),
                                    .p(
                                        .class("meta"),
                                        .text(Figures.count(club.memberCount, "member")),
                                        .unwrap(club.currentBook) { .group(.text(" · reading "), .userText($0)) },
                                        .if(club.role != "member", .text(" · \(club.role)")))
                                )
                            }),
                    .div(
                        .class("card narrow"),
                        .h2("Join with a code"),
                        .form(
                            .action(SiteURL.joinClub.path), .method(.post),
                            .csrf(model.session.csrfToken),
                            .field(
                                "Club code", name: "code", state: model.code, required: true,
                                hint: "Six letters and digits, as a member read it to you; any case",
                                extra: [.attribute(named: "autocapitalize", value: "characters")]),
                            .button(.type(.submit), .class("primary"), .text("Join the club"))
                        ))
                ))
        }
    }
}
