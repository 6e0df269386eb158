import DogearCore
import FluentKit
import Foundation

package final class User: Model, @unchecked Sendable {
    package static let schema = "users"

    // MARK: managed
    @ID(key: .id) package var id: UUID?
    @Timestamp(key: "created_at", on: .none) package var createdAt: Date?
    @Timestamp(key: "updated_at", on: .none) package var updatedAt: Date?

    // MARK: data
    @Field(key: "email") package var email: String
    @Field(key: "email_key") package var emailKey: String
    @Field(key: "password_hash") package var passwordHash: String
    @Field(key: "display_name") package var displayName: String
    @OptionalField(key: "photo_url") package var photoURL: String?
    @Field(key: "onboarding_done") package var onboardingDone: Bool
    @Field(key: "genre_preferences") package var genrePreferences: [String]
    /// IANA zone; decides what "today" is for automatic dates and "this year" for stats.
    @Field(key: "time_zone") package var timeZone: String
    @Field(key: "tier") package var tier: Tier

    /// The property wrappers, listed by hand: Fluent's default finds them by reflection each time a
    /// row is read or saved, the costliest step of a write (`ModelPropertiesTests` holds this list
    /// to the declarations above).
    package var properties: [any AnyProperty] { fields }

    /// The same list typed as what a row is read into and a save written from: Fluent's own
    /// `input(to:)` and `output(from:)` cast each listed property to that type on every read and
    /// save, and these are the models every request reads or writes.
    private var fields: [any AnyDatabaseProperty] {
        [
            _id, _createdAt, _updatedAt, _email, _emailKey, _passwordHash, _displayName, _photoURL, _onboardingDone,
            _genrePreferences, _timeZone, _tier,
        ]
    }

    package func input(to input: any DatabaseInput) {
        for field in fields { field.input(to: input) }
    }

    package func output(from output: any DatabaseOutput) throws {
        for field in fields { try field.output(from: output) }
    }

    package init() {}

    package init(email: String, passwordHash: String, displayName: String) {
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
