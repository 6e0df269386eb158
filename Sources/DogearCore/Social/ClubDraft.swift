/// A club as its owner sets it, before validation: a name of 1–100 characters after trimming, a
/// description of at most 2,000, a cover that is an http(s) address; private unless said otherwise;
/// whether an owner or admin approves each join by code (`approvesJoins`, off unless said).
public struct ClubDraft: Sendable, Equatable {
    public var name: String?
    public var description: String?
    public var coverUrl: String?
    public var isPublic: Bool?
    public var approvesJoins: Bool?

    public init(
        name: String? = nil, description: String? = nil, coverUrl: String? = nil, isPublic: Bool? = nil,
        approvesJoins: Bool? = nil
    ) {
        self.name = name
        self.description = description
        self.coverUrl = coverUrl
        self.isPublic = isPublic
        self.approvesJoins = approvesJoins
    }

    public func validatedForCreate() throws -> ValidClub {
        ValidClub(
            name: try Validate.text(name ?? "", field: "name", length: Limits.listNameLength),
            description: try Validate.optionalText(description, field: "description", maxLength: Limits.listDescriptionMaxLength),
            coverUrl: try Validate.optionalURL(coverUrl, field: "coverUrl"),
            isPublic: isPublic ?? false, approvesJoins: approvesJoins ?? false)
    }

    /// The same rules for a change: a field not given keeps its value; a blank description or cover
    /// clears it; the name can change but not become empty.
    public func validatedChange(of current: ValidClub) throws -> ValidClub {
        var next = current
        if let name { next.name = try Validate.text(name, field: "name", length: Limits.listNameLength) }
        if let description {
            next.description = try Validate.optionalText(
                description, field: "description", maxLength: Limits.listDescriptionMaxLength)
        }
        if let coverUrl { next.coverUrl = try Validate.optionalURL(coverUrl, field: "coverUrl") }
        if let isPublic { next.isPublic = isPublic }
        if let approvesJoins { next.approvesJoins = approvesJoins }
        return next
    }
}

public struct ValidClub: Sendable, Equatable {
    public init(name: String, description: String?, coverUrl: String?, isPublic: Bool, approvesJoins: Bool = false) {
        self.name = name
        self.description = description
        self.coverUrl = coverUrl
        self.isPublic = isPublic
        self.approvesJoins = approvesJoins
    }

    public var name: String
    public var description: String?
    public var coverUrl: String?
    public var isPublic: Bool
    public var approvesJoins: Bool
}

extension Limits {
    public static let membersPerClub = 500
    public static let clubsPerReader = 100
}
