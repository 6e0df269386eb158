import Foundation

/// Writes a Dogear JSON backup a entry at a time, so a large library never sits in memory whole:
/// the format first (so a reader can tell it from a LibraryThing export by its opening bytes), then
/// the profile, then one entry per line.
public final class BackupWriter {
    private let stream: OutputStream
    private var first = true

    public init(stream: OutputStream, profile: BackupProfile?) throws {
        self.stream = stream
        let profileJSON = try profile.map { String(decoding: try Backup.encoder.encode($0), as: UTF8.self) } ?? "null"
        try write("{\"format\":\"\(Backup.formatName)\",\"version\":1,\"profile\":\(profileJSON),\"entries\":[")
    }

    public func write(_ entry: BackupEntry) throws {
        let json = String(decoding: try Backup.encoder.encode(entry), as: UTF8.self)
        try write((first ? "\n" : ",\n") + json)
        first = false
    }

    /// Closes the entries and writes the lists after them (one per line) and the saved lists' ids.
    public func finish(lists: [BackupList] = [], savedLists: [UUID] = []) throws {
        var text = "\n],\"lists\":["
        for (index, list) in lists.enumerated() {
            text += (index == 0 ? "\n" : ",\n") + String(decoding: try Backup.encoder.encode(list), as: UTF8.self)
        }
        text += "\n],\"savedLists\":" + String(decoding: try Backup.encoder.encode(savedLists), as: UTF8.self) + "}\n"
        try write(text)
    }

    /// A write that fails (a full disk) throws: a backup cut short must never pass for a whole one.
    private func write(_ text: String) throws {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBufferPointer { stream.write($0.baseAddress!, maxLength: $0.count) }
            if written <= 0 { throw TransferWriteError(underlying: stream.streamError) }
            offset += written
        }
    }
}

/// Writing a file out failed (the disk is full, most often); `underlying` says why when the stream knows.
public struct TransferWriteError: Error, CustomStringConvertible {
    public let underlying: (any Error)?

    public init(underlying: (any Error)?) {
        self.underlying = underlying
    }

    public var description: String { "the file could not be written" + (underlying.map { ": \($0)" } ?? "") }
}
