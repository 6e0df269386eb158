import Foundation
import SQLKit
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// Rule 3 of the catalog's matching (`CatalogMatcher`): the same title, ignoring case, and the same
/// first author is one work, for a book added by hand and for an import row alike. The SQL narrows
/// the author's works by title (ASCII lowered in SQL; any other title compared in Swift), so these
/// titles cover both halves: plain ASCII, accented letters whose case SQL does not fold, a Kelvin
/// sign that Swift lowers to an ASCII "k" and a Greek question mark that Swift takes for ";".
@Suite("Catalog: one title ignoring case and one first author is one work")
struct CatalogTitleMatchTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let catalog: String
        let typed: String
        let sameWork: Bool
        var testDescription: String { "\(catalog) / \(typed): \(sameWork ? "same" : "another") work" }
    }

    static let cases: [Case] = [
        .init(catalog: "The Left Hand of Darkness", typed: "the left hand of DARKNESS", sameWork: true),
        .init(catalog: "Éclair Étude", typed: "ÉCLAIR ÉTUDE", sameWork: true),
        .init(catalog: "Öl und Wasser", typed: "öl UND wasser", sameWork: true),
        .init(catalog: "Kettle", typed: "\u{212A}ettle", sameWork: true),
        .init(catalog: "\u{212A}ettle Drum", typed: "KETTLE DRUM", sameWork: true),
        .init(catalog: "What Now;", typed: "what now\u{037E}", sameWork: true),
        .init(catalog: "The Left Hand of Darkness", typed: "The Left Hand of Darkness II", sameWork: false),
        .init(catalog: "Éclair Étude", typed: "Eclair Etude", sameWork: false),
    ]

    @Test("a book added by hand", arguments: cases)
    func byHand(_ test: Case) async throws {
        try await withDogear { app in
            let ann = try await app.signUp("ann@example.com")
            let bob = try await app.signUp("bob@example.com")
            // Other works of the same author that the title must tell apart.
            for other in ["Kettle Logic", "The Dispossessed", "Étude"] where other != test.catalog {
                _ = try await app.addEntry(ann, title: other, authors: ["Ursula Öberg"], pageCount: nil)
            }
            let first = try await app.addEntry(ann, title: test.catalog, authors: ["Ursula Öberg"], pageCount: nil)
            let second = try await app.addEntry(bob, title: test.typed, authors: ["Ursula Öberg"], pageCount: nil)
            #expect((first.work.id == second.work.id) == test.sameWork)
        }
    }

    @Test("an imported row", arguments: cases)
    func imported(_ test: Case) async throws {
        try await withDogear { app in
            let ann = try await app.signUp("ann@example.com")
            let bob = try await app.signUp("bob@example.com")
            let first = try await app.addEntry(ann, title: test.catalog, authors: ["Ursula Öberg"], pageCount: nil)
            let row = #"1,"\#(test.typed)",Ursula Öberg,,,,,0,,,,,,,,2020/01/01,,,to-read,,,,0,0"#
            let job = try await app.importFile(bob, ImportSameWorkTests.file([row]))
            #expect(job.created == 1 && job.failed == 0)
            let page = try await app.send(.GET, "/api/v1/library", token: bob).decode(Page<EntryDTO>.self)
            let entry = try #require(page.items.first)
            #expect((entry.work.id == first.work.id) == test.sameWork)
        }
    }

    @Test("the title match reads works by the title index, not every work of the authors")
    func usesTheIndex() async throws {
        try await withDogear { app in
            let sql = app.db.sql
            let query = CatalogMatcher.byTitleKey(["piranesi"], firstAuthors: ["Susanna Clarke"], dialect: sql.databaseDialect)
            if sql.kind == .sqlite {
                let plan = try await sql.raw(SQLQueryString("EXPLAIN QUERY PLAN ") + query).all().map {
                    try $0.decode(column: "detail", as: String.self)
                }
                #expect(plan.first?.contains("idx_works_title_key") == true, "\(plan)")
            } else {
                // A small table is scanned whatever its indexes: the planner is told not to, for
                // this transaction only.
                let plan = try await app.db.transaction { db in
                    try await db.sql.raw("SET LOCAL enable_seqscan = off").run()
                    return try await db.sql.raw(SQLQueryString("EXPLAIN ") + query).all().map {
                        try $0.decode(column: "QUERY PLAN", as: String.self)
                    }
                }
                #expect(plan.contains { $0.contains("idx_works_title_key") }, "\(plan)")
            }
        }
    }
}
