import Foundation
import Plot

/// `/clubs/new`, and the settings part of `/clubs/{id}/settings`: a club's name, description, cover
/// and visibility. A refused form comes back with everything typed and the message beside its field.
public enum ClubForm {
    public struct Model: Sendable, Equatable {
        /// Nil for a new club.
        public var clubID: UUID?
        public var name = FieldState()
        public var description = FieldState()
        public var coverUrl = FieldState()
        public var isPublic = false
        public var approvesJoins = false
        /// A message for the whole form (premium required, …).
        public var error: String?
        public var session: PageSession

        public init(clubID: UUID? = nil, session: PageSession) {
            self.clubID = clubID
            self.session = session
        }

        /// The message beside the field it names, or above the form.
        public mutating func place(_ message: String, field: String?) {
            switch field {
            case "name": name.error = message
            case "description": description.error = message
            case "coverUrl": coverUrl.error = message
            default: error = message
            }
        }
    }

    public enum View {
        public static func render(_ model: Model) -> HTML {
            PageLayout.page(
                title: "Start a club", session: model.session, csrfToken: model.session.csrfToken, active: .clubs,
                .div(.class("card narrow"), .h1("Start a club"), form(model)))
        }

        static func form(_ model: Model) -> Node<HTML.BodyContext> {
            let action = model.clubID.map { SiteURL.clubSettings($0).path } ?? SiteURL.newClub.path
            return .group(
                .unwrap(model.error) { .p(.class("form-error"), .attribute(named: "role", value: "alert"), .userText($0)) },
                .form(
                    .action(action), .method(.post), .class("club-form"),
                    .csrf(model.session.csrfToken),
                    .field("Name", name: "name", state: model.name, required: true, hint: "Up to 100 characters"),
                    .field(
                        "Description", name: "description", state: model.description, hint: "Optional; up to 2,000 characters"),
                    .field(
                        "Cover image address", name: "coverUrl", type: .url, state: model.coverUrl,
                        hint: "Optional; an https:// address"),
                    .div(
                        .class("field"),
                        .label(
                            .class("check"),
                            .input(
                                .type(.checkbox), .name("isPublic"), .value("true"),
                                .attribute(named: "checked", value: model.isPublic ? "checked" : nil)),
                            .text("Public: anyone signed in can see its name, description and current book"))),
                    .div(
                        .class("field"),
                        .label(
                            .class("check"),
                            .input(
                                .type(.checkbox), .name("approvesJoins"), .value("true"),
                                .attribute(named: "checked", value: model.approvesJoins ? "checked" : nil)),
                            .text("Approve each new member: the join code asks, and an owner or admin lets them in"))),
                    .button(.type(.submit), .class("primary"), .text(model.clubID == nil ? "Start the club" : "Save"))
                ))
        }
    }
}
