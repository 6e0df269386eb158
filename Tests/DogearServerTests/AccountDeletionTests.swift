import DogearCore
import DogearViews
import Fluent
import Foundation
import SQLKit
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// Every row of every table that names a reader (by id, in any column, in any of the forms the two
/// databases store it in) or holds their email: read straight from the database's own catalog of
/// tables, so a table added later is checked without anyone remembering to list it.
func rowsNaming(_ userID: UUID, email: String, in app: Application) async throws -> [String: Int] {
    let sql = app.db.sql
    var found: [String: Int] = [:]
    let textForms = [userID.uuidString, userID.uuidString.lowercased(), email, email.lowercased()]
    if sql.kind == .sqlite {
        let tables = try await sql.raw(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        ).all().map { try $0.decode(column: "name", as: String.self) }
        for table in tables {
            let columns = try await sql.raw("SELECT name FROM pragma_table_info(\(bind: table))").all()
                .map { try $0.decode(column: "name", as: String.self) }
            guard !columns.isEmpty else { continue }
            var query = SQLQueryString("SELECT COUNT(*) AS n FROM \(ident: table) WHERE ")
            for (index, column) in columns.enumerated() {
                if index > 0 { query.appendLiteral(" OR ") }
                // A UUID column holds 16 bytes; text columns (the search documents) hold its text.
                query.appendInterpolation(ident: column)
                query.appendLiteral(" IN (")
                query.appendInterpolation(bind: userID)
                for form in textForms {
                    query.appendLiteral(", ")
                    query.appendInterpolation(bind: form)
                }
                query.appendLiteral(")")
            }
            let count = try await sql.raw(query).first()?.decode(column: "n", as: Int.self) ?? 0
            if count > 0 { found[table] = count }
        }
    } else {
        let columns = try await sql.raw(
            """
            SELECT c.table_name, c.column_name FROM information_schema.columns c
            JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
            WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
            """
        ).all().map {
            (try $0.decode(column: "table_name", as: String.self), try $0.decode(column: "column_name", as: String.self))
        }
        for (table, tableColumns) in Dictionary(grouping: columns, by: \.0) {
            var query = SQLQueryString("SELECT COUNT(*) AS n FROM \(ident: table) WHERE ")
            for (index, column) in tableColumns.map(\.1).enumerated() {
                if index > 0 { query.appendLiteral(" OR ") }
                query.appendLiteral("CAST(")
                query.appendInterpolation(ident: column)
                query.appendLiteral(" AS TEXT) IN (")
                query.appendInterpolation(binds: textForms)
                query.appendLiteral(")")
            }
            let count = try await sql.raw(query).first()?.decode(column: "n", as: Int.self) ?? 0
            if count > 0 { found[table] = count }
        }
    }
    return found
}

@Suite("Deleting an account takes everything of the reader's and nothing of anyone else's")
struct AccountDeletionTests {
    /// Ann has a bit of everything: books with notes, quotes, sessions, tags and ratings; a list Bob
    /// saved and a list of Bob's she saved; an upload; an app token and a second session; a club she
    /// owns with Bob and Carol (Carol an admin), a club of her own alone, and talk in the first.
    struct World {
        let club: ReadingClub
        let carol: String
        let carolID: UUID
        let soloClub: UUID
        let soloCode: String
        let annList: String
        let bobList: String
        let bobReply: UUID
        let appToken: String
        let otherSession: String
    }

