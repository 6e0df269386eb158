import Plot

/// The fields a list's form and a club's form share: the name, the description, the picture's
/// address and the public checkbox, each with what was typed and the message beside it.
public struct ProfileFields: Sendable, Equatable {
    public var name = FieldState()
    public var description = FieldState()
    public var picture = FieldState()
    public var isPublic = false

    public init() {}

    /// The fields as stored, or as typed into a refused form.
    public init(name: String, description: String?, picture: String?, isPublic: Bool) {
        self.name = FieldState(name)
        self.description = FieldState(description ?? "")
        self.picture = FieldState(picture ?? "")
        self.isPublic = isPublic
    }

    /// Puts the message beside the field it names (`pictureField` is the picture's name in the form
    /// and the API); false when none of these fields has that name.
    public mutating func place(_ message: String, field: String?, pictureField: String) -> Bool {
        switch field {
        case "name": name.error = message
        case "description": description.error = message
        case pictureField: picture.error = message
        default: return false
        }
        return true
    }
}

extension Node where Context == HTML.FormContext {
    /// The shared fields as a form shows them: `pictureName` and `pictureLabel` say which picture
    /// (a list's banner, a club's cover), `publicMeaning` who may see a public one.
    static func profileFields(
        _ fields: ProfileFields, pictureName: String, pictureLabel: String, publicMeaning: String
    ) -> Node {
        .group(
            .field("Name", name: "name", state: fields.name, required: true, hint: "Up to 100 characters"),
            .field("Description", name: "description", state: fields.description, hint: "Optional; up to 2,000 characters"),
            .field(pictureLabel, name: pictureName, type: .url, state: fields.picture, hint: "Optional; an https:// address"),
            .div(
                .class("field"),
                .label(
                    .class("check"),
                    .input(
                        .type(.checkbox), .name("isPublic"), .value("true"),
                        .attribute(named: "checked", value: fields.isPublic ? "checked" : nil)),
                    .text(publicMeaning))))
    }
}
