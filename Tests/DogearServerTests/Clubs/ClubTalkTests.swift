import DogearCore
import Fluent
import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// A club with Ann (owner) and Bob (member) reading "The Long Book" (400 pages) together.
struct ReadingClub {
    let app: Application
    let ann: String
    let bob: String
    let annID: UUID
    let bobID: UUID
    let club: UUID
    let work: UUID
    /// Bob's entry of the club's book.
    let bobEntry: UUID

    static func start(_ app: Application, isPublic: Bool = false) async throws -> ReadingClub {
        let ann = try await app.signUp("ann@example.com", name: "Ann")
        let bob = try await app.signUp("bob@example.com", name: "Bob")
        let annID = try #require(try await app.send(.GET, "/api/v1/me", token: ann)["id"] as? String).uuid
        let bobID = try #require(try await app.send(.GET, "/api/v1/me", token: bob)["id"] as? String).uuid
        let annEntry = try await app.addEntry(ann, title: "The Long Book", authors: ["Ada Writer"], pageCount: 400)
        let club = try await app.send(.POST, "/api/v1/clubs", token: ann, json: ["name": "Family", "isPublic": isPublic])
            .decode(ClubDTO.self)
        let joined = try await app.send(.POST, "/api/v1/clubs/join", token: bob, json: ["code": club.joinCode!.lowercased()])
        #expect(joined.status == .ok)
        let set = try await app.send(
            .PUT, "/api/v1/clubs/\(club.id)/current-book", token: ann, json: ["workId": annEntry.work.id.uuidString])
        #expect(set.status == .ok)
        // Bob takes the club's offer: the book into his library, want to read.
        let added = try await app.send(
            .POST, "/api/v1/library", token: bob, json: ["workId": annEntry.work.id.uuidString, "status": "wantToRead"])
        #expect(added.status == .created, "\(added.body)")
        return ReadingClub(
            app: app, ann: ann, bob: bob, annID: annID, bobID: bobID, club: club.id, work: annEntry.work.id,
            bobEntry: try added.entry.id)
    }

    func bobAtPage(_ page: Int) async throws {
        let reply = try await app.send(.POST, "/api/v1/library/\(bobEntry)/progress", token: bob, json: ["page": page])
        #expect(reply.status == .ok, "\(reply.body)")
    }

    func comments(_ token: String, reveal: UUID? = nil) async throws -> [ClubCommentDTO] {
        let query = reveal.map { "?reveal=\($0)" } ?? ""
        return try await app.send(.GET, "/api/v1/clubs/\(club)/comments\(query)", token: token)
            .decode(DogearServer.Page<ClubCommentDTO>.self).items
    }

    func activity(_ token: String, cursor: String? = nil) async throws -> DogearServer.Page<ClubActivityDTO> {
        let query = cursor.map { "?cursor=\($0)" } ?? ""
        return try await app.send(.GET, "/api/v1/clubs/\(club)/activity\(query)", token: token)
            .decode(DogearServer.Page<ClubActivityDTO>.self)
    }

    func members(_ token: String) async throws -> [ClubMemberDTO] {
        try await app.send(.GET, "/api/v1/clubs/\(club)/members", token: token).decode([ClubMemberDTO].self)
    }
}