    static func build(_ app: Application) async throws -> World {
        let club = try await ReadingClub.start(app)
        let (ann, bob) = (club.ann, club.bob)
        let carol = try await app.signUp("carol@example.com", name: "Carol")
        let carolID = try #require(try await app.send(.GET, "/api/v1/me", token: carol)["id"] as? String).uuid
        let code = try await app.send(.GET, "/api/v1/clubs/\(club.club)", token: ann).decode(ClubDTO.self).joinCode!
        #expect(try await app.send(.POST, "/api/v1/clubs/join", token: carol, json: ["code": code]).status == .ok)
        let promoted = try await app.send(
            .PATCH, "/api/v1/clubs/\(club.club)/members/\(carolID)", token: ann, json: ["role": "admin"])
        #expect(promoted.status == .ok, "\(promoted.body)")

        // Ann's library: the club's book rated 5, another book with a tag, notes, quotes, a session.
        let annEntries = try await app.send(.GET, "/api/v1/library", token: ann).entries.items
        let longBook = try #require(annEntries.first)
        let rated = try await app.send(
            .PATCH, "/api/v1/library/\(longBook.id)", token: ann, json: ["status": "read", "rating": 5])
        #expect(rated.status == .ok, "\(rated.body)")
        let bobRated = try await app.send(
            .PATCH, "/api/v1/library/\(club.bobEntry)", token: bob, json: ["status": "read", "rating": 3])
        #expect(bobRated.status == .ok, "\(bobRated.body)")
        let other = try await app.addEntry(ann, title: "Ann's Own Book", authors: ["Solo Author"], extra: ["tags": ["Cosy"]])
        for (path, body) in [
            ("/api/v1/library/\(other.id)/notes", ["content": "A note about the tides", "discussion": true] as [String: Any]),
            ("/api/v1/library/\(other.id)/quotes", ["text": "A line I loved", "page": 3]),
            ("/api/v1/library/\(other.id)/sessions", ["date": "2026-03-13", "minutes": 30, "pagesRead": 20]),
        ] {
            let reply = try await app.send(.POST, path, token: ann, json: body)
            #expect(reply.status == .created, "\(path): \(reply.body)")
        }

        // Lists both ways.
        let annList = try await app.send(.POST, "/api/v1/lists", token: ann, json: ["name": "Ann's picks", "isPublic": true])
            .decode(ListDTO.self)
        #expect(
            try await app.send(.POST, "/api/v1/lists/\(annList.id)/items", token: ann, json: ["workId": other.work.id.uuidString])
                .status == .created)
        let bobList = try await app.send(.POST, "/api/v1/lists", token: bob, json: ["name": "Bob's picks", "isPublic": true])
            .decode(ListDTO.self)
        #expect(try await app.send(.POST, "/api/v1/shared-lists/\(annList.shareCode!)/save", token: bob).status.code < 300)
        #expect(try await app.send(.POST, "/api/v1/shared-lists/\(bobList.shareCode!)/save", token: ann).status.code < 300)

