import DogearServices
import DogearStore
import Foundation
import Vapor

extension Application {
    private struct SharedFeedReadsKey: StorageKey {
        package typealias Value = SharedFeedReads
    }

    package var sharedFeedReads: SharedFeedReads {
        if let reads = storage[SharedFeedReadsKey.self] { return reads }
        let reads = SharedFeedReads()
        storage[SharedFeedReadsKey.self] = reads
        return reads
    }
}
