/// A club as its owner sets it, before validation: a name of 1–100 characters after trimming, a
/// description of at most 2,000, a cover that is an http(s) address; private unless said otherwise.
public struct ClubDraft: Sendable, Equatable {
    public var name: String?
    public var description: String?
    public var coverUrl: String?
    public var isPublic: Bool?

    public init(name: String? = nil, description: String? = nil, coverUrl: String? = nil, isPublic: Bool? = nil) {
        self.name = name
        self.description = description
        self.coverUrl = coverUrl
        self.isPublic = isPublic
    }

    public func validatedForCreate() throws -> ValidClub {
        ValidClub(
            name: try Validate.text(name ?? "", field: "name", length: Limits.listNameLength),
            description: try Validate.optionalText(description, field: "description", maxLength: Limits.listDescriptionMaxLength),
            coverUrl: try Validate.optionalURL(coverUrl, field: "coverUrl"),
            isPublic: isPublic ?? false)
    }
}

public struct ValidClub: Sendable, Equatable {
    public var name: String
    public var description: String?
    public var coverUrl: String?
    public var isPublic: Bool
}

extension Limits {
    public static let membersPerClub = 500
    public static let clubsPerReader = 100
}
