import Testing

@testable import DogearTransfer

@Suite("Spreadsheet formula injection (OWASP)")
struct SpreadsheetCellTests {
    @Test(
        "a cell starting with = + - @ tab or CR gets a ' in front; Dogear's own =\"ISBN\" cells and plain text do not",
        arguments: [
            ("=1+1", "'=1+1"), ("+SUM(A1)", "'+SUM(A1)"), ("-2", "'-2"), ("@cmd", "'@cmd"), ("\tx", "'\tx"), ("\rx", "'\rx"),
            ("=\"9780140328721\"", "=\"9780140328721\""), ("=\"014032872X\"", "=\"014032872X\""), ("=\"\"", "=\"\""),
            ("=\"0140328726\" & x", "'=\"0140328726\" & x"), ("Piranesi", "Piranesi"), ("", ""), ("a=b", "a=b"),
        ])
    func neutralized(_ cell: String, _ written: String) {
        #expect(SpreadsheetCell.neutralized(cell) == written)
        #expect(SpreadsheetCell.restored(written) == cell)
    }

    @Test("an import leaves a ' that was typed before anything else")
    func apostrophes() {
        #expect(SpreadsheetCell.restored("'Tis the season") == "'Tis the season")
        #expect(SpreadsheetCell.restored("'") == "'")
    }
}