@Suite("Club talk: spoilers, progress, the feed, proposals, the schedule")
struct ClubTalkTests {
    @Test("a comment at page 200 is hidden from a member at page 50, shown once they pass it, never hidden from its author")
    func spoilerGating() async throws {
        try await withDogear { app in
            let club = try await ReadingClub.start(app)
            try await club.bobAtPage(50)
            let posted = try await app.send(
                .POST, "/api/v1/clubs/\(club.club)/comments", token: club.ann,
                json: ["body": "The twist with the lighthouse!", "page": 200])
            #expect(posted.status == .created)
            let comment = try posted.decode(ClubCommentDTO.self)
            #expect(comment.body == "The twist with the lighthouse!")  // the author sees their own

            let hidden = try #require(try await club.comments(club.bob).first)
            #expect(hidden.body == nil)
            #expect(hidden.hiddenUntil == "page 200")
            #expect(hidden.author.displayName == "Ann")
            // The feed tells the same: the comment is there, its words are not.
            let inFeed = try #require(try await club.activity(club.bob).items.first { $0.kind == "commented" })
            #expect(inFeed.comment?.body == nil)
            #expect(inFeed.comment?.hiddenUntil == "page 200")

            // Revealing shows it to Bob that once; the list still hides it.
            let revealed = try #require(try await club.comments(club.bob, reveal: comment.id).first)
            #expect(revealed.body == "The twist with the lighthouse!")
            let one = try await app.send(.GET, "/api/v1/comments/\(comment.id)?reveal=true", token: club.bob)
                .decode(ClubCommentDTO.self)
            #expect(one.body == "The twist with the lighthouse!")
            #expect(try await club.comments(club.bob).first?.body == nil)

            try await club.bobAtPage(199)
            #expect(try await club.comments(club.bob).first?.body == nil)
            try await club.bobAtPage(210)
            #expect(try await club.comments(club.bob).first?.body == "The twist with the lighthouse!")
            #expect(try await club.comments(club.bob).first?.hiddenUntil == nil)
        }
    }

    @Test("a comment by percent, and a finished reader sees everything")
    func percentAndFinished() async throws {
        try await withDogear { app in
            let club = try await ReadingClub.start(app)
            try await app.must(
                .POST, "/api/v1/clubs/\(club.club)/comments", token: club.ann, json: ["body": "The ending.", "percent": 90])
            #expect(try await club.comments(club.bob).first?.hiddenUntil == "90%")
            try await club.bobAtPage(200)  // 50%
            #expect(try await club.comments(club.bob).first?.body == nil)
            try await app.must(.POST, "/api/v1/library/\(club.bobEntry)/status", token: club.bob, json: ["status": "read"])
            #expect(try await club.comments(club.bob).first?.body == "The ending.")
        }
    }

    @Test("members' progress comes from their own library entries; hiding it and a private entry show as hidden to others")
    func membersProgress() async throws {
        try await withDogear { app in
            let club = try await ReadingClub.start(app)
            try await club.bobAtPage(100)
            let seenByAnn = try await club.members(club.ann)
            #expect(seenByAnn.map(\.user.displayName) == ["Ann", "Bob"])
            #expect(seenByAnn[0].role == "owner")
            #expect(seenByAnn[0].progress?.state == "notStarted")
            let bob = try #require(seenByAnn[1].progress)
            #expect(bob.state == "reading")
            #expect(bob.page == 100)
            #expect(bob.pageCount == 400)
            #expect(bob.percent == 25)

            let hide = try await app.send(
                .PATCH, "/api/v1/clubs/\(club.club)/members/\(club.bobID)", token: club.bob, json: ["hidesProgress": true])
            #expect(hide.status == .ok)
            #expect(try await club.members(club.ann)[1].progress?.state == "hidden")
            #expect(try await club.members(club.ann)[1].progress?.page == nil)
            #expect(try await club.members(club.bob)[1].progress?.page == 100)  // his own, he still sees
            // Nobody hides another member's progress.
            let other = try await app.send(
                .PATCH, "/api/v1/clubs/\(club.club)/members/\(club.bobID)", token: club.ann, json: ["hidesProgress": false])
            #expect(other.status == .forbidden)

            try await app.must(
                .PATCH, "/api/v1/clubs/\(club.club)/members/\(club.bobID)", token: club.bob, json: ["hidesProgress": false])
            try await app.must(.PATCH, "/api/v1/library/\(club.bobEntry)", token: club.bob, json: ["isPublic": false])
            #expect(try await club.members(club.ann)[1].progress?.state == "hidden")
        }
    }

