import DogearCore
import Fluent
import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// Issue 36's tier holes, replayed: imports made custom lists for free readers and past the cap, and
/// the premium exports were never gated.
@Suite("Trust: imports and exports keep to the tiers and the list cap")
struct TierTrustTests {
    func lists(_ app: Application, _ token: String) async throws -> [ListDTO] {
        try await app.send(.GET, "/api/v1/lists", token: token).decode([ListDTO].self).filter { !$0.isDefault }
    }

    @Test("tiers on: a free reader's shelves-as-lists import is refused (nothing kept); as tags it imports")
    func shelvesAsListsNeedPremium() async throws {
        try await withDogear(
            adjust: { $0.tiersEnabled = true },
            { app in
                let token = try await app.signUp()
                let refused = try await app.upload(token, ImportTests.threeBooks, query: "shelvesAs=lists")
                #expect(refused.status == .forbidden)
                #expect(refused.errorCode == "premiumRequired")
                #expect(refused.errorField == "shelvesAs")
                #expect(try FileManager.default.contentsOfDirectory(atPath: app.importsDirectory).isEmpty)
                #expect(try await app.send(.GET, "/api/v1/library", token: token).entries.items.isEmpty)
                let job = try await app.importFile(token, ImportTests.threeBooks)
                #expect(job.created == 3)
                #expect(try await lists(app, token).isEmpty)
            })
    }

    @Test("tiers on: a JSON backup's own lists come back for a premium reader only; a free reader gets the books")
    func backupListsNeedPremium() async throws {
        try await withDogear(
            adjust: { $0.tiersEnabled = true },
            { app in
                let premium = try await app.signUp("ann@example.com")
                let ann = try #require(try await User.query(on: app.db).filter(\.$emailKey == "ann@example.com").first())
                ann.tier = .premium
                try await ann.save(on: app.db)
                _ = try await app.importFile(premium, ImportTests.threeBooks, query: "shelvesAs=lists")
                #expect(try await lists(app, premium).count == 3)
                let backup = try await app.send(.GET, "/api/v1/export?format=json", token: premium)
                #expect(backup.status == .ok)

                let free = try await app.signUp("bob@example.com")
                let job = try await app.importFile(free, Data(backup.body.utf8), fileName: "backup.json")
                #expect(job.created == 3)
                #expect(try await lists(app, free).isEmpty)
            })
    }

    @Test("tiers on: the Goodreads and StoryGraph exports are premium, the JSON backup is everyone's")
    func exports() async throws {
        try await withDogear(
            adjust: { $0.tiersEnabled = true },
            { app in
                let free = try await app.signUp()
                _ = try await app.addEntry(free)
                for format in ["goodreads", "storygraph"] {
                    let refused = try await app.send(.GET, "/api/v1/export?format=\(format)", token: free)
                    #expect(refused.status == .forbidden, "\(format)")
                    #expect(refused.errorCode == "premiumRequired")
                }
                let json = try await app.send(.GET, "/api/v1/export?format=json", token: free)
                #expect(json.status == .ok)
                #expect(json.body.contains("Piranesi"))
                let reader = try #require(try await User.query(on: app.db).first())
                reader.tier = .premium
                try await reader.save(on: app.db)
                #expect(try await app.send(.GET, "/api/v1/export?format=goodreads", token: free).status == .ok)
            })
    }

    @Test("an import never makes a reader's list past the cap")
    func listCap() async throws {
        try await withDogear { app in
            let token = try await app.signUp()
            let userID = try await app.userID(token)
            try await WritePipeline(db: app.db, now: Date(), clubEvents: nil).run { _, changes in
                for index in 0..<(Limits.listsPerReader - 1) {
                    _ = try await ListService.make(
                        try ListDraft(name: "List \(index)").validatedForCreate(), ownerID: userID, with: changes)
                }
            }
            let job = try await app.importFile(token, ImportTests.threeBooks, query: "shelvesAs=lists")
            #expect(job.created == 3)
            #expect(try await ReadingList.query(on: app.db).filter(\.$owner.$id == userID).count() == Limits.listsPerReader)
        }
    }
}
