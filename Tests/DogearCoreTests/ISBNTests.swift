import Testing

@testable import DogearCore

@Suite("ISBN parsing, check digits and conversion")
struct ISBNTests {
    @Test("an ISBN-10 is validated and converted to ISBN-13")
    func isbn10() throws {
        let isbn = try ISBN("0-306-40615-2")
        #expect(isbn.isbn10 == "0306406152")
        #expect(isbn.isbn13 == "9780306406157")
        #expect(isbn.typed == "0-306-40615-2")
    }

    @Test("an ISBN-10 whose check digit is X")
    func isbn10WithX() throws {
        let isbn = try ISBN("0 8044 2957 x")
        #expect(isbn.isbn10 == "080442957X")
        #expect(isbn.isbn13 == "9780804429573")
    }

    @Test("an ISBN-13 converts back to its ISBN-10")
    func isbn13() throws {
        let isbn = try ISBN("978-0-306-40615-7")
        #expect(isbn.isbn10 == "0306406152")
        #expect(isbn.primary == "9780306406157")
    }

    @Test("a 979 ISBN-13 has no ISBN-10")
    func isbn979() throws {
        let isbn = try ISBN("9791032305560")
        #expect(isbn.isbn13 == "9791032305560")
        #expect(isbn.isbn10 == nil)
    }

    @Test("the spreadsheet form =\"…\" is understood")
    func spreadsheetForm() throws {
        #expect(try ISBN("=\"0306406152\"").isbn13 == "9780306406157")
    }

    @Test("a mistyped digit is caught by the check digit", arguments: ["0306406153", "9780306406158", "080442957 0"])
    func wrongCheckDigit(_ input: String) {
        #expect(throws: ISBNError.self) { try ISBN(input) }
        do { _ = try ISBN(input) } catch { #expect(error.description.contains("check digit")) }
    }

    @Test("EAN-8, UPC-E, UPC-A and non-book EAN-13 barcodes get a message saying what they are")
    func otherBarcodes() {
        let cases: [(String, String)] = [
            ("96385074", "EAN-8"), ("0425261", "UPC-E"), ("042100005264", "UPC-A"),
            ("4006381333931", "EAN-13 product code"),
        ]
        for (input, kind) in cases {
            #expect(throws: ISBNError.notABookBarcode(kind: kind + (kind.hasPrefix("EAN-13") ? "" : " barcode"))) {
                try ISBN(input)
            }
        }
        do { _ = try ISBN("96385074") } catch { #expect(error.description.contains("not a book")) }
    }

    @Test("wrong lengths and characters are refused", arguments: ["", "12345", "03064061521", "0306A06152", "X306406152"])
    func malformed(_ input: String) {
        #expect(throws: ISBNError.self) { try ISBN(input) }
    }

    @Test("typographic hyphens go like ASCII ones; a digit with an accent on it is refused, not read")
    func unicodeInput() throws {
        #expect(try ISBN("978\u{2011}0\u{2010}306\u{2013}40615 7").isbn13 == "9780306406157")
        #expect(try ISBN("\u{00A0}0-306-40615-2\u{2003}").isbn10 == "0306406152")
        #expect(throws: ISBNError.invalidCharacter("1\u{0301}")) { try ISBN("03064061\u{0301}52") }
    }

    @Test("conversion both ways agrees for a run of real ISBNs")
    func roundTrip() throws {
        for isbn10 in ["0553293354", "0441172717", "1857989384", "0765382032"] {
            let parsed = try ISBN(isbn10)
            #expect(ISBN.convert13to10(parsed.isbn13) == isbn10)
        }
    }
}