    @Test("a member who keeps their progress to themselves puts no start, percent, finish or rating in the club's feed")
    func hiddenProgressStaysOutOfTheFeed() async throws {
        try await withDogear { app in
            let club = try await ReadingClub.start(app)
            let hide = try await app.send(
                .PATCH, "/api/v1/clubs/\(club.club)/members/\(club.bobID)", token: club.bob, json: ["hidesProgress": true])
            #expect(hide.status == .ok)
            let before = try await club.activity(club.ann).items.count
            try await club.bobAtPage(20)
            try await club.bobAtPage(390)
            let read = try await app.send(
                .POST, "/api/v1/library/\(club.bobEntry)/status", token: club.bob, json: ["status": "read"])
            #expect(read.status == .ok)
            let rated = try await app.send(.PATCH, "/api/v1/library/\(club.bobEntry)", token: club.bob, json: ["rating": 5])
            #expect(rated.status == .ok)
            let feed = try await club.activity(club.ann).items
            #expect(feed.count == before, "\(feed.map(\.kind))")
            #expect(!feed.contains { ["started", "progressed", "finished", "rated"].contains($0.kind) })
        }
    }

    @Test("a comment about a page past the book's last page is refused, naming the page count")
    func commentPastTheLastPage() async throws {
        try await withDogear { app in
            let club = try await ReadingClub.start(app)
            let past = try await app.send(
                .POST, "/api/v1/clubs/\(club.club)/comments", token: club.ann, json: ["body": "After the end?", "page": 401])
            #expect(past.status == .unprocessableEntity)
            #expect(past.errorField == "page")
            #expect(past.errorMessage?.contains("400 pages") == true)
            let last = try await app.send(
                .POST, "/api/v1/clubs/\(club.club)/comments", token: club.ann, json: ["body": "The last page.", "page": 400])
            #expect(last.status == .created)
            #expect(try await club.comments(club.bob).count == 1)
        }
    }

