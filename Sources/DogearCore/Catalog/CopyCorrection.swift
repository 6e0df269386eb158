/// Where a reader's correction of their copy (title, subtitle, authors; page count, format) goes.
///
/// The catalog is shared: a work or edition other readers hold, or one whose facts came from Open
/// Library or Google Books, is not rewritten by one reader. Their correction then moves their copy:
/// to the work the corrected title and first author name (found or made by the catalog's usual
/// matching, where the correction rules decide what others see), or to an edition of its own with
/// their page count and format. A record only this reader holds, typed by readers, is corrected in
/// place: it is their copy already.
public enum CopyCorrection {
    public enum Target: Equatable, Sendable {
        /// Change the record itself.
        case inPlace
        /// Leave the record; the copy moves to another (found or made).
        case ownRecord
    }

    /// - Parameters:
    ///   - othersHoldIt: another reader's entry points at the record.
    ///   - fromSource: any of the fields being corrected holds a source's value (`Provenance`).
    public static func target(othersHoldIt: Bool, fromSource: Bool) -> Target {
        othersHoldIt || fromSource ? .ownRecord : .inPlace
    }
}
