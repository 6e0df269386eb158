import DogearStore
import Foundation

/// Writes to a file so that a failed write is an error the caller sees: `FileHandle.write(_:)`
/// traps on Linux when the disk is full; this throws `DomainError.diskFull` (507) instead, and
/// any other failure as `storageFailed`.
package enum FileSink {
    package static func write(_ data: Data, to handle: FileHandle) throws {
        do {
            try handle.write(contentsOf: data)
        } catch {
            throw isDiskFull(error) ? DomainError.diskFull : DomainError.storageFailed("a file")
        }
    }

    package static func isDiskFull(_ error: any Error) -> Bool {
        // The databases say it in words: SQLite's SQLITE_FULL, PostgreSQL's disk_full (53100) and
        // "could not extend file".
        let text = String(describing: error)
        if text.contains("database or disk is full") || text.contains("53100") || text.contains("could not extend file")
            || text.contains("No space left on device")
        {
            return true
        }
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain, error.code == Int(ENOSPC) || error.code == Int(EDQUOT) { return true }
        if error.domain == NSCocoaErrorDomain, error.code == CocoaError.fileWriteOutOfSpace.rawValue { return true }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? any Error { return isDiskFull(underlying) }
        return false
    }
}
