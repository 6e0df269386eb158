import Fluent
import Foundation

/// A reader's year in books shared by link: the unguessable token in `/y/{token}` reads that year's
/// summary signed out until the reader revokes it (the row goes). One live link per reader and year.
final class YearShare: Model, @unchecked Sendable {
    static let schema = "year_shares"

    @ID(key: .id) var id: UUID?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    @Field(key: "year") var year: Int
    @Field(key: "token") var token: String
    @Parent(key: "user_id") var user: User

    init() {}

    init(userID: UUID, year: Int, token: String) {
        self.$user.id = userID
        self.year = year
        self.token = token
    }
}
