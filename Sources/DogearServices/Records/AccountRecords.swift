import DogearCore
import DogearStore
import Foundation

// What the account services answer with. The API's DTOs are built from these (API/DTO/AccountDTO+Records.swift)
// and the pages read them directly, so the JSON can change without the services or the pages.

package struct UserRecord: Sendable, Equatable {
    package var id: UUID
    package var email: String
    package var displayName: String
    package var photoUrl: String?
    package var onboardingDone: Bool
    package var genrePreferences: [String]
    package var timeZone: String
    package var tier: String
    package var createdAt: Date?

    package init(
        id: UUID, email: String, displayName: String, photoUrl: String? = nil, onboardingDone: Bool, genrePreferences: [String],
        timeZone: String, tier: String, createdAt: Date? = nil
    ) {
        self.id = id
        self.email = email
        self.displayName = displayName
        self.photoUrl = photoUrl
        self.onboardingDone = onboardingDone
        self.genrePreferences = genrePreferences
        self.timeZone = timeZone
        self.tier = tier
        self.createdAt = createdAt
    }

    package init(_ user: User) throws {
        self.id = try user.requireID()
        self.email = user.email
        self.displayName = user.displayName
        self.photoUrl = user.photoURL
        self.onboardingDone = user.onboardingDone
        self.genrePreferences = user.genrePreferences
        self.timeZone = user.timeZone
        self.tier = user.tier.rawValue
        self.createdAt = user.createdAt
    }
}

package struct AuthRecord: Sendable, Equatable {
    package var token: String
    package var user: UserRecord

    package init(token: String, user: UserRecord) {
        self.token = token
        self.user = user
    }
}

package struct DeviceSessionRecord: Sendable, Equatable {
    package var id: UUID
    package var userAgent: String?
    package var createdAt: Date
    package var lastUsedAt: Date
    package var current: Bool

    package init(id: UUID, userAgent: String? = nil, createdAt: Date, lastUsedAt: Date, current: Bool) {
        self.id = id
        self.userAgent = userAgent
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
        self.current = current
    }
}

package struct AppTokenRecord: Sendable, Equatable {
    package var id: UUID
    package var name: String
    package var scopes: [String]
    package var expiresAt: Date?
    package var lastUsedAt: Date?
    package var createdAt: Date
    package var token: String?

    package init(
        id: UUID, name: String, scopes: [String], expiresAt: Date? = nil, lastUsedAt: Date? = nil, createdAt: Date,
        token: String? = nil
    ) {
        self.id = id
        self.name = name
        self.scopes = scopes
        self.expiresAt = expiresAt
        self.lastUsedAt = lastUsedAt
        self.createdAt = createdAt
        self.token = token
    }

    package init(_ row: UserToken, secret: String?) throws {
        id = try row.requireID()
        name = row.name ?? ""
        scopes = (row.scopes ?? "").split(separator: " ").map(String.init)
        expiresAt = row.expiresAt
        lastUsedAt = row.lastUsedAt
        createdAt = row.createdAt ?? .distantPast
        token = secret
    }
}
