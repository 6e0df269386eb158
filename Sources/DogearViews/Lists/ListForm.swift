import Foundation
import Plot

/// `/lists/new` and `/lists/{id}/edit`: a list's name, description, banner and visibility. A
/// refused form comes back with everything typed and the message beside its field.
public enum ListForm {
    public struct Model: Sendable, Equatable {
        /// Nil for a new list.
        public var listID: String?
        /// Name, description, banner and visibility: the fields a club's form has too.
        public var fields = ProfileFields()
        /// A message for the whole form (premium required, …).
        public var error: String?
        public var session: PageSession

        public init(listID: String? = nil, session: PageSession) {
            self.listID = listID
            self.session = session
        }
    }

    public enum View {
        public static func render(_ model: Model) -> HTML {
            let action = model.listID.map { SiteURL.editList($0).path } ?? SiteURL.newList.path
            return PageLayout.page(
                title: model.listID == nil ? "New list" : "Edit list", session: model.session,
                csrfToken: model.session.csrfToken, active: .lists,
                .div(
                    .class("card narrow"),
                    .h1(.text(model.listID == nil ? "New list" : "Edit list")),
                    .unwrap(model.error) { .p(.class("form-error"), .attribute(named: "role", value: "alert"), .userText($0)) },
                    .form(
                        .action(action), .method(.post), .class("list-form"),
                        .csrf(model.session.csrfToken),
                        .profileFields(
                            model.fields, pictureName: "bannerUrl", pictureLabel: "Banner image address",
                            publicMeaning: "Anyone with the code can open it"),
                        .button(.type(.submit), .class("primary"), .text(model.listID == nil ? "Make the list" : "Save"))
                    ),
                    .unwrap(model.listID) { id in
                        .form(
                            .action(SiteURL.deleteList(id).path), .method(.post), .class("danger-zone"),
                            .csrf(model.session.csrfToken),
                            .button(
                                .type(.submit), .class("danger"), .attribute(named: "data-confirm", value: "Delete this list?"),
                                .text("Delete the list")))
                    }
                ))
        }
    }
}

extension ListForm.Model {
    /// The message beside the field it names, or above the form.
    public mutating func place(_ message: String, field: String?) {
        if !fields.place(message, field: field, pictureField: "bannerUrl") { error = message }
    }
}
