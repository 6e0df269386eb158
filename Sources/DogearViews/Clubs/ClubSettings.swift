import Foundation
import Plot

/// `/clubs/{id}/settings`: for every member the join code, the invitation link and leaving; for owner
/// and admins the club's details, a new code, the schedule and the members' roles; for the owner
/// handing the club on and deleting it.
public enum ClubSettings {
    public struct Member: Sendable, Equatable {
        public var id: UUID
        public var name: String
        public var role: String

        public init(id: UUID, name: String, role: String) {
            self.id = id
            self.name = name
            self.role = role
        }
    }

    /// One row of the schedule form, as stored or as typed.
    public struct MilestoneRow: Sendable, Equatable {
        public var label: String
        public var page: String
        public var dueOn: String

        public init(label: String = "", page: String = "", dueOn: String = "") {
            self.label = label
            self.page = page
            self.dueOn = dueOn
        }
    }

    public struct Model: Sendable, Equatable {
        public var form: ClubForm.Model
        public var name: String
        public var role: String
        public var joinCode: String
        public var inviteLink: String
        public var members: [Member]
        public var hasBook: Bool
        public var milestones: [MilestoneRow]
        public var scheduleError: String?
        /// A message for leaving (the owner hands over first).
        public var leaveError: String?
        /// Readers removed from the club, who cannot join again by code until let back in (owner and admins).
        public var removals: [Member] = []
        /// Readers who asked to join, waiting for an owner or admin (owner and admins).
        public var joinRequests: [Member] = []

        public init(
            form: ClubForm.Model, name: String, role: String, joinCode: String, inviteLink: String, members: [Member],
            hasBook: Bool, milestones: [MilestoneRow]
        ) {
            self.form = form
            self.name = name
            self.role = role
            self.joinCode = joinCode
            self.inviteLink = inviteLink
            self.members = members
            self.hasBook = hasBook
            self.milestones = milestones
        }

        var runsTheClub: Bool { role == "owner" || role == "admin" }
        var session: PageSession { form.session }
    }

    public enum View {
        public static func render(_ model: Model) -> HTML {
            guard let clubID = model.form.clubID else { return ClubForm.View.render(model.form) }
            let csrf = model.session.csrfToken
            return PageLayout.page(
                title: "\(model.name) settings", session: model.session, csrfToken: csrf, active: .clubs,
                .group(
                    .div(
                        .class("page-head"), .h1(.userText(model.name), .text(" · settings")),
                        .a(.class("button"), .href(SiteURL.club(clubID).path), "Back to the club")),
                    .section(
                        .class("card share-sheet"), .attribute(named: "aria-labelledby", value: "code-title"),
                        .h2(.id("code-title"), "Invite"),
                        .p("Read this code aloud, or send the link: whoever has it can join."),
                        .p(.class("share-code"), .userText(model.joinCode)),
                        .p(
                            .a(.href(model.inviteLink), .class("share-link"), .userText(model.inviteLink)), " ",
                            .button(
                                .type(.button), .attribute(named: "hidden"), .userAttribute("data-copy", model.inviteLink),
                                .text("Copy link"))),
                        .if(
                            model.runsTheClub,
                            .form(
                                .action(SiteURL.clubCode(clubID).path), .method(.post), .class("inline"), .csrf(csrf),
                                .button(
                                    .type(.submit), .attribute(named: "data-confirm", value: "The old code will stop working."),
                                    .text("New code"))))
                    ),
                    .if(
                        model.runsTheClub,
                        .group(
                            .section(
                                .class("card narrow"), .attribute(named: "aria-labelledby", value: "details-title"),
                                .h2(.id("details-title"), "Details"), ClubForm.View.form(model.form)),
                            schedule(model, clubID: clubID),
                            .if(!model.joinRequests.isEmpty, joinRequests(model, clubID: clubID)),
                            members(model, clubID: clubID),
                            .if(!model.removals.isEmpty, removals(model, clubID: clubID)))),
                    .section(
                        .class("card danger-zone"), .attribute(named: "aria-labelledby", value: "leave-title"),
                        .h2(.id("leave-title"), "Leave"),
                        .unwrap(model.leaveError) {
                            .p(.class("form-error"), .attribute(named: "role", value: "alert"), .userText($0))
                        },
                        .form(
                            .action(SiteURL.leaveClub(clubID).path), .method(.post), .class("inline"), .csrf(csrf),
                            .button(
                                .type(.submit), .class("danger"), .attribute(named: "data-confirm", value: "Leave this club?"),
                                .text("Leave the club"))),
                        .if(
                            model.role == "owner",
                            .form(
                                .action(SiteURL.deleteClub(clubID).path), .method(.post), .class("inline"), .csrf(csrf),
                                .button(
                                    .type(.submit), .class("danger"),
                                    .attribute(
                                        named: "data-confirm", value: "Delete the club, its talk and its history for everyone?"),
                                    .text("Delete the club"))))
                    )
                ))
        }

