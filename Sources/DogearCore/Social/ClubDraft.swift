/// A club as its owner sets it, before validation: the fields a list has too (`ProfileDraft`: name,
/// description, cover, public or not, under the same rules), and whether an owner or admin approves
/// each join by code (`approvesJoins`, off unless said).
public struct ClubDraft: Sendable, Equatable {
    public var profile: ProfileDraft
    public var approvesJoins: Bool?

    public init(
        name: String? = nil, description: String? = nil, coverUrl: String? = nil, isPublic: Bool? = nil,
        approvesJoins: Bool? = nil
    ) {
        profile = ProfileDraft(name: name, description: description, pictureUrl: coverUrl, isPublic: isPublic)
        self.approvesJoins = approvesJoins
    }

    public init(_ profile: ProfileDraft, approvesJoins: Bool?) {
        self.profile = profile
        self.approvesJoins = approvesJoins
    }

    public func validatedForCreate() throws -> ValidClub {
        ValidClub(try profile.validatedForCreate(pictureField: "coverUrl"), approvesJoins: approvesJoins ?? false)
    }

    /// The same rules for a change: a field not given keeps its value.
    public func validatedChange(of current: ValidClub) throws -> ValidClub {
        ValidClub(
            try profile.validatedChange(of: current.profile, pictureField: "coverUrl"),
            approvesJoins: approvesJoins ?? current.approvesJoins)
    }
}

public struct ValidClub: Sendable, Equatable {
    public var name: String
    public var description: String?
    public var coverUrl: String?
    public var isPublic: Bool
    public var approvesJoins: Bool

    public init(name: String, description: String?, coverUrl: String?, isPublic: Bool, approvesJoins: Bool = false) {
        self.name = name
        self.description = description
        self.coverUrl = coverUrl
        self.isPublic = isPublic
        self.approvesJoins = approvesJoins
    }

    public init(_ profile: ValidProfile, approvesJoins: Bool) {
        self.init(
            name: profile.name, description: profile.description, coverUrl: profile.pictureUrl,
            isPublic: profile.isPublic, approvesJoins: approvesJoins)
    }

    public var profile: ValidProfile {
        ValidProfile(name: name, description: description, pictureUrl: coverUrl, isPublic: isPublic)
    }
}

extension Limits {
    public static let membersPerClub = 500
    public static let clubsPerReader = 100
}
