/// Free and premium accounts, when the instance turns tiers on. With tiers off everyone has
/// everything. Free accounts keep the default lists and may open, save and copy shared lists, and
/// join clubs; custom lists, creating clubs, advanced statistics and export are premium.
public enum Tier: String, Codable, Sendable, CaseIterable {
    case free, premium
}

public enum PremiumFeature: String, Sendable, CaseIterable {
    case customLists, createClubs, advancedStatistics, export
}

public enum Tiers {
    public static func allows(_ feature: PremiumFeature, tier: Tier, tiersEnabled: Bool) -> Bool {
        !tiersEnabled || tier == .premium
    }
}
