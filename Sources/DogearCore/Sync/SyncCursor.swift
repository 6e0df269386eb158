import Foundation

/// The kinds of a reader's own data the changes feed carries. An entry's read-throughs
/// and tags are part of the entry; its sessions, notes and quotes are objects of their own.
public enum SyncObjectType: String, CaseIterable, Sendable, Codable {
    case entry, session, note, quote, list, listItem, savedList, goal, profile
}

/// Where a client stands in its reader's changes feed: the last version it has seen, and the
/// epoch of the change log it was read from. A restored database starts a new epoch, so a cursor
/// from before the restore is recognised as such instead of silently skipping what the restore
/// changed.
///
/// Opaque to clients: base64url of `1.<epoch>.<version>`; the leading 1 lets the form change.
public struct SyncCursor: Equatable, Sendable {
    public let epoch: String
    public let version: Int64

    public init(epoch: String, version: Int64) {
        self.epoch = epoch
        self.version = version
    }

    public var encoded: String {
        Data("1.\(epoch).\(version)".utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Reads a cursor a client sent back; anything this server did not write is refused naming `field`.
    public static func decode(_ text: String, field: String = "since") throws -> SyncCursor {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        let refused = ValidationError(field: field, "is not a cursor this server gave; start again without it")
        guard text.count <= 200, let data = Data(base64Encoded: base64), let plain = String(data: data, encoding: .utf8)
        else { throw refused }
        let parts = plain.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "1", !parts[1].isEmpty, let version = Int64(parts[2]), version >= 0 else {
            throw refused
        }
        return SyncCursor(epoch: String(parts[1]), version: version)
    }
}

/// Whether a feed can go on from a cursor, or the client must start again from nothing.
public enum SyncResume: Equatable, Sendable {
    /// Send the changes with a version above this one.
    case after(Int64)
    /// The client's copy cannot be brought up to date by changes alone (410 `resyncRequired`).
    case resyncRequired(String)

    /// - Parameters:
    ///   - cursor: what the client sent (nil: a first sync, everything).
    ///   - epoch: the change log's epoch now.
    ///   - latest: the reader's newest version.
    ///   - forgottenThrough: the newest version among the tombstones already forgotten (their
    ///     retention ran out); a client behind it may have missed a deletion.
    public static func from(_ cursor: SyncCursor?, epoch: String, latest: Int64, forgottenThrough: Int64) -> SyncResume {
        guard let cursor else { return .after(0) }
        if cursor.epoch != epoch {
            return .resyncRequired("the server's data was restored from a backup since this cursor; sync again from the start")
        }
        if cursor.version > latest {
            return .resyncRequired("this cursor is ahead of the server's data; sync again from the start")
        }
        if cursor.version < forgottenThrough {
            return .resyncRequired(
                "deletions made since this cursor are no longer kept (the cursor is older than the tombstones' retention); sync again from the start"
            )
        }
        return .after(cursor.version)
    }
}

/// How long deletions are remembered for clients that have not synced since.
public struct SyncRetention: Equatable, Sendable {
    public static let defaultDays = 90
    public let days: Int

    public init(days: Int = SyncRetention.defaultDays) {
        self.days = max(1, days)
    }

    /// Tombstones of deletions made before this are forgotten.
    public func cutoff(now: Date) -> Date {
        now.addingTimeInterval(-Double(days) * 86_400)
    }
}

/// How many changes one page of the feed carries.
public enum SyncPageSize {
    public static let `default` = 500
    public static let maximum = 1_000

    public static func validated(_ asked: Int?) throws -> Int {
        guard let asked else { return `default` }
        guard (1...maximum).contains(asked) else {
            throw ValidationError(field: "limit", "must be between 1 and \(maximum)")
        }
        return asked
    }
}
