import Foundation

/// How a number reads on every page: thousands grouped ("52,959", never "158002" beside it), and a
/// decimal only where it says something ("117 pages a day", not "117.0"; "12.5"). Fixed to one
/// style rather than the server's locale, so pages and snapshots read the same on every machine.
public enum Figures {
    /// "12,345".
    public static func count(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return value < 0 ? "-" + out : out
    }

    /// Rounded to `places` decimals, with the decimals left off when they are zero: 117.0 → "117",
    /// 12.46 → "12.5", 1234.5 → "1,234.5".
    public static func decimal(_ value: Double, places: Int = 1) -> String {
        let scale = pow(10, Double(places))
        let rounded = (value * scale).rounded() / scale
        let whole = rounded.rounded(.towardZero)
        guard rounded != whole else { return count(Int(whole)) }
        let fraction = String(format: "%.\(places)f", abs(rounded - whole)).dropFirst()  // ".5"
        let trimmed = fraction.reversed().drop(while: { $0 == "0" }).reversed()
        return (rounded < 0 && whole == 0 ? "-" : "") + count(Int(whole)) + String(trimmed)
    }

    /// "1 book", "2,400 books".
    public static func count(_ value: Int, _ singular: String, plural: String? = nil) -> String {
        "\(count(value)) \(value == 1 ? singular : plural ?? singular + "s")"
    }
}
