import Foundation
import Plot

/// The club page's proposals for the next book, with votes and the owner's pick.
extension ClubShow.View {
    static func proposals(_ model: ClubShow.Model) -> Node<HTML.BodyContext> {
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
