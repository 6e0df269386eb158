import Foundation
import Plot

/// `/join/{code}`: the link a member shares. Shows the club the code opens and a button to join (or,
/// where an owner or admin approves each join, to ask; then that the request waits).
public enum JoinClub {
    public struct Model: Sendable, Equatable {
        public var code: String
        public var name: String
        public var description: String?
        public var memberCount: Int
        /// The club approves each join: the button asks.
        public var approvesJoins = false
        /// The reader asked already; the request waits for an owner or admin.
        public var requested = false
        public var session: PageSession

        public init(code: String, name: String, description: String?, memberCount: Int, session: PageSession) {
            self.code = code
            self.name = name
            self.description = description
            self.memberCount = memberCount
            self.session = session
        }
    }

    public enum View {
        public static func render(_ model: Model) -> HTML {
            PageLayout.page(
                title: "Join \(model.name)", session: model.session, csrfToken: model.session.csrfToken, active: .clubs,
                .div(
                    .class("card narrow"),
                    .h1(.text("Join "), .userText(model.name)),
                    .unwrap(model.description) { .p(.userText($0)) },
                    .p(.class("meta"), .text(Figures.count(model.memberCount, "member"))),
                    model.requested
                        ? .p(
                            .class("notice"), .attribute(named: "role", value: "status"),
                            "You asked to join. An owner or admin of the club will let you in.")
                        : .form(
                            .action(SiteURL.joinByCode(model.code).path), .method(.post),
                            .csrf(model.session.csrfToken),
                            .unwrap(model.approvesJoins ? "An owner or admin of this club approves each new member." : nil) {
                                .p(.class("meta"), .text($0))
                            },
                            .button(
                                .type(.submit), .class("primary"),
                                .text(model.approvesJoins ? "Ask to join" : "Join the club")))
                ))
        }
    }
}
