/// Where each fact of a shared catalog record came from, and which wins. The catalog is shared, so
/// what one reader typed or imported must not stand for everyone once Open Library or Google Books
/// says otherwise: a source's value replaces a reader's; a reader's never replaces a source's;
/// and between two sources the first that filled a field keeps it (a record does not flip-flop).
public enum Provenance {
    /// Open Library and Google Books: the sources whose facts count as verified.
    public static func isOnlineSource(_ source: String) -> Bool {
        source == CatalogSource.openLibrary.rawValue || source == CatalogSource.googleBooks.rawValue
    }

    /// A field's source: its own entry when it has one, else the record's.
    public static func source(of field: String, in fields: [String: String], record: String) -> String {
        fields[field] ?? record
    }

    /// Whether a value coming from `incoming` replaces a field that now holds a value from `current`
    /// (`currentIsEmpty`: it holds nothing).
    public static func replaces(current: String, currentIsEmpty: Bool, incoming: String, incomingHasValue: Bool) -> Bool {
        guard incomingHasValue else { return false }
        if currentIsEmpty { return true }
        return isOnlineSource(incoming) && !isOnlineSource(current)
    }

    /// A record is verified when its title came from an online source; one only readers wrote is
    /// shown to others as unverified.
    public static func isVerified(titleSource: String) -> Bool {
        isOnlineSource(titleSource)
    }
}
