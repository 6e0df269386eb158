import Foundation

/// A book of the reader's library a form offers to link something to (a device's file, a
/// highlights file's book): the e-readers page and the import page both offer these.
public struct BookChoice: Sendable, Equatable {
    public var entryID: UUID
    public var title: String

    public init(entryID: UUID, title: String) {
        self.entryID = entryID
        self.title = title
    }
}
