import Foundation

/// How a device's reported position moves a book: KOReader reports how far through the file it is
/// (0…1) and where (a page or an XPointer, kept as it came). Dogear logs the fraction as a percent
/// (`ProgressRules` makes the edition's page of it), groups updates close together into one reading session, finishes the book near
/// the end, and ignores a report older than the one it has.
public enum DeviceProgress {
    /// A fraction at or past this finishes the book: an e-book's last page is rarely 100% (the
    /// file ends with notes, an index or the publisher's pages).
    public static let finishedAt = 0.995
    /// Updates at most this far apart (seconds) are one sitting.
    public static let sessionGap: Double = 30 * 60

    /// The percent to log (0…100): a fraction at `finishedAt` or past it is the end.
    public static func percent(at fraction: Double) -> Double {
        fraction >= finishedAt ? 100 : min(100, max(0, fraction * 100))
    }

    /// How far back a report kept offline may say it was read (seconds).
    public static let oldestReport: Double = 366 * 86_400

    /// When a report was read: now when it does not say; a time to come is now; one from before
    /// `oldestReport`, or not a number, is refused (it would sort before everything, or not at all).
    public static func reportTime(_ given: Double?, now: Double) throws -> Double {
        guard let given else { return now }
        guard given.isFinite, given >= now - oldestReport else {
            throw ValidationError(field: "timestamp", "must be a time in seconds since 1970 within the last year")
        }
        return min(given, now).rounded(.down)
    }

    /// Whether a report made at `timestamp` replaces the one kept from `kept` (nil: none kept).
    /// Equal times replace, so a device sending twice in a second keeps its later word.
    public static func replaces(timestamp: Double, kept: Double?) -> Bool {
        guard let kept else { return true }
        return timestamp >= kept
    }

    /// Whether an update at `timestamp` continues the sitting whose last update was at `last`.
    public static func continuesSession(lastUpdate last: Double?, timestamp: Double) -> Bool {
        guard let last else { return false }
        return timestamp >= last && timestamp - last <= sessionGap
    }

    /// The whole minutes between a sitting's first and last update.
    public static func minutes(from first: Double, to last: Double) -> Int {
        max(0, Int(((last - first) / 60).rounded()))
    }
}

/// What a device login is called and what a device calls a book.
public enum DeviceNames {
    /// The username KOReader sends as `x-auth-user`: 3 to 40 letters, digits, `.`, `_` or `-`
    /// (KOReader puts it in a header, so no spaces or other characters that need quoting; nothing
    /// is trimmed, so what the device sends is what was made).
    public static func username(_ text: String?) throws -> String {
        let name = text ?? ""
        guard (3...40).contains(name.count) else {
            throw ValidationError(field: "username", "must be 3 to 40 characters (got \(name.count))")
        }
        guard
            name.unicodeScalars.allSatisfy({
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0))
            })
        else { throw ValidationError(field: "username", "may hold only letters, digits, '.', '_' and '-'") }
        return name
    }

    /// A document's name as KOReader sends it (the MD5 of the file's first bytes or of its name):
    /// 1 to 128 of the characters a path segment holds as they are (RFC 3986's unreserved ones,
    /// its sub-delimiters, ':' and '@'). Nil when it will not do.
    public static func document(_ text: String?) -> String? {
        guard let text, (1...128).contains(text.utf8.count) else { return nil }
        let allowed = text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "-._~!$&'()*+,;=:@".unicodeScalars.contains(scalar))
        }
        return allowed ? text : nil
    }

    /// A device's text field (its position, its name, its id): required unless `mayBeEmpty`, and
    /// refused past `maxBytes` of UTF-8 rather than cut (a cut position would send the next device
    /// somewhere else).
    public static func text(_ value: String?, field: String, maxBytes: Int, mayBeEmpty: Bool = false) throws -> String {
        let text = value ?? ""
        if text.isEmpty, !mayBeEmpty { throw ValidationError(field: field, "is required") }
        guard text.utf8.count <= maxBytes else { throw ValidationError(field: field, "must be at most \(maxBytes) bytes") }
        return text
    }
}
