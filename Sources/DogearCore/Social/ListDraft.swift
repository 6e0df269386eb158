/// A custom list as a reader sets it, before validation: every field optional, so one type serves
/// creating (name required) and editing (only what is given changes).
public struct ListDraft: Sendable, Equatable {
    public var name: String?
    public var description: String?
    public var bannerUrl: String?
    public var isPublic: Bool?

    public init(name: String? = nil, description: String? = nil, bannerUrl: String? = nil, isPublic: Bool? = nil) {
        self.name = name
        self.description = description
        self.bannerUrl = bannerUrl
        self.isPublic = isPublic
    }

    /// A new list's fields: a name of 1–100 characters after trimming, a description of at most
    /// 2,000, a banner that is an http(s) address of at most 2,048; private unless said otherwise.
    public func validatedForCreate() throws -> ValidList {
        ValidList(
            name: try Validate.text(name ?? "", field: "name", length: Limits.listNameLength),
            description: try Validate.optionalText(
                description, field: "description", maxLength: Limits.listDescriptionMaxLength),
            bannerUrl: try Validate.optionalURL(bannerUrl, field: "bannerUrl"),
            isPublic: isPublic ?? false)
    }

    /// The same rules for a change: a field not given keeps its value; a blank description or
    /// banner clears it; the name can change but not become empty.
    public func validatedChange(of current: ValidList) throws -> ValidList {
        var next = current
        if let name { next.name = try Validate.text(name, field: "name", length: Limits.listNameLength) }
        if let description {
            next.description = try Validate.optionalText(
                description, field: "description", maxLength: Limits.listDescriptionMaxLength)
        }
        if let bannerUrl { next.bannerUrl = try Validate.optionalURL(bannerUrl, field: "bannerUrl") }
        if let isPublic { next.isPublic = isPublic }
        return next
    }
}

/// A list's fields that passed the rules.
public struct ValidList: Sendable, Equatable {
    public var name: String
    public var description: String?
    public var bannerUrl: String?
    public var isPublic: Bool

    public init(name: String, description: String? = nil, bannerUrl: String? = nil, isPublic: Bool = false) {
        self.name = name
        self.description = description
        self.bannerUrl = bannerUrl
        self.isPublic = isPublic
    }
}

/// A note on a list item: at most 500 characters, blank means none.
public enum ListItemNote {
    public static func validated(_ text: String?) throws -> String? {
        try Validate.optionalText(text, field: "note", maxLength: Limits.listItemNoteMaxLength)
    }
}