    @Test("the feed: joined, the club's book, added, started, 25/50/75 %, finished, rated; newest first, by cursor")
    func feed() async throws {
        try await withDogear { app in
            let club = try await ReadingClub.start(app)
            try await club.bobAtPage(20)  // started (wantToRead → reading by progress)
            try await club.bobAtPage(40)  // nothing new: not every page is news
            try await club.bobAtPage(210)  // crosses 25 and 50
            try await club.bobAtPage(390)  // crosses 75
            try await app.must(.POST, "/api/v1/library/\(club.bobEntry)/status", token: club.bob, json: ["status": "read"])
            try await app.must(.PATCH, "/api/v1/library/\(club.bobEntry)", token: club.bob, json: ["rating": 5])

            var kinds: [String] = []
            var amounts: [Int?] = []
            var cursor: String?
            repeat {
                let page = try await club.activity(club.ann, cursor: cursor)
                kinds += page.items.map(\.kind)
                amounts += page.items.map(\.amount)
                cursor = page.nextCursor
            } while cursor != nil
            #expect(
                kinds.reversed() == [
                    "joined", "clubStartedBook", "addedBook", "started", "progressed", "progressed", "progressed", "finished",
                    "rated",
                ])
            #expect(amounts.reversed().compactMap { $0 } == [25, 50, 75, 5])
            let ids = try await club.activity(club.ann).items.map(\.id)
            #expect(ids == ids.sorted(by: >))
        }
    }

    @Test("a reading session that moves the page is progress the club hears of")
    func sessionsTellTheClub() async throws {
        try await withDogear { app in
            let club = try await ReadingClub.start(app)
            let session = try await app.send(
                .POST, "/api/v1/library/\(club.bobEntry)/sessions", token: club.bob,
                json: ["date": "2026-03-14", "minutes": 40, "startPage": 0, "endPage": 120])
            #expect(session.status == .created, "\(session.body)")
            let kinds = try await club.activity(club.ann).items.prefix(2).map(\.kind)
            #expect(kinds == ["progressed", "started"])
        }
    }

    @Test("a private library entry never tells the club anything")
    func privateEntriesAreQuiet() async throws {
        try await withDogear { app in
            let club = try await ReadingClub.start(app)
            try await app.must(.PATCH, "/api/v1/library/\(club.bobEntry)", token: club.bob, json: ["isPublic": false])
            let before = try await club.activity(club.ann).items.count
            try await club.bobAtPage(300)
            try await app.must(.POST, "/api/v1/library/\(club.bobEntry)/status", token: club.bob, json: ["status": "read"])
            #expect(try await club.activity(club.ann).items.count == before)
        }
    }

    @Test("the feed page size and cursor: 30 at a time, nothing twice, nothing skipped")
    func feedPaging() async throws {
        try await withDogear { app in
            let club = try await ReadingClub.start(app)
            for index in 0..<40 {
                try await app.must(
                    .POST, "/api/v1/clubs/\(club.club)/comments", token: club.bob, json: ["body": "Note \(index)"])
            }
            let first = try await club.activity(club.ann)
            #expect(first.items.count == 30)
            let second = try await club.activity(club.ann, cursor: try #require(first.nextCursor))
            #expect(second.nextCursor == nil)
            let all = first.items + second.items
            #expect(Set(all.map(\.id)).count == all.count)
            #expect(all.count == 43)  // Bob joined, the club's book, Bob added it, and 40 comments
            let bad = try await app.send(.GET, "/api/v1/clubs/\(club.club)/activity?cursor=abc", token: club.ann)
            #expect(bad.status == .badRequest)
            #expect(bad.errorField == "cursor")
        }
    }

    @Test("replies go one level deep; the author edits for 15 minutes; authors and admins delete")
    func replyEditDelete() async throws {
        try await withDogear { app in
            let club = try await ReadingClub.start(app)
            let top = try await app.send(
                .POST, "/api/v1/clubs/\(club.club)/comments", token: club.ann, json: ["body": "Thoughts?"]
            )
            .decode(ClubCommentDTO.self)
            let reply = try await app.send(
                .POST, "/api/v1/clubs/\(club.club)/comments", token: club.bob,
                json: ["body": "Loved it", "parentId": top.id.uuidString]
            ).decode(ClubCommentDTO.self)
            #expect(reply.parentId == top.id)
            let deeper = try await app.send(
                .POST, "/api/v1/clubs/\(club.club)/comments", token: club.ann,
                json: ["body": "Why?", "parentId": reply.id.uuidString])
            #expect(deeper.status == .unprocessableEntity)
            #expect(deeper.errorField == "parentId")
            let listed = try await club.comments(club.ann)
            #expect(listed.count == 1)
            #expect(listed[0].replies.map(\.body) == ["Loved it"])

            let tooLong = try await app.send(
                .POST, "/api/v1/clubs/\(club.club)/comments", token: club.bob, json: ["body": String(repeating: "a", count: 5001)]
            )
            #expect(tooLong.status == .unprocessableEntity)
            #expect(tooLong.errorField == "body")
            let both = try await app.send(
                .POST, "/api/v1/clubs/\(club.club)/comments", token: club.bob, json: ["body": "x", "page": 3, "percent": 4])
            #expect(both.errorField == "page")

            let edited = try await app.send(.PATCH, "/api/v1/comments/\(reply.id)", token: club.bob, json: ["body": "Loved it!"])
            #expect(edited.status == .ok)
            #expect(try edited.decode(ClubCommentDTO.self).editedAt != nil)
            #expect(
                try await app.send(.PATCH, "/api/v1/comments/\(reply.id)", token: club.ann, json: ["body": "x"]).status
                    == .forbidden)
            app.clock = .fixed(fixedNow.addingTimeInterval(16 * 60))
            let late = try await app.send(.PATCH, "/api/v1/comments/\(reply.id)", token: club.bob, json: ["body": "Too late"])
            #expect(late.status == .unprocessableEntity)
            #expect(late.errorCode == "editWindowClosed")

            // Bob may not delete Ann's comment; Ann (the owner) may delete Bob's; the top one takes its replies.
            #expect(try await app.send(.DELETE, "/api/v1/comments/\(top.id)", token: club.bob).status == .forbidden)
            #expect(try await app.send(.DELETE, "/api/v1/comments/\(reply.id)", token: club.ann).status == .noContent)
            #expect(try await club.comments(club.ann)[0].replies.isEmpty)
            #expect(try await app.send(.DELETE, "/api/v1/comments/\(top.id)", token: club.ann).status == .noContent)
            #expect(try await club.comments(club.ann).isEmpty)
            #expect(try await club.activity(club.ann).items.allSatisfy { $0.kind != "commented" })
            #expect(try await app.send(.GET, "/api/v1/comments/\(top.id)", token: club.ann).errorCode == "commentNotFound")
        }
    }

    @Test("a discussion note from the reader's own notes can be shared to the club")
    func shareNote() async throws {
        try await withDogear { app in
            let club = try await ReadingClub.start(app)
            let note = try await app.send(
                .POST, "/api/v1/library/\(club.bobEntry)/notes", token: club.bob,
                json: ["content": "Ask about chapter 3", "discussion": true])
            #expect(note.status == .created, "\(note.body)")
            let noteID = try #require(note["id"] as? String)
            let shared = try await app.send(
                .POST, "/api/v1/clubs/\(club.club)/comments", token: club.bob, json: ["noteId": noteID])
            #expect(shared.status == .created)
            #expect(try shared.decode(ClubCommentDTO.self).body == "Ask about chapter 3")
            let privateNote = try await app.send(
                .POST, "/api/v1/library/\(club.bobEntry)/notes", token: club.bob, json: ["content": "Just mine"])
            let refused = try await app.send(
                .POST, "/api/v1/clubs/\(club.club)/comments", token: club.bob, json: ["noteId": privateNote["id"] as! String])
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.errorField == "noteId")
            // Someone else's note is not found, never shared.
            let stolen = try await app.send(
                .POST, "/api/v1/clubs/\(club.club)/comments", token: club.ann, json: ["noteId": noteID])
            #expect(stolen.status == .notFound)
        }
    }

    @Test("proposals: one vote each, taken back, the winner becomes the current book and the last one history")
    func proposals() async throws {
        try await withDogear { app in
            let club = try await ReadingClub.start(app)
            let next = try await app.addEntry(club.bob, title: "Next Book", authors: ["Bea Writer"])
            let other = try await app.addEntry(club.bob, title: "Other Book", authors: ["Cy Writer"])
            let proposed = try await app.send(
                .POST, "/api/v1/clubs/\(club.club)/proposals", token: club.bob, json: ["workId": next.work.id.uuidString]
            ).decode(ClubProposalDTO.self)
            let again = try await app.send(
                .POST, "/api/v1/clubs/\(club.club)/proposals", token: club.ann, json: ["workId": next.work.id.uuidString])
            #expect(again.errorCode == "alreadyProposed")
            let second = try await app.send(
                .POST, "/api/v1/clubs/\(club.club)/proposals", token: club.ann, json: ["entryId": other.id.uuidString])
            #expect(second.status == .notFound)  // Bob's entry is not Ann's to name
            try await app.must(
                .POST, "/api/v1/clubs/\(club.club)/proposals", token: club.bob, json: ["entryId": other.id.uuidString])

            let vote = "/api/v1/clubs/\(club.club)/proposals/\(proposed.id)/vote"
            #expect(try await app.send(.POST, vote, token: club.ann).decode(ClubProposalDTO.self).votes == 1)
            let twice = try await app.send(.POST, vote, token: club.ann).decode(ClubProposalDTO.self)
            #expect(twice.votes == 1)
            #expect(twice.votedByMe)
            #expect(try await app.send(.POST, vote, token: club.bob).decode(ClubProposalDTO.self).votes == 2)
            #expect(try await app.send(.DELETE, vote, token: club.bob).decode(ClubProposalDTO.self).votes == 1)
            let open = try await app.send(.GET, "/api/v1/clubs/\(club.club)/proposals", token: club.bob).decode(
                [ClubProposalDTO].self)
            #expect(open.map(\.work.title) == ["Next Book", "Other Book"])  // most votes first

            #expect(try await app.send(.POST, "\(vote.dropLast(5))/pick", token: club.bob).status == .forbidden)
            let picked = try await app.send(.POST, "/api/v1/clubs/\(club.club)/proposals/\(proposed.id)/pick", token: club.ann)
            #expect(picked.status == .ok)
            let summary = try await app.send(.GET, "/api/v1/clubs/\(club.club)", token: club.bob).decode(ClubDTO.self)
            #expect(summary.currentBook?.work.title == "Next Book")
            #expect(summary.booksCompleted == 1)
            #expect(
                try await app.send(.GET, "/api/v1/clubs/\(club.club)/proposals", token: club.bob).decode([ClubProposalDTO].self)
                    .isEmpty)
            #expect(try await app.send(.POST, vote, token: club.bob).errorCode == "proposalClosed")
            let books = try await app.send(.GET, "/api/v1/clubs/\(club.club)/books", token: club.bob).decode([ClubBookDTO].self)
            #expect(books.map(\.work.title) == ["Next Book", "The Long Book"])
            #expect(books[0].finishedOn == nil)
            #expect(books[1].finishedOn == fixedToday.description)
            let kinds = try await club.activity(club.ann).items.prefix(2).map(\.kind)
            #expect(kinds == ["clubStartedBook", "votesClosed"])
        }
    }

    @Test("the schedule: milestones by date, where the club should be today, who is ahead and behind")
    func schedule() async throws {
        try await withDogear { app in
            let club = try await ReadingClub.start(app)  // started today, 2026-03-14
            let put = try await app.send(
                .PUT, "/api/v1/clubs/\(club.club)/schedule", token: club.ann,
                json: [
                    "milestones": [
                        ["label": "Chapters 6–10", "page": 400, "dueOn": "2026-03-24"],
                        ["label": "Chapters 1–5", "page": 200, "dueOn": "2026-03-19"],
                    ]
                ])
            #expect(put.status == .ok, "\(put.body)")
            let schedule = try put.decode(ClubScheduleDTO.self)
            #expect(schedule.milestones.map(\.label) == ["Chapters 1–5", "Chapters 6–10"])
            #expect(schedule.expectedPage == 0)  // day one

            app.clock = .fixed(fixedNow.addingTimeInterval(3 * 86_400))  // 2026-03-17: 3/5 of the way to page 200
            let later = try await app.send(.GET, "/api/v1/clubs/\(club.club)/schedule", token: club.bob).decode(
                ClubScheduleDTO.self)
            #expect(later.expectedPage == 120)
            #expect(later.expectedPercent == 30)
            try await club.bobAtPage(60)
            let members = try await club.members(club.bob)
            #expect(members[1].progress?.standing == "behind")
            try await club.bobAtPage(200)
            #expect(try await club.members(club.bob)[1].progress?.standing == "ahead")

            let bad = try await app.send(
                .PUT, "/api/v1/clubs/\(club.club)/schedule", token: club.ann,
                json: ["milestones": [["label": "x", "dueOn": "next week"]]])
            #expect(bad.status == .unprocessableEntity)
            #expect(bad.errorField == "milestones[0].dueOn")
            // A refused schedule changed nothing.
            #expect(
                try await app.send(.GET, "/api/v1/clubs/\(club.club)/schedule", token: club.bob).decode(ClubScheduleDTO.self)
                    .milestones.count == 2)
        }
    }
}
