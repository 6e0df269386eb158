import DogearServices
import DogearStore
import Foundation

// The API's shapes of the account services' records.

extension UserDTO {
    package init(_ record: UserRecord) {
        self.init(
            id: record.id, email: record.email, displayName: record.displayName, photoUrl: record.photoUrl,
            onboardingDone: record.onboardingDone, genrePreferences: record.genrePreferences, timeZone: record.timeZone,
            tier: record.tier, createdAt: record.createdAt)
    }
}

extension AuthResponse {
    package init(_ record: AuthRecord) {
        self.init(token: record.token, user: UserDTO(record.user))
    }
}

extension DeviceSessionDTO {
    package init(_ record: DeviceSessionRecord) {
        self.init(
            id: record.id, userAgent: record.userAgent, createdAt: record.createdAt, lastUsedAt: record.lastUsedAt,
            current: record.current)
    }
}

extension AppTokenDTO {
    package init(_ record: AppTokenRecord) {
        self.init(
            id: record.id, name: record.name, scopes: record.scopes, expiresAt: record.expiresAt, lastUsedAt: record.lastUsedAt,
            createdAt: record.createdAt, token: record.token)
    }
}

extension UserDTO {
    package init(_ user: User) throws {
        self.init(try UserRecord(user))
    }
}

extension AppTokenDTO {
    package init(_ row: UserToken, secret: String?) throws {
        self.init(try AppTokenRecord(row, secret: secret))
    }
}
