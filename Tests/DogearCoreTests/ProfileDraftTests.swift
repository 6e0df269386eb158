import Testing

@testable import DogearCore

/// A list and a club share their name, description, picture and visibility: the same draft, the
/// same rules, each refusal naming the field as that kind of thing calls it.
@Suite("Lists and clubs: one set of shared fields, one set of rules")
struct ProfileDraftTests {
    static let refused: [(ProfileDraft, field: String)] = [
        (ProfileDraft(name: "   "), "name"),
        (ProfileDraft(name: nil), "name"),
        (ProfileDraft(name: String(repeating: "n", count: 101)), "name"),
        (ProfileDraft(name: "x", description: String(repeating: "d", count: 2_001)), "description"),
        (ProfileDraft(name: "x", pictureUrl: "javascript:alert(1)"), "picture"),
        (ProfileDraft(name: "x", pictureUrl: "ftp://example.com/a.png"), "picture"),
    ]

    @Test("a list and a club refuse the same fields, the picture by its own name", arguments: refused)
    func sameRefusals(_ draft: ProfileDraft, field: String) {
        func refusal(_ make: () throws -> Void) -> String? {
            do {
                try make()
                return nil
            } catch let error as ValidationError {
                return error.field
            } catch {
                return "\(error)"
            }
        }
        let list = refusal { _ = try ListDraft(draft).validatedForCreate() }
        let club = refusal { _ = try ClubDraft(draft, approvesJoins: nil).validatedForCreate() }
        #expect(list == (field == "picture" ? "bannerUrl" : field))
        #expect(club == (field == "picture" ? "coverUrl" : field))
    }

    @Test("the same draft gives a list and a club the same name, description, picture and visibility")
    func sameFields() throws {
        let draft = ProfileDraft(
            name: "  Family reads ", description: "  ", pictureUrl: "https://example.com/c.jpg", isPublic: true)
        let list = try ListDraft(draft).validatedForCreate()
        let club = try ClubDraft(draft, approvesJoins: nil).validatedForCreate()
        #expect(list.profile == club.profile)
        #expect(list == ValidList(name: "Family reads", bannerUrl: "https://example.com/c.jpg", isPublic: true))
        #expect(club.approvesJoins == false)
    }

    @Test("a change keeps what is not given, clears a blank description, and keeps a club's approval")
    func change() throws {
        let current = ValidClub(
            name: "Cry", description: "Sad books", coverUrl: "https://example.com/c.jpg", isPublic: true, approvesJoins: true)
        let changed = try ClubDraft(ProfileDraft(description: ""), approvesJoins: nil).validatedChange(of: current)
        #expect(changed.description == nil)
        #expect(changed.name == "Cry" && changed.coverUrl == current.coverUrl && changed.isPublic && changed.approvesJoins)
        #expect(throws: ValidationError.self) { try ListDraft(name: " ").validatedChange(of: ValidList(current.profile)) }
    }
}
