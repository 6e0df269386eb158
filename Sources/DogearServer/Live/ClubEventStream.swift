import DogearServices
import DogearStore
import Foundation
import NIOCore
import Vapor

/// `GET /api/v1/clubs/{id}/events`: the club's feed as Server-Sent Events. Each activity is one
/// event (`id:` its activity id, `event: activity`, `data:` the same JSON the activity route gives,
/// spoilers hidden for this reader). A client that reconnects with `Last-Event-ID` first gets what
/// it missed; a new one starts from now. A comment line every 15 seconds keeps proxies from closing
/// the connection and lets the server notice a client that left; at each, the stream checks that
/// the session or token that opened it still stands (signed out, revoked, ended by a password
/// change or reset: the stream closes). A reader holds at most `eventStreamsPerReader` (16).
package enum ClubEventStream {
    package static func response(for req: Request, clubID: UUID) async throws -> Response {
        let feed = try req.clubFeed()
        let reader = try req.currentUserID()
        let hub = req.application.clubEvents
        let most = req.application.eventStreamsPerReader
        guard hub.openStreams(of: reader) < most else {
            var error = DomainError(
                .tooManyRequests, code: .tooManyStreams, "\(most) event streams are open for you already; close one first")
            error.retryAfterSeconds = 15
            throw error
        }
        // Asked before the stream starts, so a reader who may not see the club gets a plain 404.
        let latest = try await feed.latestActivityID(in: clubID)
        let resumeFrom = try lastEventID(req) ?? latest
        let heartbeat = req.application.eventStreamHeartbeat
        let tokenID = req.auth.get(UserToken.self)?.id
        let db = req.db
        let metrics = req.application.metrics
        let shared = req.application.sharedFeedReads
        let logger = req.logger
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]

        var headers = HTTPHeaders()
        headers.contentType = HTTPMediaType(type: "text", subType: "event-stream", parameters: ["charset": "utf-8"])
        headers.replaceOrAdd(name: .cacheControl, value: "no-cache")
        headers.replaceOrAdd(name: "X-Accel-Buffering", value: "no")
        let body = Response.Body(managedAsyncStream: { writer in
            let (wakeUps, cancel) = hub.subscribe(to: clubID, reader: reader)
            metrics.eventStreamOpened()
            defer {
                cancel()
                metrics.eventStreamClosed()
            }
            // Wake-ups and heartbeats arrive on one stream, so one loop waits for either.
            let (signals, signal) = AsyncStream<Bool>.makeStream()
            let forward = Task {
                for await _ in wakeUps { signal.yield(true) }
                signal.finish()
            }
            let beat = Task {
                while !Task.isCancelled {
                    try? await Task.sleep(for: heartbeat)
                    signal.yield(false)
                }
            }
            defer {
                forward.cancel()
                beat.cancel()
                signal.finish()
            }
            var last = resumeFrom
            // "retry" tells the browser how soon to reconnect; the first flush opens the stream at once.
            try await writer.write(.buffer(ByteBuffer(string: "retry: 2000\n: connected\n\n")))
            var pending = true  // what was missed before connecting
            var iterator = signals.makeAsyncIterator()
            while true {
                if pending {
                    do {
                        // Everything new, in batches, until there is nothing left.
                        while true {
                            let generation = hub.generation(of: clubID)
                            let batch = try await feed.activity(
                                in: clubID, after: last, shared: shared, generation: generation)
                            guard !batch.isEmpty else { break }
                            var text = ""
                            for activity in batch {
                                let json = String(decoding: try encoder.encode(ClubActivityDTO(activity)), as: UTF8.self)
                                text += "id: \(activity.id)\nevent: activity\ndata: \(json)\n\n"
                                last = activity.id
                            }
                            try await writer.write(.buffer(ByteBuffer(string: text)))
                        }
                    } catch let error as DomainError where error.kind == .notFound {
                        // Left or removed from the club, or the club is gone: the stream ends.
                        try await writer.write(.buffer(ByteBuffer(string: "event: closed\ndata: {}\n\n")))
                        return
                    }
                }
                guard let next = await iterator.next() else {
                    // The server is stopping: come back in a few seconds (to another process, or
                    // this one started again), from the last event (the browser sends its id).
                    if hub.isClosing { try? await writer.write(.buffer(ByteBuffer(string: "retry: 3000\n: restarting\n\n"))) }
                    return
                }
                pending = next
                if !next {
                    // The session or token that opened the stream is gone: so is the stream.
                    if let tokenID, try await UserToken.find(tokenID, on: db) == nil {
                        try await writer.write(.buffer(ByteBuffer(string: "event: closed\ndata: {}\n\n")))
                        return
                    }
                    try await writer.write(.buffer(ByteBuffer(string: ": keep-alive\n\n")))
                }
            }
        })
        logger.debug("club events: stream opened for club \(clubID) from \(resumeFrom)")
        return Response(status: .ok, headers: headers, body: body)
    }

    /// The `Last-Event-ID` header a reconnecting EventSource sends (or `?lastEventId=` for clients
    /// that cannot set headers).
    package static func lastEventID(_ req: Request) throws -> Int? {
        let queried = try req.query.get(String?.self, at: "lastEventId")
        guard let raw = req.headers.first(name: "Last-Event-ID") ?? queried else { return nil }
        guard let id = Int(raw.trimmingCharacters(in: .whitespaces)), id >= 0 else {
            throw DomainError.badRequest("Last-Event-ID '\(raw)' is not an event id from this stream", field: "Last-Event-ID")
        }
        return id
    }
}
