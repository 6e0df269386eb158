import FluentKit
import Foundation

/// A reader's year in books shared by link: the unguessable token in `/y/{token}` reads that year's
/// summary signed out until the reader revokes it (the row goes). One live link per reader and year.
package final class YearShare: Model, @unchecked Sendable {
    package static let schema = "year_shares"

    @ID(key: .id) package var id: UUID?
    @Timestamp(key: "created_at", on: .create) package var createdAt: Date?

    @Field(key: "year") package var year: Int
    @Field(key: "token") package var token: String
    @Parent(key: "user_id") package var user: User

    /// The property wrappers, listed by hand: Fluent's default finds them by reflection each time a
    /// row is read or saved (`ModelPropertiesTests` holds this list to the declarations above).
    package var properties: [any AnyProperty] {
        [_id, _createdAt, _year, _token, _user]
    }

    package init() {}

    package init(userID: UUID, year: Int, token: String) {
        self.$user.id = userID
        self.year = year
        self.token = token
    }
}
