import DogearScan

/// Where a sent photo waits to be read: the server's scan worker. The service asks whether photos
/// can be read on this machine, and wakes the queue once a photo is saved.
package protocol ScanQueue: Sendable {
    var availability: ScanEngine.Availability { get }
    func wake()
}

extension ScanQueue {
    /// Why this server cannot scan, when it cannot.
    package var unavailableReason: String? {
        if case .unavailable(let unavailable) = availability { return unavailable.reason }
        return nil
    }
}
