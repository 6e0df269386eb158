import Foundation

/// Reads a Dogear JSON backup back into import rows.
enum BackupReader {
    /// Whether JSON data is a Dogear backup (as opposed to a LibraryThing export). Dogear writes the
    /// format first; a backup re-encoded with sorted keys is recognised by decoding its format.
    static func isBackup(_ data: Data) -> Bool {
        if String(decoding: data.prefix(256), as: UTF8.self).contains("\"\(Backup.formatName)\"") { return true }
        return (try? Backup.decoder.decode(Probe.self, from: data))?.format == Backup.formatName
    }

    private struct Probe: Decodable { let format: String }

    static func read(_ data: Data) throws -> Backup {
        do {
            return try Backup.decoder.decode(Backup.self, from: data)
        } catch let error as DecodingError {
            throw ImportFileError.unreadable("the backup is damaged: \(describe(error))")
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
