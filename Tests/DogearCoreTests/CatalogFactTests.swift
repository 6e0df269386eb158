import DogearCore
import Testing

@Suite("Catalog facts readers fill in")
struct CatalogFactTests {
    @Test(
        "a value is checked and tidied by its field's kind",
        arguments: [
            (CatalogFact.nationality, CatalogFact.Value.text("  Nigerian "), CatalogFact.Value?.some(.text("Nigerian"))),
            (.nationality, .text("   "), nil),
            (.gender, .text("nonBinary"), .text("nonBinary")),
            (.culturalRegion, .text("indigenous"), .text("indigenous")),
            (.readingDifficulty, .text("academic"), .text("academic")),
            (.birthYear, .number(-750), .number(-750)),
            (.estimatedMinutes, .number(540), .number(540)),
            (.contentWarnings, .list([" war", "Grief", "grief", ""]), .list(["war", "Grief"])),
            (.contentWarnings, .list([" "]), nil),
            (.originalLanguage, .text("pt-BR"), .text("pt-BR")),
        ] as [(CatalogFact, CatalogFact.Value, CatalogFact.Value?)])
    func accepted(_ fact: CatalogFact, _ typed: CatalogFact.Value, _ expected: CatalogFact.Value?) throws {
        #expect(try fact.check(typed) == expected)
    }

    @Test(
        "a value that cannot be one is refused, naming the field and why",
        arguments: [
            (
                CatalogFact.gender, CatalogFact.Value.text("woman"),
                "'woman' is not one of: female, male, nonBinary, other, unknown"
            ),
            (.culturalRegion, .text("Europe"), "'Europe' is not one of"),
            (.birthYear, .number(3000), "must be between -3000 and 2200; got 3000"),
            (.estimatedMinutes, .number(0), "must be between 1 and 100000; got 0"),
            (.estimatedMinutes, .text("long"), "must be a whole number"),
            (.translator, .text(String(repeating: "x", count: 201)), "must be at most 200 characters"),
            (.contentWarnings, .list((1...21).map { "w\($0)" }), "at most 20; got 21"),
            (.contentWarnings, .list([String(repeating: "x", count: 51)]), "each must be at most 50 characters"),
            (.nationality, .number(3), "must be text"),
        ] as [(CatalogFact, CatalogFact.Value, String)])
    func refused(_ fact: CatalogFact, _ typed: CatalogFact.Value, _ message: String) {
        #expect {
            try fact.check(typed)
        } throws: { error in
            guard let error = error as? ValidationError else { return false }
            return error.field == fact.rawValue && error.message.contains(message)
        }
    }

    @Test("a form's text becomes the field's value; the history's text reads back as the same value")
    func typedAndStored() throws {
        #expect(try CatalogFact.birthYear.parse(typed: " 1947 ") == .number(1947))
        #expect(throws: ValidationError.self) { try CatalogFact.birthYear.parse(typed: "nineteen") }
        #expect(try CatalogFact.contentWarnings.parse(typed: "war, grief,, war") == .list(["war", "grief"]))
        #expect(try CatalogFact.translator.parse(typed: "") == nil)
        for (fact, value) in [
            (CatalogFact.contentWarnings, CatalogFact.Value.list(["war", "a \"quoted\" one"])), (.deathYear, .number(-399)),
            (.translator, .text("Edith Grossman")),
        ] {
            #expect(fact.value(stored: value.stored) == value)
        }
        #expect(CatalogFact.Value.list(["war", "grief"]).display == "war, grief")
    }

    @Test("author fields belong to authors and the rest to works")
    func records() {
        #expect(CatalogFact.facts(of: .author) == [.nationality, .gender, .culturalRegion, .birthYear, .deathYear])
        #expect(CatalogFact.facts(of: .work).count == 7)
    }

    @Test("a death year before the birth year is refused on the death year")
    func lifespan() throws {
        try CatalogFact.checkLifespan(birthYear: 1900, deathYear: 1900)
        try CatalogFact.checkLifespan(birthYear: nil, deathYear: 1900)
        #expect(throws: ValidationError(field: "deathYear", "must not be before the birth year (1950)")) {
            try CatalogFact.checkLifespan(birthYear: 1950, deathYear: 1900)
        }
    }
}
