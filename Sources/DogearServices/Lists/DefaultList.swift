import DogearCore
import DogearStore
import Foundation

/// The lists every account has from the start: views over the library, always current, never
/// stored, shared, renamed or deleted.
package enum DefaultList: String, CaseIterable, Sendable {
    case currentlyReading = "currently-reading"
    case wantToRead = "want-to-read"
    case finished
    case favorites

    package var name: String {
        switch self {
        case .currentlyReading: return "Currently Reading"
        case .wantToRead: return "Want to Read"
        case .finished: return "Finished"
        case .favorites: return "Favorites"
        }
    }

    /// The SQL condition on `e` (library_entries) that puts an entry on this list.
    package var condition: String {
        switch self {
        case .currentlyReading: return "e.status = '\(ReadingStatus.reading.rawValue)'"
        case .wantToRead: return "e.status = '\(ReadingStatus.wantToRead.rawValue)'"
        case .finished: return "e.status = '\(ReadingStatus.read.rawValue)'"
        // SQLite stores booleans as 0/1 and reads TRUE as 1; PostgreSQL has a boolean.
        case .favorites: return "e.favorite = TRUE"
        }
    }
}
