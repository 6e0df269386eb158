/// Text Plot rendered with a stand-in where something goes in later (the library's rows, a page's
/// token), split at the stand-in by bytes. The standard library's generic `firstRange(of:)` took
/// longer than the page it searched; a plain loop over a few kilobytes does not.
enum StandIn {
    /// `text` before and after the first `standIn`; nil when it is not there.
    static func split(_ text: String, at standIn: String) -> (before: Substring, after: Substring)? {
        var text = text
        let wanted = Array(standIn.utf8)
        let found = text.withUTF8 { bytes -> Int? in
            guard let first = wanted.first, bytes.count >= wanted.count else { return nil }
            var index = 0
            while index <= bytes.count - wanted.count {
                if bytes[index] == first {
                    var matched = 1
                    while matched < wanted.count, bytes[index + matched] == wanted[matched] { matched += 1 }
                    if matched == wanted.count { return index }
                }
                index += 1
            }
            return nil
        }
        guard let found else { return nil }
        let start = text.utf8.index(text.utf8.startIndex, offsetBy: found)
        let end = text.utf8.index(start, offsetBy: wanted.count)
        return (text[..<start], text[end...])
    }
}
