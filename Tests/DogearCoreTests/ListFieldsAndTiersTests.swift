import Testing

@testable import DogearCore

@Suite("List fields")
struct ListDraftTests {
    @Test("a new list: name trimmed and required, private by default")
    func create() throws {
        let list = try ListDraft(name: "  Summer 2027 ").validatedForCreate()
        #expect(list == ValidList(name: "Summer 2027", isPublic: false))
        let shared = try ListDraft(name: "For Mum", description: "  ", bannerUrl: "https://example.com/b.jpg", isPublic: true)
            .validatedForCreate()
        #expect(shared.description == nil)
        #expect(shared.bannerUrl == "https://example.com/b.jpg")
        #expect(shared.isPublic)
    }

    @Test(
        "each limit at n is accepted and at n+1 refused, naming the field",
        arguments: [
            ("name", 100), ("description", 2_000),
        ])
    func limits(_ field: String, _ n: Int) throws {
        func draft(_ length: Int) -> ListDraft {
            let text = String(repeating: "a", count: length)
            return field == "name" ? ListDraft(name: text) : ListDraft(name: "List", description: text)
        }
        _ = try draft(n).validatedForCreate()
        #expect(throws: ValidationError.self) { try draft(n + 1).validatedForCreate() }
        do {
            _ = try draft(n + 1).validatedForCreate()
        } catch let error as ValidationError {
            #expect(error.field == field)
        }
    }

    @Test(
        "a name that is empty after trimming, and a banner that is not http(s), are refused",
        arguments: [
            ListDraft(name: "   "), ListDraft(name: nil), ListDraft(name: "x", bannerUrl: "javascript:alert(1)"),
            ListDraft(name: "x", bannerUrl: "ftp://example.com/a.png"),
            ListDraft(name: "x", bannerUrl: "https://example.com/" + String(repeating: "a", count: 2_048)),
        ])
    func refused(_ draft: ListDraft) {
        #expect(throws: ValidationError.self) { try draft.validatedForCreate() }
    }

    @Test("a change keeps what it does not name, clears a blank description, refuses an empty name")
    func change() throws {
        let current = ValidList(name: "Cry", description: "Books that made me cry", isPublic: true)
        #expect(
            try ListDraft(name: "Tears").validatedChange(of: current)
                == ValidList(
                    name: "Tears", description: "Books that made me cry", isPublic: true))
        #expect(try ListDraft(description: "").validatedChange(of: current).description == nil)
        #expect(try ListDraft(isPublic: false).validatedChange(of: current).isPublic == false)
        #expect(throws: ValidationError.self) { try ListDraft(name: " ").validatedChange(of: current) }
    }

    @Test("an item's note: at most 500 characters, blank is none")
    func itemNote() throws {
        #expect(try ListItemNote.validated("  ") == nil)
        #expect(try ListItemNote.validated(String(repeating: "n", count: 500))?.count == 500)
        #expect(throws: ValidationError.self) { try ListItemNote.validated(String(repeating: "n", count: 501)) }
    }
}

@Suite("Tiers")
struct TierTests {
    @Test("with tiers off everyone has everything; on, premium features need premium")
    func table() {
        for feature in PremiumFeature.allCases {
            for tier in Tier.allCases {
                #expect(Tiers.allows(feature, tier: tier, tiersEnabled: false))
                #expect(Tiers.allows(feature, tier: tier, tiersEnabled: true) == (tier == .premium), "\(feature) \(tier)")
            }
        }
    }
}
