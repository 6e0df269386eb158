import Foundation
import Vapor

/// Writes to a file so that a failed write is an error the caller sees: `FileHandle.write(_:)`
/// traps on Linux when the disk is full; this throws `DomainError.diskFull` (507) instead, and
/// any other failure as `storageFailed`.
enum FileSink {
    static func write(_ data: Data, to handle: FileHandle) throws {
        do {
            try handle.write(contentsOf: data)
        } catch {
            throw isDiskFull(error) ? DomainError.diskFull : DomainError.storageFailed("a file")
        }
    }

    static func isDiskFull(_ error: any Error) -> Bool {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain, error.code == Int(ENOSPC) || error.code == Int(EDQUOT) { return true }
        if error.domain == NSCocoaErrorDomain, error.code == CocoaError.fileWriteOutOfSpace.rawValue { return true }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? any Error { return isDiskFull(underlying) }
        return false
    }
}