        static func schedule(_ model: Model, clubID: UUID) -> Node<HTML.BodyContext> {
            let rows = model.milestones + Array(repeating: MilestoneRow(), count: 2)
            return .section(
                .class("card"), .id("schedule"), .attribute(named: "aria-labelledby", value: "schedule-title"),
                .h2(.id("schedule-title"), "Schedule"),
                model.hasBook
                    ? .group(
                        .p(.class("meta"), "What to read by when, for the current book. Leave a row empty to drop it."),
                        .unwrap(model.scheduleError) {
                            .p(.class("form-error"), .attribute(named: "role", value: "alert"), .userText($0))
                        },
                        .form(
                            .action(SiteURL.clubSchedule(clubID).path), .method(.post), .csrf(model.session.csrfToken),
                            .ol(
                                .class("milestone-rows"),
                                .forEach(rows.enumerated()) { index, row in
                                    .li(
                                        .class("milestone-row"),
                                        .div(
                                            .class("field"), .label(.for("label-\(index)"), "What"),
                                            .input(
                                                .type(.text), .id("label-\(index)"), .name("label[]"),
                                                .userAttribute("value", row.label),
                                                .attribute(named: "placeholder", value: "Chapters 1–5"))),
                                        .div(
                                            .class("field"), .label(.for("page-\(index)"), "Up to page"),
                                            .input(
                                                .type(.number), .id("page-\(index)"), .name("page[]"),
                                                .userAttribute("value", row.page),
                                                .attribute(named: "min", value: "1"))),
                                        .div(
                                            .class("field"), .label(.for("due-\(index)"), "By"),
                                            .input(
                                                .type(.date), .id("due-\(index)"), .name("dueOn[]"),
                                                .userAttribute("value", row.dueOn)))
                                    )
                                }),
                            .button(.type(.submit), .class("primary"), .text("Save the schedule"))))
                    : .p(.class("empty"), "Choose the current book first; then set what to read by when.")
            )
        }

        static func joinRequests(_ model: Model, clubID: UUID) -> Node<HTML.BodyContext> {
            .section(
                .class("card"), .id("requests"), .attribute(named: "aria-labelledby", value: "requests-title"),
                .h2(.id("requests-title"), "Asking to join"),
                .ul(
                    .class("rows"),
                    .forEach(model.joinRequests) { asking in
                        .li(
                            .class("row"),
                            .div(.class("row-main"), .span(.class("member-name"), .userText(asking.name))),
                            .div(
                                .class("row-actions"),
                                .form(
                                    .action(SiteURL.clubApproveJoin(clubID, asking.id).path), .method(.post), .class("inline"),
                                    .csrf(model.session.csrfToken),
                                    .button(
                                        .type(.submit), .class("primary"), .userAttribute("aria-label", "Let \(asking.name) in"),
                                        .text("Let in"))),
                                .form(
                                    .action(SiteURL.clubDeclineJoin(clubID, asking.id).path), .method(.post), .class("inline"),
                                    .csrf(model.session.csrfToken),
                                    .button(
                                        .type(.submit), .userAttribute("aria-label", "Decline \(asking.name)"), .text("Decline")))
                            ))
                    })
            )
        }

        static func removals(_ model: Model, clubID: UUID) -> Node<HTML.BodyContext> {
            .section(
                .class("card"), .id("removals"), .attribute(named: "aria-labelledby", value: "removals-title"),
                .h2(.id("removals-title"), "Removed"),
                .p(.class("meta"), "They cannot join again with the club's code until you let them back in."),
                .ul(
                    .class("rows"),
                    .forEach(model.removals) { removed in
                        .li(
                            .class("row"),
                            .div(.class("row-main"), .span(.class("member-name"), .userText(removed.name))),
                            .div(
                                .class("row-actions"),
                                .form(
                                    .action(SiteURL.clubLetBackIn(clubID, removed.id).path), .method(.post), .class("inline"),
                                    .csrf(model.session.csrfToken),
                                    .button(
                                        .type(.submit), .userAttribute("aria-label", "Let \(removed.name) back in"),
                                        .text("Let back in")))))
                    })
            )
        }

        static func members(_ model: Model, clubID: UUID) -> Node<HTML.BodyContext> {
            let csrf = model.session.csrfToken
            return .section(
                .class("card"), .id("members"), .attribute(named: "aria-labelledby", value: "members-title"),
                .h2(.id("members-title"), "Members"),
                .ul(
                    .class("rows"),
                    .forEach(model.members) { member in
                        .li(
                            .class("row"),
                            .div(
                                .class("row-main"), .span(.class("member-name"), .userText(member.name)),
                                .span(.class("meta"), .text(" · \(member.role)"))),
                            .if(
                                member.role != "owner",
                                .div(
                                    .class("row-actions"),
                                    // Only the owner makes an admin a member again.
                                    .if(
                                        model.role == "owner" || member.role == "member",
                                        .form(
                                            .action(SiteURL.clubMemberRole(clubID, member.id).path), .method(.post),
                                            .class("inline"),
                                            .csrf(csrf),
                                            .input(
                                                .type(.hidden), .name("role"), .value(member.role == "admin" ? "member" : "admin")
                                            ),
                                            .button(
                                                .type(.submit),
                                                .text(member.role == "admin" ? "Make a member" : "Make an admin"),
                                                .userAttribute(
                                                    "aria-label",
                                                    "\(member.role == "admin" ? "Make a member:" : "Make an admin:") \(member.name)"
                                                ))
                                        )),
                                    .if(
                                        model.role == "owner",
                                        .form(
                                            .action(SiteURL.clubOwner(clubID).path), .method(.post), .class("inline"),
                                            .csrf(csrf),
                                            .input(.type(.hidden), .name("userId"), .value(member.id.uuidString)),
                                            .button(
                                                .type(.submit),
                                                .attribute(
                                                    named: "data-confirm", value: "Hand the club over? You become an admin."),
                                                .userAttribute("aria-label", "Hand the club to \(member.name)"),
                                                .text("Hand over")))),
                                    .if(
                                        model.role == "owner" || member.role == "member",
                                        .form(
                                            .action(SiteURL.clubRemoveMember(clubID, member.id).path), .method(.post),
                                            .class("inline"), .csrf(csrf),
                                            .button(
                                                .type(.submit), .class("danger"),
                                                .attribute(named: "data-confirm", value: "Remove this member?"),
                                                .userAttribute("aria-label", "Remove \(member.name)"), .text("Remove"))))
                                ))
                        )
                    })
            )
        }
    }
}
