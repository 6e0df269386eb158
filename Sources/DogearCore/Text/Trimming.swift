/// White space trimmed with the standard library alone: Foundation's `trimmingCharacters(in:)`
/// goes through NSString on Linux and was a tenth of an import's time (24 columns × every row).
extension StringProtocol {
    /// Without leading and trailing white space and line breaks (Unicode White_Space).
    public var trimmed: String {
        // Most cells start and end with a printable ASCII character: nothing to trim, and the
        // string is returned as it is (a `String` without copying its bytes).
        guard let first = first?.asciiValue, let last = last?.asciiValue else { return slowTrimmed }
        if (0x21...0x7E).contains(first), (0x21...0x7E).contains(last) { return String(self) }
        return slowTrimmed
    }

    private var slowTrimmed: String {
        let scalars = unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, scalars[start].properties.isWhitespace { start = scalars.index(after: start) }
        while end > start, scalars[scalars.index(before: end)].properties.isWhitespace { end = scalars.index(before: end) }
        var result = ""
        result.unicodeScalars.append(contentsOf: scalars[start..<end])
        return result
    }
}
