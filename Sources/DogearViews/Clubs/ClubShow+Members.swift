import Foundation
import Plot

/// The club page's members with their progress and standing, and the feed.
extension ClubShow.View {
    static func members(_ model: ClubShow.Model) -> Node<HTML.BodyContext> {
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

    static func feed(_ model: ClubShow.Model) -> Node<HTML.BodyContext> {
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
                            .userText(item.sentence), .span(.class("meta"), .text(" · "), when(item.when, exact: item.exact)))
                    }),
            .unwrap(model.feedMore) { cursor in
                .a(.class("more"), .href(SiteURL.club(model.id).with(query: [("feed", cursor)])), "Older activity")
            }
        )
    }

    /// A relative time with its exact time on hover (`<time title>`), or the text alone.
    static func when(_ text: String, exact: String?) -> Node<HTML.BodyContext> {
        guard let exact else { return .text(text) }
        return .element(named: "time", nodes: [.attribute(named: "title", value: exact), .text(text)])
    }
}
