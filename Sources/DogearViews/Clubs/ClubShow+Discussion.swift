import DogearCore
import Foundation
import Plot

/// The club page's discussion: the comment form, comments with hidden spoilers, replies, edit, delete.
extension ClubShow.View {
    static func discussion(_ model: ClubShow.Model) -> Node<HTML.BodyContext> {
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
                        .id("comment-body"), .name("body"), .required(true), .attribute(named: "rows", value: "3"),
                        .attribute(named: "aria-invalid", value: model.commentBody.error == nil ? nil : "true"),
                        .attribute(
                            named: "aria-describedby",
                            value: describedBy("comment-body", hasError: model.commentBody.error != nil)),
                        .userText(model.commentBody.value)),
                    .lengthCount(for: "comment-body", max: Limits.commentMaxLength),
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

    static func comment(_ comment: ClubShow.Comment, model: ClubShow.Model, isReply: Bool) -> Node<HTML.ListContext> {
        let csrf = model.session.csrfToken
        return .li(
            .class("comment"), .id("comment-\(comment.id.uuidString)"),
            .p(
                .class("comment-head"),
                .span(.class("member-name"), .userText(comment.author)),
                .span(
                    .class("meta"), .text(" · "), when(comment.when, exact: comment.exact),
                    .if(comment.edited, .text(" · edited"))),
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
}
