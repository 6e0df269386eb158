/// A rule broken by something a user typed, naming the field so a form or an app can point at it.
public struct ValidationError: Error, Equatable, Sendable, CustomStringConvertible {
    public let field: String
    public let message: String

    public init(field: String, _ message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { "\(field): \(message)" }

    /// The same error reported under a parent path, e.g. `title` inside `book` becomes `book.title`.
    public func nested(in parent: String) -> ValidationError {
        ValidationError(field: parent.isEmpty ? field : "\(parent).\(field)", message)
    }
}
