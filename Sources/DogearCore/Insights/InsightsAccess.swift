/// Who may see or change a reader's statistics, goals and year-in-books share, and who may fill in or
/// change the shared catalog's cultural fields. One rule the services ask; routes never decide.
///
/// - Statistics, goals and the year page are the reader's own: anyone else, signed in or not, gets
///   "not found" for a goal id or a year that is not theirs (they may not know it exists).
/// - A year's share link is readable by anyone holding its token, signed in or not, while it is
///   live; a revoked or unknown token is "not found". It shows only the summary, never private
///   entries or notes (`YearShare`).
/// - With tiers on, a free account gets the basic numbers (books and pages per year, its goals);
///   the rest of the statistics is premium ("premiumRequired").
/// - The catalog is shared: any signed-in reader may fill an empty cultural field; changing a value
///   that is set is allowed too. Both go into the catalog history (who, when, old and new) so an
///   operator can list and revert them; a change of a set value is marked as one. A value sent
///   unchanged writes nothing. Nobody signed out may write.
public enum InsightsAccess {
    public enum Actor: String, Sendable, CaseIterable {
        case owner, otherReader, anonymous
    }

    public enum Action: String, Sendable, CaseIterable {
        case readBasicStats, readAdvancedStats, readGoal, changeGoal, readYear, shareYear
    }

    public enum Decision: Equatable, Sendable {
        case allow, notFound, premiumRequired
    }

    public static func decide(_ action: Action, by actor: Actor, tier: Tier, tiersEnabled: Bool) -> Decision {
        guard actor == .owner else { return .notFound }
        switch action {
        case .readAdvancedStats:
            return Tiers.allows(.advancedStatistics, tier: tier, tiersEnabled: tiersEnabled) ? .allow : .premiumRequired
        case .readBasicStats, .readGoal, .changeGoal, .readYear, .shareYear:
            return .allow
        }
    }

    /// Reading a shared year by its token.
    public static func readSharedYear(tokenIsLive: Bool) -> Decision { tokenIsLive ? .allow : .notFound }

    public enum CatalogEdit: String, Equatable, Sendable {
        /// The field was empty: written, and recorded as a fill.
        case fill
        /// The field held another value (clearing it included): written, and recorded as a change.
        case change
        /// The value is the one the field holds: nothing written, nothing recorded.
        case unchanged
        case notSignedIn
    }

    public static func editCatalogField(signedIn: Bool, currentValueIsSet: Bool, changesValue: Bool) -> CatalogEdit {
        guard signedIn else { return .notSignedIn }
        guard changesValue else { return .unchanged }
        return currentValueIsSet ? .change : .fill
    }
}
