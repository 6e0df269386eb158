import DogearCore
import Fluent
import Foundation
import Testing

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

@Suite("Share codes in the database")
struct ShareCodeRegistryTests {
    @Test("a code already handed out is not handed out again: the next one is taken")
    func collision() async throws {
        try await withDogear { app in
            let registry = ShareCodeRegistry(db: app.db)
            var first = TwoCodes()
            let taken = try await registry.register(.list, id: UUID(), using: &first)
            #expect(taken.value == "AAAAAA")
            var second = TwoCodes()  // the same draws again: AAAAAA collides, BBBBBB is free
            let next = try await registry.register(.list, id: UUID(), using: &second)
            #expect(next.value == "BBBBBB")
            #expect(try await ShareCodeRecord.query(on: app.db).count() == 2)
        }
    }

    @Test("the unique index refuses a duplicate code even when nobody looked first")
    func uniqueIndex() async throws {
        try await withDogear { app in
            try await ShareCodeRecord(code: "ABCDEF", resource: .list, resourceID: UUID()).create(on: app.db)
            await #expect(throws: (any Error).self) {
                try await ShareCodeRecord(code: "ABCDEF", resource: .club, resourceID: UUID()).create(on: app.db)
            }
            #expect(try await ShareCodeRecord.query(on: app.db).count() == 1)
        }
    }

    @Test("fifty codes registered at once are fifty different codes")
    func concurrent() async throws {
        try await withDogear { app in
            let db = app.db
            let codes = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<50 {
                    group.addTask { try await ShareCodeRegistry(db: db).register(.list, id: UUID()).value }
                }
                return try await group.reduce(into: [String]()) { $0.append($1) }
            }
            #expect(codes.count == 50)
            #expect(Set(codes).count == 50)
            #expect(try await ShareCodeRecord.query(on: app.db).count() == 50)
        }
    }

    @Test("a released code opens nothing; lookups read the code as typed")
    func releaseAndLookup() async throws {
        try await withDogear { app in
            let registry = ShareCodeRegistry(db: app.db)
            let id = UUID()
            let code = try await registry.register(.list, id: id)
            let typed = try #require(ShareCode(typed: "  " + code.value.lowercased() + " "))
            #expect(try await registry.lookup(typed)?.resourceID == id)
            try await registry.release(code.value)
            #expect(try await registry.lookup(typed) == nil)
        }
    }
}
