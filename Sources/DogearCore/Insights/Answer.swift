/// A yes/no fact the catalog may not know. Statistics count `unknown` on its own, never as "no", so
/// every share shows its own denominator and how many books it could not place.
public enum Answer: String, Codable, Sendable, CaseIterable {
    case yes, no, unknown

    /// Yes when any part says yes; no only when every part says no; else unknown. A book with no
    /// parts (no authors) is unknown.
    public static func any(_ parts: some Sequence<Answer>) -> Answer {
        var sawUnknown = false
        var sawAny = false
        for part in parts {
            sawAny = true
            switch part {
            case .yes: return .yes
            case .unknown: sawUnknown = true
            case .no: break
            }
        }
        return !sawAny || sawUnknown ? .unknown : .no
    }
}
