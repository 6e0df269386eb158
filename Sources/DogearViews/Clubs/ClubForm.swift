import Foundation
import Plot

/// `/clubs/new`, and the settings part of `/clubs/{id}/settings`: a club's name, description, cover
/// and visibility. A refused form comes back with everything typed and the message beside its field.
public enum ClubForm {
    public struct Model: Sendable, Equatable {
        /// Nil for a new club.
        public var clubID: UUID?
        /// Name, description, cover and visibility: the fields a list's form has too.
        public var fields = ProfileFields()
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
            if !fields.place(message, field: field, pictureField: "coverUrl") { error = message }
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
                    .profileFields(
                        model.fields, pictureName: "coverUrl", pictureLabel: "Cover image address",
                        publicMeaning: "Public: anyone signed in can see its name, description and current book"),
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
