/// What a list and a club have in common as their owner sets them: a name, a description, a
/// picture's address and whether others may find it. Every field optional, so one type serves
/// creating (the name required) and changing (only what is given changes).
public struct ProfileDraft: Sendable, Equatable {
    public var name: String?
    public var description: String?
    public var pictureUrl: String?
    public var isPublic: Bool?

    public init(name: String? = nil, description: String? = nil, pictureUrl: String? = nil, isPublic: Bool? = nil) {
        self.name = name
        self.description = description
        self.pictureUrl = pictureUrl
        self.isPublic = isPublic
    }

    /// New fields: a name of 1–100 characters after trimming, a description of at most 2,000, a
    /// picture that is an http(s) address of at most 2,048; private unless said otherwise.
    /// `pictureField` names the picture in a refusal (a list's `bannerUrl`, a club's `coverUrl`).
    public func validatedForCreate(pictureField: String) throws -> ValidProfile {
        ValidProfile(
            name: try Validate.text(name ?? "", field: "name", length: Limits.listNameLength),
            description: try Validate.optionalText(
                description, field: "description", maxLength: Limits.listDescriptionMaxLength),
            pictureUrl: try Validate.optionalURL(pictureUrl, field: pictureField),
            isPublic: isPublic ?? false)
    }

    /// The same rules for a change: a field not given keeps its value; a blank description or
    /// picture clears it; the name can change but not become empty.
    public func validatedChange(of current: ValidProfile, pictureField: String) throws -> ValidProfile {
        var next = current
        if let name { next.name = try Validate.text(name, field: "name", length: Limits.listNameLength) }
        if let description {
            next.description = try Validate.optionalText(
                description, field: "description", maxLength: Limits.listDescriptionMaxLength)
        }
        if let pictureUrl { next.pictureUrl = try Validate.optionalURL(pictureUrl, field: pictureField) }
        if let isPublic { next.isPublic = isPublic }
        return next
    }
}

/// A list's or a club's shared fields that passed the rules.
public struct ValidProfile: Sendable, Equatable {
    public var name: String
    public var description: String?
    public var pictureUrl: String?
    public var isPublic: Bool

    public init(name: String, description: String? = nil, pictureUrl: String? = nil, isPublic: Bool = false) {
        self.name = name
        self.description = description
        self.pictureUrl = pictureUrl
        self.isPublic = isPublic
    }
}
