import Foundation
import Testing

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// `UUID.text` and `UUID(text:)` stand in for Foundation's `uuidString` and `UUID(uuidString:)`
/// where ids are written and read by the thousand. A byte out of place would store an id no row
/// has, or read one back as another row's.
@Suite("A UUID's text: the same as Foundation's, both ways")
struct UUIDTextTests {
    @Test("written as uuidString writes it, read back as UUID(uuidString:) reads it, for random and new ids")
    func sameAsFoundation() {
        let ids = (0..<2_000).map { _ in UUID() } + (0..<2_000).map { _ in UUID.timeOrdered() }
        for id in ids {
            #expect(id.text == id.uuidString)
            #expect(UUID(text: id.uuidString) == id)
            #expect(UUID(text: id.uuidString.lowercased()) == id)
            #expect(UUID(text: id.text[...]) == id)
        }
        // Sorting ids (a lock order) by themselves is sorting them by their text.
        #expect(ids.sorted() == ids.sorted { $0.text < $1.text })
        let all = UUID(uuidString: "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF")!
        #expect(all.text == "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF")
        #expect(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)).text == "00000000-0000-0000-0000-000000000000")
    }

    @Test(
        "anything but the 36-character form is refused, as Foundation refuses it",
        arguments: [
            "", "E621E1F8-C36C-495A-93FC-0C247A3E6E5", "E621E1F8-C36C-495A-93FC-0C247A3E6E5FF",
            "E621E1F8C36C-495A-93FC-0C247A3E6E5F0", "G621E1F8-C36C-495A-93FC-0C247A3E6E5F",
            "E621E1F8-C36C-495A-93FC-0C247A3E6E5Ö", "{E621E1F8-C36C-495A-93FC-0C247A3E6E5F}",
            "E621E1F8 C36C-495A-93FC-0C247A3E6E5F",
        ])
    func refused(_ text: String) {
        #expect(UUID(text: text) == nil)
        #expect(UUID(uuidString: text) == nil)
    }
}
