import DogearServices
import DogearStore
import Foundation

/// `POST /api/v1/discover/swipes` (and the deck page's forms).
package struct SwipeRequest: Decodable, Sendable {
    package var workId: UUID
    /// right, left or bookmark.
    package var action: String
    /// Where a right swipe or a bookmark puts the book: `want-to-read` (the default) or a list's id.
    package var listId: String?
}
