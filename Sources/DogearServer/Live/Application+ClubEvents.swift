import DogearServices
import DogearStore
import Foundation
import NIOConcurrencyHelpers
import Vapor

extension Application {
    private struct ClubEventHubKey: StorageKey {
        package typealias Value = ClubEventHub
    }

    private struct EventHeartbeatKey: StorageKey { typealias Value = Duration }

    /// How often an open stream sends a keep-alive and checks its session still stands (15 s; tests
    /// shorten it).
    package var eventStreamHeartbeat: Duration {
        get { storage[EventHeartbeatKey.self] ?? .seconds(15) }
        set { storage[EventHeartbeatKey.self] = newValue }
    }

    private struct StreamsPerReaderKey: StorageKey { typealias Value = Int }

    /// Open streams one reader may hold in this process (tabs, devices): 16; the next is refused 429.
    package var eventStreamsPerReader: Int {
        get { storage[StreamsPerReaderKey.self] ?? 16 }
        set { storage[StreamsPerReaderKey.self] = newValue }
    }

    /// This process's hub (made on first use).
    package var clubEvents: ClubEventHub {
        if let hub = storage[ClubEventHubKey.self] { return hub }
        let hub = ClubEventHub()
        storage[ClubEventHubKey.self] = hub
        return hub
    }
}
