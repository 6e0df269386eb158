import DogearCore
import Fluent
import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// The list service as the API and the pages will call it (its routes come next), on SQLite and
/// PostgreSQL.
@Suite("Lists: defaults, custom lists, share codes, saving, tiers")
struct ListServiceTests {
    func reader(_ app: Application, _ email: String, name: String) async throws -> (token: String, user: User) {
        let token = try await app.signUp(email, name: name)
        let user = try #require(try await User.query(on: app.db).filter(\.$emailKey == email.lowercased()).first())
        return (token, user)
    }

    func lists(_ app: Application, _ user: User, tiers: Bool = false) -> ListService {
        ListService(db: app.db, user: user, tiersEnabled: tiers)
    }

    @Test("every reader has the four default lists, counted from their library, which cannot be deleted or renamed")
    func defaults() async throws {
        try await withDogear { app in
            let (token, ann) = try await reader(app, "ann@example.com", name: "Ann")
            _ = try await app.addEntry(token, title: "Reading", extra: ["status": "reading"])
            _ = try await app.addEntry(token, title: "Wanted", extra: ["status": "to-read", "favorite": true])
            _ = try await app.addEntry(token, title: "Done", extra: ["status": "read"])
            let mine = try await lists(app, ann).lists()
            #expect(mine.map(\.id) == ["currently-reading", "want-to-read", "finished", "favorites"])
            #expect(mine.map(\.name) == ["Currently Reading", "Want to Read", "Finished", "Favorites"])
            #expect(mine.map(\.itemCount) == [1, 1, 1, 1])
            #expect(mine.allSatisfy { $0.isDefault && !$0.isPublic && $0.shareCode == nil })
            let refused = await refusal { try await lists(app, ann).delete("finished") }
            #expect(refused == "cannotDeleteDefault")
            do {
                try await lists(app, ann).delete("favorites")
                Issue.record("a default list was deleted")
            } catch let error as DomainError {
                #expect(error.message == "cannot delete default list")
                #expect(error.kind == .unprocessable)
            }
            #expect(
                await refusal { _ = try await lists(app, ann).update("finished", ListDraft(name: "Done")) }
                    == "cannotChangeDefault")
            #expect(await refusal { _ = try await lists(app, ann).list("no-such-list") } == "listNotFound")
        }
    }

    @Test("a custom list is private until made public; then another reader opens it by its code, typed any way, and saves it")
    func shareAndSave() async throws {
        try await withDogear { app in
            let (_, ann) = try await reader(app, "ann@example.com", name: "Ann")
            let (_, bob) = try await reader(app, "bob@example.com", name: "Bob")
            let created = try await lists(app, ann).create(ListDraft(name: "  Books that made me cry  "))
            #expect(created.name == "Books that made me cry")
            #expect(!created.isPublic)
            let code = try #require(created.shareCode)
            #expect(ShareCode(typed: code) != nil)

            // Private: Bob gets exactly what a code nobody has gets.
            #expect(await refusal { _ = try await lists(app, bob).openShared(code) } == "listNotFound")
            #expect(await refusal { _ = try await lists(app, bob).openShared("ZZZZZZ") } == "listNotFound")
            #expect(await refusal { _ = try await lists(app, bob).list(created.id) } == "listNotFound")

            _ = try await lists(app, ann).update(created.id, ListDraft(isPublic: true))
            let opened = try await lists(app, bob).openShared("  " + code.lowercased() + " ")
            #expect(opened.name == "Books that made me cry")
            #expect(opened.owner.displayName == "Ann")
            #expect(opened.shareCode == nil)  // the owner's to see
            #expect(
                await refusal { _ = try await lists(app, bob).update(created.id, ListDraft(name: "Mine now")) } == "forbidden")

            let saved = try await lists(app, bob).save(code)
            #expect(saved.saved)
            _ = try await lists(app, bob).save(code)  // twice is once
            #expect(try await SavedList.query(on: app.db).count() == 1)
            #expect(try await lists(app, bob).lists().filter { !$0.isDefault }.map(\.name) == ["Books that made me cry"])

            // The saver follows the owner's changes...
            _ = try await lists(app, ann).update(created.id, ListDraft(name: "Tearjerkers"))
            #expect(try await lists(app, bob).lists().last?.name == "Tearjerkers")
            // ...and the list is gone for them when it turns private.
            _ = try await lists(app, ann).update(created.id, ListDraft(isPublic: false))
            #expect(try await lists(app, bob).lists().allSatisfy(\.isDefault))
            #expect(await refusal { _ = try await lists(app, bob).list(created.id) } == "listNotFound")
            #expect(await refusal { _ = try await lists(app, ann).save(code) } == "cannotSaveOwnList")
        }
    }

    @Test("a replaced code opens nothing, the new one opens the list; a deleted list is gone with its code")
    func replaceAndDelete() async throws {
        try await withDogear { app in
            let (_, ann) = try await reader(app, "ann@example.com", name: "Ann")
            let (_, bob) = try await reader(app, "bob@example.com", name: "Bob")
            let created = try await lists(app, ann).create(ListDraft(name: "For Mum", isPublic: true))
            let old = try #require(created.shareCode)
            let replaced = try await lists(app, ann).replaceShareCode(created.id)
            let new = try #require(replaced.shareCode)
            #expect(new != old)
            #expect(await refusal { _ = try await lists(app, bob).openShared(old) } == "listNotFound")
            #expect(try await lists(app, bob).openShared(new).id == created.id)
            #expect(await refusal { _ = try await lists(app, bob).replaceShareCode(created.id) } == "forbidden")
            try await lists(app, ann).delete(created.id)
            #expect(await refusal { _ = try await lists(app, bob).openShared(new) } == "listNotFound")
            #expect(await refusal { _ = try await lists(app, ann).list(created.id) } == "listNotFound")
            #expect(try await ShareCodeRecord.query(on: app.db).count() == 0)
        }
    }

    @Test("with tiers on a free reader cannot create a custom list; premium can; with tiers off everyone can")
    func tiers() async throws {
        try await withDogear { app in
            let (_, ann) = try await reader(app, "ann@example.com", name: "Ann")
            #expect(
                await refusal { _ = try await lists(app, ann, tiers: true).create(ListDraft(name: "Summer")) }
                    == "premiumRequired")
            #expect(try await ReadingList.query(on: app.db).count() == 0)
            ann.tier = .premium
            try await ann.save(on: app.db)
            #expect(try await lists(app, ann, tiers: true).create(ListDraft(name: "Summer")).name == "Summer")
            let (_, bob) = try await reader(app, "bob@example.com", name: "Bob")
            #expect(try await lists(app, bob, tiers: false).create(ListDraft(name: "Winter")).name == "Winter")
        }
    }

    @Test("bad fields name the field and create nothing")
    func badFields() async throws {
        try await withDogear { app in
            let (_, ann) = try await reader(app, "ann@example.com", name: "Ann")
            do {
                _ = try await lists(app, ann).create(ListDraft(name: "Ok", bannerUrl: "javascript:alert(1)"))
                Issue.record("a javascript: banner was accepted")
            } catch let error as ValidationError {
                #expect(error.field == "bannerUrl")
            }
            #expect(try await ReadingList.query(on: app.db).count() == 0)
            #expect(try await ShareCodeRecord.query(on: app.db).count() == 0)
        }
    }
}
