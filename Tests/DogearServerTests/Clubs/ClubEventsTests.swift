import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

@Suite("A club's live feed (Server-Sent Events)")
struct ClubEventsTests {
    @Test("a new comment reaches an open stream; reconnecting with Last-Event-ID brings exactly what was missed")
    func liveAndResume() async throws {
        try await withDogear { app in
            let port = try await app.serveOnFreePort()
            let club = try await ReadingClub.start(app)
            let path = "/api/v1/clubs/\(club.club)/events"
            let stream = try await EventStreamConnection.open(port: port, path: path, token: club.bob)
            #expect(stream.status == .ok)

            try await app.must(.POST, "/api/v1/clubs/\(club.club)/comments", token: club.ann, json: ["body": "Hello, club"])
            let first = try #require(try await stream.next())
            #expect(first.event == "activity")
            let activity = try first.activity()
            #expect(activity.kind == "commented")
            #expect(activity.comment?.body == "Hello, club")
            #expect(first.id == String(activity.id))
            // Bob's own progress reaches his open stream too, from his library.
            try await club.bobAtPage(120)
            let kinds = try await stream.collect(2).map { try $0.activity().kind }
            #expect(kinds == ["started", "progressed"])
            stream.close()

            // While Bob is away: two comments, one of them a spoiler for him.
            try await app.must(.POST, "/api/v1/clubs/\(club.club)/comments", token: club.ann, json: ["body": "Missed one"])
            try await app.must(
                .POST, "/api/v1/clubs/\(club.club)/comments", token: club.ann, json: ["body": "The end!", "page": 390])
            let resumed = try await EventStreamConnection.open(
                port: port, path: path, token: club.bob, lastEventID: try #require(first.id))
            let missed = try await resumed.collect(4)
            #expect(missed.map { try? $0.activity().kind } == ["started", "progressed", "commented", "commented"])
            #expect(try missed[2].activity().comment?.body == "Missed one")
            #expect(try missed[3].activity().comment?.body == nil)
            #expect(try missed[3].activity().comment?.hiddenUntil == "page 390")
            let ids = missed.compactMap { $0.id.flatMap(Int.init) }
            #expect(ids == ids.sorted() && Set(ids).count == 4)
            // Nothing more: a comment posted now is the very next event (a repeat would come first).
            try await app.must(.POST, "/api/v1/clubs/\(club.club)/comments", token: club.ann, json: ["body": "Marker"])
            #expect(try await resumed.next()?.activity().comment?.body == "Marker")
            resumed.close()

            // A new stream without Last-Event-ID starts from now: nothing old is sent again.
            let fresh = try await EventStreamConnection.open(port: port, path: path, token: club.bob)
            try await app.must(.POST, "/api/v1/clubs/\(club.club)/comments", token: club.ann, json: ["body": "Now"])
            let now = try #require(try await fresh.next())
            #expect(try now.activity().comment?.body == "Now")
            fresh.close()
        }
    }

    @Test("a comment posted in an atomic batch reaches an open stream once the batch has committed")
    func batchedComment() async throws {
        try await withDogear { app in
            let port = try await app.serveOnFreePort()
            let club = try await ReadingClub.start(app)
            let stream = try await EventStreamConnection.open(
                port: port, path: "/api/v1/clubs/\(club.club)/events", token: club.bob)
            let operation: [String: Any] = [
                "method": "POST", "path": "/api/v1/clubs/\(club.club)/comments", "body": ["body": "From the queue"],
            ]
            let reply = try await app.send(
                .POST, "/api/v1/batch", token: club.ann, json: ["atomic": true, "operations": [operation]])
            #expect(reply.status == .ok, "\(reply.body)")
            // Woken before the commit, the stream would read nothing new and sleep until the next wake.
            let event = try #require(try await stream.next())
            #expect(try event.activity().comment?.body == "From the queue")
            stream.close()
        }
    }

    @Test("a member removed while listening gets a closing event at once; a bad Last-Event-ID is a 400")
    func closedAndBadID() async throws {
        try await withDogear { app in
            let port = try await app.serveOnFreePort()
            let club = try await ReadingClub.start(app)
            let path = "/api/v1/clubs/\(club.club)/events"
            let bad = try await EventStreamConnection.open(port: port, path: path, token: club.bob, lastEventID: "yesterday")
            #expect(bad.status == .badRequest)
            bad.close()
            let stream = try await EventStreamConnection.open(port: port, path: path, token: club.bob)
            #expect(
                try await app.send(.DELETE, "/api/v1/clubs/\(club.club)/members/\(club.bobID)", token: club.ann).status
                    == .noContent)
            // The removal wakes the club's streams: Bob's finds him gone and ends.
            let last = try #require(try await stream.next())
            #expect(last.event == "closed")
            #expect(try await stream.next(within: .seconds(5)) == nil)
            stream.close()
        }
    }
}
