import DogearServices
import DogearStore
import Foundation
import Logging
import PostgresKit
import Vapor

/// On PostgreSQL, one connection per process that `LISTEN`s for club activity written by any
/// process sharing the database and wakes this process's streams. It reconnects after a second if
/// the connection drops.
package final class PostgresClubListener: LifecycleHandler, @unchecked Sendable {
    private let configuration: PostgresConnection.Configuration
    private var task: Task<Void, Never>?

    package init(configuration: PostgresConnection.Configuration) {
        self.configuration = configuration
    }

    package func didBootAsync(_ application: Application) async throws {
        let hub = application.clubEvents
        hub.useDatabaseNotifications()
        let logger = application.logger
        let configuration = configuration
        let eventLoop = application.eventLoopGroup.any()
        // The first LISTEN is in place before the server answers, so nothing written after boot is missed.
        let ready = eventLoop.makePromise(of: Void.self)
        task = Task {
            var first: EventLoopPromise<Void>? = ready
            while !Task.isCancelled {
                do {
                    let connection = try await PostgresConnection.connect(
                        on: eventLoop, configuration: configuration, id: 1, logger: logger
                    ).get()
                    defer { Task { try? await connection.close() } }
                    try await connection.listen(on: ClubEventHub.channel) { notifications in
                        first?.succeed(())
                        first = nil
                        for try await notification in notifications {
                            if let clubID = UUID(uuidString: notification.payload) { hub.deliver(clubID) }
                        }
                    }
                } catch is CancellationError {
                    break
                } catch {
                    // Boot goes on without live events rather than hang; the retry keeps trying.
                    first?.succeed(())
                    first = nil
                    logger.warning("club events: listening on PostgreSQL failed (\(error)); retrying in a second")
                }
                try? await Task.sleep(for: .seconds(1))
            }
            first?.succeed(())
        }
        try await ready.futureResult.get()
    }

    package func shutdownAsync(_ application: Application) async {
        task?.cancel()
    }
}
