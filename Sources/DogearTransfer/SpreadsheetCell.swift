/// Spreadsheet formula injection (OWASP's "CSV injection"): a cell that starts with `=`, `+`, `-`,
/// `@`, a tab or a carriage return is a formula to Excel, LibreOffice and Google Sheets, so a title
/// or a note typed as `=HYPERLINK(…)` would run when a reader opens their export. Exports put a `'`
/// in front of such a cell (the spreadsheet shows the text as typed); imports take it off again, so
/// a Dogear export comes back unchanged. Dogear's own `="0140328726"` ISBN cells (which keep leading
/// zeros in Excel, as Goodreads writes them) are left as they are.
public enum SpreadsheetCell {
    static let triggers: Set<Character> = ["=", "+", "-", "@", "\t", "\r"]

    /// The cell as an export writes it.
    public static func neutralized(_ cell: String) -> String {
        guard let first = cell.first, triggers.contains(first), !isQuotedISBN(cell) else { return cell }
        return "'" + cell
    }

    /// The cell as an import reads it: a `'` that an export put in front of a formula character goes.
    public static func restored(_ cell: String) -> String {
        guard cell.hasPrefix("'"), let second = cell.dropFirst().first, triggers.contains(second) else { return cell }
        return String(cell.dropFirst())
    }

    /// `="…"` holding an ISBN's characters only (digits, X, hyphens), or nothing.
    static func isQuotedISBN(_ cell: String) -> Bool {
        guard cell.hasPrefix("=\""), cell.hasSuffix("\""), cell.count >= 3 else { return false }
        return cell.dropFirst(2).dropLast().allSatisfy { $0.isNumber || $0 == "X" || $0 == "x" || $0 == "-" }
    }
}
