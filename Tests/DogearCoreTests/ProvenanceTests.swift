import Testing

@testable import DogearCore

@Suite("Catalog provenance: source data wins over what readers typed")
struct ProvenanceTests {
    @Test(
        "which value replaces which",
        arguments: [
            // current, empty?, incoming, has value?, replaces?
            ("manual", false, "openLibrary", true, true),
            ("import", false, "googleBooks", true, true),
            ("manual", false, "manual", true, false),
            ("openLibrary", false, "manual", true, false),
            ("openLibrary", false, "import", true, false),
            ("googleBooks", false, "openLibrary", true, false),
            ("openLibrary", true, "manual", true, true),
            ("manual", true, "import", true, true),
            ("manual", false, "openLibrary", false, false),
            ("manual", true, "openLibrary", false, false),
        ] as [(String, Bool, String, Bool, Bool)])
    func replaces(current: String, empty: Bool, incoming: String, hasValue: Bool, expected: Bool) {
        #expect(
            Provenance.replaces(current: current, currentIsEmpty: empty, incoming: incoming, incomingHasValue: hasValue)
                == expected)
    }

    @Test("a field's own source comes before the record's; verified means the title came from a source")
    func sourcesAndVerified() {
        #expect(Provenance.source(of: "title", in: ["title": "openLibrary"], record: "manual") == "openLibrary")
        #expect(Provenance.source(of: "coverUrl", in: ["title": "openLibrary"], record: "manual") == "manual")
        #expect(Provenance.isVerified(titleSource: "openLibrary"))
        #expect(Provenance.isVerified(titleSource: "googleBooks"))
        #expect(!Provenance.isVerified(titleSource: "manual"))
        #expect(!Provenance.isVerified(titleSource: "import"))
    }
}
