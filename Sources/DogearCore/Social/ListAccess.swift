/// Who may do what to a reading list. One pure rule the list service asks before every read and
/// write, so no route decides for itself:
///
/// - A list is readable by its owner and, when public, by anyone signed in; only the owner changes it.
/// - Anyone who may not know a list exists (it is private and not theirs, or nobody is signed in)
///   gets "not found", never "forbidden": a private list's code answers exactly like a code that
///   does not exist.
/// - Someone who can see a public list but may not change it gets "forbidden".
/// - The default lists (Currently Reading, Want to Read, Finished, Favorites) follow the library;
///   they cannot be renamed, deleted or filled by hand, and are never shared.
public enum ListAccess {
    /// The asker's relation to the list.
    public enum Actor: String, Sendable, CaseIterable {
        case owner
        /// Signed in, not the owner, and has saved the list.
        case saver
        /// Signed in, not the owner, has not saved it.
        case otherReader
        case anonymous
    }

    public enum Kind: String, Sendable, CaseIterable {
        case defaultList, custom
    }

    public enum Action: String, Sendable, CaseIterable {
        case read, save, unsave, copy, edit, delete, addItem, moveItem, removeItem, replaceShareCode
    }

    /// Why the owner's own request is refused (answered 422 with this code).
    public enum Refusal: String, Sendable, Equatable {
        case cannotDeleteDefault, cannotChangeDefault, cannotSaveOwnList

        public var message: String {
            switch self {
            case .cannotDeleteDefault: return "cannot delete default list"
            case .cannotChangeDefault:
                return "a default list follows your library; it cannot be renamed, shared or filled by hand"
            case .cannotSaveOwnList: return "this is your own list"
            }
        }
    }

    public enum Decision: Equatable, Sendable {
        case allow
        case notFound
        case forbidden
        case refused(Refusal)
    }

    public static func decide(_ action: Action, by actor: Actor, kind: Kind, isPublic: Bool) -> Decision {
        // Default lists are never shared, whatever their flag says.
        let visible = actor == .owner || (actor != .anonymous && isPublic && kind == .custom)
        guard visible else { return .notFound }
        guard actor == .owner else {
            switch action {
            case .read, .copy, .save, .unsave: return .allow
            case .edit, .delete, .addItem, .moveItem, .removeItem, .replaceShareCode: return .forbidden
            }
        }
        switch (action, kind) {
        case (.read, _), (.copy, _): return .allow
        case (.save, _), (.unsave, _): return .refused(.cannotSaveOwnList)
        case (.delete, .defaultList): return .refused(.cannotDeleteDefault)
        case (.edit, .defaultList), (.addItem, .defaultList), (.moveItem, .defaultList), (.removeItem, .defaultList),
            (.replaceShareCode, .defaultList):
            return .refused(.cannotChangeDefault)
        case (.edit, .custom), (.delete, .custom), (.addItem, .custom), (.moveItem, .custom), (.removeItem, .custom),
            (.replaceShareCode, .custom):
            return .allow
        }
    }
}
