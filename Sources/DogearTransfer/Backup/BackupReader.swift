import Foundation

/// Reads a Dogear JSON backup back into import rows, a member at a time (`ExportReader`).
enum BackupReader {
    /// Whether a JSON file whose first member is this is a Dogear backup (as opposed to a
    /// LibraryThing export). Dogear writes the format first; a backup re-encoded with sorted keys
    /// starts with its entries, or with its format when it has none.
    static func isBackup(_ first: JSONMemberReader.Member?) -> Bool {
        switch first {
        case .element(of: "entries", _): return true
        case .value(key: "format", let data):
            return (try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)) as? String == Backup.formatName
        default: return false
        }
    }

    /// One entry of the backup's list.
    static func entry(_ data: Data) throws -> BackupEntry {
        try decode(BackupEntry.self, data, at: "this entry")
    }

    static func decode<T: Decodable>(_ type: T.Type, _ data: Data, at place: String) throws -> T {
        do {
            return try Backup.decoder.decode(T.self, from: data)
        } catch let error as DecodingError {
            throw ImportFileError.unreadable("the backup is damaged: \(describe(error)) in \(place)")
        } catch {
            throw ImportFileError.unreadable("the backup is damaged: \(place) is not well-formed JSON")
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            return "'\(key.stringValue)' is missing at \(path(context.codingPath))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(context.debugDescription) at \(path(context.codingPath))"
        @unknown default:
            return "\(error)"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.isEmpty ? "the top" : keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
}
