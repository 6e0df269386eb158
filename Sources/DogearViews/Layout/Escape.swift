import DogearCore
import Plot

/// What a reader typed, made safe for HTML. Plot escapes text but keeps anything that looks like an
/// entity ("&amp;" typed by a reader would show as "&"), and does not escape attribute values at
/// all, so every piece of user text goes through here.
public enum Escape {
    /// Text between tags: `&`, `<`, `>`.
    public static func text(_ text: String) -> String {
        HTMLText.escape(text)
    }

    /// An attribute value in double quotes: also `"` and `'`.
    public static func attribute(_ text: String) -> String {
        HTMLText.escape(text, quotes: true)
    }
}

extension Node {
    /// A reader's text, shown exactly as typed.
    static func userText(_ text: String) -> Node { .raw(Escape.text(text)) }

    /// An attribute whose value may hold a reader's text. An empty value is written (`value=""`):
    /// an option without one would send its label instead. nil leaves the attribute out.
    static func userAttribute(_ name: String, _ value: String?) -> Node {
        .attribute(named: name, value: value.map(Escape.attribute), ignoreIfValueIsEmpty: value == nil)
    }
}

extension Attribute {
    /// An attribute whose value may hold a reader's text (inputs take attributes, not nodes).
    static func userAttribute(_ name: String, _ value: String?) -> Attribute {
        Attribute(name: name, value: value.map(Escape.attribute), ignoreIfValueIsEmpty: value == nil)
    }
}
