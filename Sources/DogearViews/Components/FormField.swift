import Plot

/// A labelled input that shows what the reader typed and, beside it, what was wrong with it.
public struct FieldState: Sendable, Equatable {
    public var value: String
    public var error: String?

    public init(_ value: String = "", error: String? = nil) {
        self.value = value
        self.error = error
    }
}

extension Node where Context == HTML.FormContext {
    static func field(
        _ label: String, name: String, type: HTMLInputType = .text, state: FieldState = FieldState(),
        required: Bool = false, autocomplete: String? = nil, hint: String? = nil,
        list: String? = nil, id customID: String? = nil, extra: [Attribute<HTML.InputContext>] = []
    ) -> Node {
        // Two forms on one page may share a field's name; `customID` keeps their ids apart.
        let id = customID ?? "field-\(name)"
        var attributes: [Attribute<HTML.InputContext>] = [
            .type(type), .id(id), .name(name), .userAttribute("value", type == .password ? nil : state.value),
        ]
        if required { attributes.append(.required(true)) }
        if let autocomplete { attributes.append(.attribute(named: "autocomplete", value: autocomplete)) }
        if let list { attributes.append(.attribute(named: "list", value: list)) }
        if state.error != nil {
            attributes.append(.attribute(named: "aria-invalid", value: "true"))
            attributes.append(.attribute(named: "aria-describedby", value: "\(id)-error"))
        }
        attributes += extra
        return .div(
            .class(state.error == nil ? "field" : "field has-error"),
            .label(.for(id), .userText(label)),
            .selfClosedElement(named: "input", attributes: attributes),
            .unwrap(hint) { .small(.class("hint"), .userText($0)) },
            .unwrap(state.error) {
                .p(.id("\(id)-error"), .class("error"), .attribute(named: "role", value: "alert"), .userText($0))
            }
        )
    }
}

extension Node where Context == HTML.FormContext {
    /// A labelled choice that keeps what the reader chose and, beside it, what was wrong with it.
    /// An option's value may be empty ("any"): it is written, so the label is never sent instead.
    static func selectField(
        _ label: String, name: String, state: FieldState, options: [(String, String)], id customID: String? = nil
    ) -> Node {
        let id = customID ?? "field-\(name)"
        return .div(
            .class(state.error == nil ? "field" : "field has-error"),
            .label(.for(id), .text(label)),
            .select(
                .id(id), .attribute(named: "name", value: name),
                .if(state.error != nil, .attribute(named: "aria-invalid", value: "true")),
                .if(state.error != nil, .attribute(named: "aria-describedby", value: "\(id)-error")),
                .forEach(options) { value, text in
                    .element(
                        named: "option",
                        nodes: [
                            .userAttribute("value", value), .if(value == state.value, .attribute(named: "selected")),
                            .userText(text),
                        ])
                }
            ),
            .unwrap(state.error) {
                .p(.id("\(id)-error"), .class("error"), .attribute(named: "role", value: "alert"), .userText($0))
            }
        )
    }
}
