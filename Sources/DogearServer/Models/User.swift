import DogearCore
import Fluent
import Foundation

final class User: Model, @unchecked Sendable {
    static let schema = "users"

    // MARK: managed
    @ID(key: .id) var id: UUID?
    @Timestamp(key: "created_at", on: .none) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) var updatedAt: Date?

    // MARK: data
    @Field(key: "email") var email: String
    @Field(key: "email_key") var emailKey: String
    @Field(key: "password_hash") var passwordHash: String
    @Field(key: "display_name") var displayName: String
    @OptionalField(key: "photo_url") var photoURL: String?
    @Field(key: "onboarding_done") var onboardingDone: Bool
    @Field(key: "genre_preferences") var genrePreferences: [String]
    /// IANA zone; decides what "today" is for automatic dates and "this year" for stats.
    @Field(key: "time_zone") var timeZone: String
    @Field(key: "tier") var tier: Tier

    init() {}

    init(email: String, passwordHash: String, displayName: String) {
        self.email = email
        self.emailKey = email.lowercased()
        self.passwordHash = passwordHash
        self.displayName = displayName
        self.onboardingDone = false
        self.genrePreferences = []
        self.timeZone = "UTC"
        self.tier = .free
    }
}
