import Foundation
import Testing

@testable import DogearViews

/// `SiteURL.with(query:)` percent-encodes by hand; it must write what Foundation's
/// `addingPercentEncoding` with the unreserved characters writes, for any reader's text.
@Suite("Page links: query values percent-encoded as Foundation encodes them")
struct SiteURLQueryTests {
    static let unreserved = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))

    @Test(
        "reserved characters, spaces, accents, other scripts, emoji and control characters",
        arguments: [
            "", "plain", "a b+c&d=e", "100%", "García Márquez", "日本語の本", "Ⅷ ² ǅ", "📚 tag", "line\nbreak\t",
            "quote\" and 'apostrophe' <tag> #frag ?q /path", "-._~", "ÀÉÎÕÜ àéîõü ß ø", "\u{0}\u{7F}",
        ])
    func matchesFoundation(_ text: String) {
        #expect(SiteURL.percentEncoded(text) == text.addingPercentEncoding(withAllowedCharacters: Self.unreserved))
        #expect(SiteURL.library.with(query: [("q", text), ("tag", text)]).hasPrefix("/library?q="))
    }

    @Test("a link's query decodes back to the values given")
    func roundTrip() throws {
        let items = [("q", "a b+c&d=e"), ("tag", "Sci-Fi & Fantasy"), ("sort", "título")]
        let link = SiteURL.library.with(query: items)
        let parsed = try #require(URLComponents(string: link)?.queryItems)
        #expect(parsed.map(\.name) == items.map(\.0))
        #expect(parsed.map(\.value) == items.map(\.1))
    }
}
