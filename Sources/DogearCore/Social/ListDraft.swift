/// A custom list as a reader sets it, before validation: its name, description, banner and
/// visibility, the fields a club has too (`ProfileDraft`, whose rules they follow).
public struct ListDraft: Sendable, Equatable {
    public var profile: ProfileDraft

    public init(name: String? = nil, description: String? = nil, bannerUrl: String? = nil, isPublic: Bool? = nil) {
        profile = ProfileDraft(name: name, description: description, pictureUrl: bannerUrl, isPublic: isPublic)
    }

    public init(_ profile: ProfileDraft) {
        self.profile = profile
    }

    /// A new list's fields (`ProfileDraft.validatedForCreate`; the banner is `bannerUrl`).
    public func validatedForCreate() throws -> ValidList {
        ValidList(try profile.validatedForCreate(pictureField: "bannerUrl"))
    }

    /// A change to a list's fields: what is not given stays.
    public func validatedChange(of current: ValidList) throws -> ValidList {
        ValidList(try profile.validatedChange(of: current.profile, pictureField: "bannerUrl"))
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

    public init(_ profile: ValidProfile) {
        self.init(
            name: profile.name, description: profile.description, bannerUrl: profile.pictureUrl, isPublic: profile.isPublic)
    }

    public var profile: ValidProfile {
        ValidProfile(name: name, description: description, pictureUrl: bannerUrl, isPublic: isPublic)
    }
}

/// A note on a list item: at most 500 characters, blank means none.
public enum ListItemNote {
    public static func validated(_ text: String?) throws -> String? {
        try Validate.optionalText(text, field: "note", maxLength: Limits.listItemNoteMaxLength)
    }
}
