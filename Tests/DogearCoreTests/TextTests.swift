import DogearCore
import Testing

@Suite("Text helpers")
struct TextTests {
    @Test("trimmed drops white space and line breaks at both ends, Unicode ones too, and nothing inside")
    func trimmed() {
        #expect("  Piranesi \r\n".trimmed == "Piranesi")
        #expect("\u{00A0}\u{2028}Zoë Ü\t".trimmed == "Zoë Ü")
        #expect(" a  b ".trimmed == "a  b")
        #expect("   ".trimmed == "")
        #expect("".trimmed == "")
        #expect("x"[...].trimmed == "x")
        // Printable ASCII at both ends is kept whole; anything else at an end is looked at.
        #expect("Piranesi".trimmed == "Piranesi")
        #expect("A\u{2003}".trimmed == "A")
        #expect("\u{3000}B".trimmed == "B")
        #expect("Zoë".trimmed == "Zoë")
    }

    @Test("escape keeps a note's own < > & as text in HTML, and plain() gives it back")
    func escape() {
        let note = "a < b > c & \"d\""
        #expect(HTMLText.escape(note) == "a &lt; b &gt; c &amp; \"d\"")
        #expect(HTMLText.plain(HTMLText.escape(note)) == note)
    }
}