        // Club talk: Ann's comment with Bob's reply, Ann's proposal with Bob's vote, Ann's vote on Bob's.
        let annComment = try await app.send(
            .POST, "/api/v1/clubs/\(club.club)/comments", token: ann, json: ["body": "What a start"]
        ).decode(ClubCommentDTO.self)
        let reply = try await app.send(
            .POST, "/api/v1/clubs/\(club.club)/comments", token: bob,
            json: ["body": "Agreed, Bob here", "parentId": annComment.id.uuidString])
        #expect(reply.status == .created, "\(reply.body)")
        let annProposal = try await app.send(
            .POST, "/api/v1/clubs/\(club.club)/proposals", token: ann, json: ["workId": other.work.id.uuidString])
        #expect(annProposal.status == .created, "\(annProposal.body)")
        let bobBook = try await app.addEntry(bob, title: "Bob's Choice", authors: ["B. Author"])
        let bobProposal = try await app.send(
            .POST, "/api/v1/clubs/\(club.club)/proposals", token: bob, json: ["workId": bobBook.work.id.uuidString])
        #expect(bobProposal.status == .created, "\(bobProposal.body)")
        let annProposalID = try #require(annProposal.object["id"] as? String)
        let bobProposalID = try #require(bobProposal.object["id"] as? String)
        #expect(
            try await app.send(.POST, "/api/v1/clubs/\(club.club)/proposals/\(annProposalID)/vote", token: bob).status.code < 300)
        #expect(
            try await app.send(.POST, "/api/v1/clubs/\(club.club)/proposals/\(bobProposalID)/vote", token: ann).status.code < 300)

        // A club Ann is alone in.
        let solo = try await app.send(.POST, "/api/v1/clubs", token: ann, json: ["name": "Just me"]).decode(ClubDTO.self)

        // A shelf scan waiting for review: its photo and a proposal (written as the worker writes them).
        let scan = ShelfScan(userID: club.annID, at: fixedNow)
        try await scan.create(on: app.db)
        try await ShelfScanPhoto(scanID: try scan.requireID(), contentType: "image/jpeg", bytes: Data([0xFF, 0xD8])).create(
            on: app.db)
        try await ScanProposal(
            scanID: try scan.requireID(), userID: club.annID, number: 1, kind: .spine, confidence: .low,
            box: ScanBox(x: 0, y: 0, width: 10, height: 40)
        ).create(on: app.db)

        // An upload, an app token, a second device.
        let job = try await app.importFile(ann, ImportTests.threeBooks, fileName: "goodreads_library_export.csv")
        #expect(job.status == "done", "\(job)")
        // A preview waiting to be run keeps its upload on disk.
        _ = try await app.importFile(ann, ImportTests.threeBooks, dryRun: true)
        let appToken = try #require(
            try await app.send(.POST, "/api/v1/tokens", token: ann, json: ["name": "Script", "scopes": ["read", "write"]])[
                "token"] as? String)
        let second = try await app.send(
            .POST, "/api/v1/auth/signin", json: ["email": "ann@example.com", "password": "long enough"])
        // An e-reader's login and a book file it reported.
        let device = try await app.send(.POST, "/api/v1/devices", token: ann, json: ["username": "ann-kobo"])
        let kobo = KOReaderClient(
            app, username: "ann-kobo", password: try #require(device["password"] as? String), deviceID: "K1")
        #expect(try await kobo.push("0b2c5f7a9d1e3f4a", percentage: 0.25, progress: "25").status == .ok)
        // A password reset link she has not used yet.
        let annUser = try #require(try await User.find(club.annID, on: app.db))
        _ = try await PasswordResetService(
            db: app.db, now: fixedNow, baseURL: "http://dogear.test", resetPath: { SiteURL.resetPassword($0).path }
        ).makeLink(for: annUser)
        return World(
            club: club, carol: carol, carolID: carolID, soloClub: solo.id, soloCode: solo.joinCode!, annList: annList.id,
            bobList: bobList.id, bobReply: try reply.decode(ClubCommentDTO.self).id, appToken: appToken,
            otherSession: try #require(second["token"] as? String))
    }

    @Test("DELETE /api/v1/me: no row names Ann in any table; the catalog, Bob and Carol keep what is theirs")
    func deleteEverything() async throws {
        try await withDogear { app in
            let world = try await Self.build(app)
            let club = world.club
            let annID = club.annID
            // A day she moved her page (statistics' streaks).
            try await ReadingDays(db: app.db).record(userID: annID, day: fixedToday)
            // A goal for the year.
            try await ReadingGoal(userID: annID, draft: .init(year: 2026, metric: .books, target: 12, conditions: .init()))
                .create(on: app.db)
            let before = try await rowsNaming(annID, email: "ann@example.com", in: app)
            // The scan finds Ann wherever she is, so an empty scan afterwards means something.
            for table in [
                "users", "user_tokens", "library_entries", "notes", "quotes", "tags", "lists", "saved_lists", "club_members",
                "club_comments", "club_proposals", "club_votes", "club_activities", "imports", "clubs", "account_links",
                "reading_days", "reading_goals", "scans", "scan_proposals", "device_logins", "device_documents",
            ] {
                #expect(before[table, default: 0] > 0, "before deleting, \(table) names Ann")
            }
            let catalog = try await Self.catalogCounts(app)
            let uploads = try await ImportJob.query(on: app.db).all().map(\.filePath)
                .filter { FileManager.default.fileExists(atPath: $0) }
            #expect(!uploads.isEmpty)

            // Refused first: no password, a wrong one, an app's token. Nothing goes.
            let missing = try await app.send(.DELETE, "/api/v1/me", token: club.ann, json: [String: String]())
            #expect(missing.status == .unprocessableEntity && missing.errorField == "currentPassword")
            let wrong = try await app.send(.DELETE, "/api/v1/me", token: club.ann, json: ["currentPassword": "not it"])
            #expect(wrong.status == .unprocessableEntity && wrong.errorField == "currentPassword")
            let byApp = try await app.send(.DELETE, "/api/v1/me", token: world.appToken, json: ["currentPassword": "long enough"])
            #expect(byApp.status == .forbidden && byApp.errorCode == "insufficientScope")
            #expect(try await rowsNaming(annID, email: "ann@example.com", in: app) == before)

            let deleted = try await app.send(.DELETE, "/api/v1/me", token: club.ann, json: ["currentPassword": "long enough"])
            #expect(deleted.status == .noContent, "\(deleted.body)")

            #expect(try await rowsNaming(annID, email: "ann@example.com", in: app) == [:])
            for token in [club.ann, world.otherSession, world.appToken] {
                #expect(try await app.send(.GET, "/api/v1/me", token: token).status == .unauthorized)
            }
            #expect(uploads.allSatisfy { !FileManager.default.fileExists(atPath: $0) })
            #expect(try await Self.catalogCounts(app) == catalog)
            try await Self.expectOthersKeepTheirs(app, world)
        }
    }

    /// Bob and Carol after Ann went: the club is Carol's (the admin before the earlier member),
    /// Bob's reply stands on its own, the book's rating is Bob's alone, the solo club and its
    /// code are gone, Bob's list is whole and Ann's list left his saved lists.
    static func expectOthersKeepTheirs(_ app: Application, _ world: World) async throws {
        let club = world.club
        let summary = try await app.send(.GET, "/api/v1/clubs/\(club.club)", token: club.bob).decode(ClubDTO.self)
        #expect(summary.memberCount == 2)
        let members = try await club.members(club.bob)
        #expect(members.first { $0.role == "owner" }?.user.id == world.carolID)
        let comments = try await club.comments(club.bob)
        #expect(comments.map(\.id) == [world.bobReply])
        #expect(comments.first?.body == "Agreed, Bob here")
        let proposals = try await app.send(.GET, "/api/v1/clubs/\(club.club)/proposals", token: club.bob)
        #expect(proposals.array.count == 1, "\(proposals.body)")

        let work = try await app.send(.GET, "/api/v1/works/\(club.work)", token: club.bob).decode(WorkPageDTO.self).work
        #expect(work.ratingsCount == 1)
        #expect(work.averageRating == 3)
        let bobEntry = try await app.send(.GET, "/api/v1/library/\(club.bobEntry)", token: club.bob).entry
        #expect(bobEntry.rating == 3)

        #expect(try await app.send(.GET, "/api/v1/clubs/\(world.soloClub)", token: club.bob).status == .notFound)
        let joinSolo = try await app.send(.POST, "/api/v1/clubs/join", token: club.bob, json: ["code": world.soloCode])
        #expect(joinSolo.status == .notFound)
        #expect(try await app.send(.GET, "/api/v1/lists/\(world.bobList)", token: club.bob).status == .ok)
        let bobsLists = try await app.send(.GET, "/api/v1/lists", token: club.bob)
        #expect(!bobsLists.body.contains("Ann's picks"))
        // Codes are freed with what they opened: one each for Bob's list and the club that stays.
        #expect(try await ShareCodeRecord.query(on: app.db).count() == 2)
    }

    static func catalogCounts(_ app: Application) async throws -> [Int] {
        [
            try await Work.query(on: app.db).count(), try await Edition.query(on: app.db).count(),
            try await Author.query(on: app.db).count(),
        ]
    }

    @Test("dogear user delete EMAIL deletes the account the same way and says what went")
    func fromTheCommandLine() async throws {
        try await withDogear { app in
            let world = try await Self.build(app)
            var context = CommandContext(
                console: Terminal(), input: CommandInput(arguments: ["dogear", "delete", "ANN@example.com"]))
            context.application = app
            try await UserCommand().run(using: &context)
            #expect(try await rowsNaming(world.club.annID, email: "ann@example.com", in: app) == [:])
            try await Self.expectOthersKeepTheirs(app, world)
            var again = CommandContext(
                console: Terminal(), input: CommandInput(arguments: ["dogear", "delete", "ann@example.com"]))
            again.application = app
            await #expect(throws: (any Error).self) { try await UserCommand().run(using: &again) }
        }
    }

    @Test("the page offers the export first, says what happens to owned clubs, keeps asking on a wrong password")
    func page() async throws {
        try await withDogear { app in
            let world = try await Self.build(app)
            let web = WebClient(app)
            try await web.get("/signin")
            #expect(
                try await web.post("/signin", [("email", "ann@example.com"), ("password", "long enough")]).status == .seeOther)
            let page = try await web.get("/profile/delete")
            #expect(page.status == .ok)
            #expect(page.body.contains("href=\"/export\""))
            #expect(page.body.contains("Your club Family passes to Carol."))
            #expect(page.body.contains("Your club Just me is deleted (you are its only member)."))

            let wrong = try await web.post("/profile/delete", [("currentPassword", "nope")])
            #expect(wrong.status == .unprocessableEntity)
            #expect(wrong.body.contains("Is not your current password"))
            #expect(try await User.query(on: app.db).count() == 3)

            let done = try await web.post("/profile/delete", [("currentPassword", "long enough")])
            #expect(done.status == .seeOther)
            #expect(done.headers.first(name: .location) == "/signin?deleted=1")
            #expect(done.headers.setCookie?[WebCookies.session]?.string == "")
            #expect(try await rowsNaming(world.club.annID, email: "ann@example.com", in: app) == [:])
            let signIn = try await web.get("/signin?deleted=1")
            #expect(signIn.body.contains("Your account and everything in it were deleted."))
        }
    }
}
