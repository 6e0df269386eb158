import FluentKit

/// Migrations are named `NNN_TypeName`, so the schema version is the highest number applied.
package protocol NumberedMigration: AsyncMigration {
    static var folder: Int { get }
}

extension NumberedMigration {
    package var name: String { String(format: "%03d_", Self.folder) + String(describing: Self.self) }
}

/// Every migration in the order it runs. Add new ones at the end, in a new numbered folder.
package enum AllMigrations {
    package static let list: [any NumberedMigration] = [
        CreateUsers(), CreateUserTokens(), CreateAuthors(), CreateWorks(), CreateWorkAuthors(),
        CreateEditions(), CreateExternalIDs(), CreateLibraryEntries(), CreateReadThroughs(),
        CreateReadingSessions(), CreateNotes(), CreateQuotes(), CreateTags(), CreateEntryTags(), CreateIndexes(),
        CreateEntrySearch(), CreateExternalIDOwnerIndexes(),
        CreateImports(), CreateImportedFields(),
        CreateLists(),
        AddImportShelvesAs(),
        CreateClubs(),
        CreateClubTalk(),
        RecountPublicAggregates(),
        AddSessionDetails(),
        AddAppTokens(),
        CreateAccountLinks(),
        CreateIdentities(),
        AddFieldSources(),
        AddImportRunID(),
        AddImportLeases(),
        CreateEntryEditions(),
        CreateInsights(),
        CreateCatalogChanges(),
        AddStatsIndexes(),
        CreateStatsFacts(),
        CreateStatsYearFigures(),
        CreateDiscovery(),
        CreateSyncLog(),
        CreateScans(),
        AddReadPathIndexes(),
        AddWorkTitleKeyIndex(),
        SkipIdleStatsTriggers(),
        CreateClubBansAndJoinRequests(),
        CreateAttemptCounters(),
        AddLastReadAt(),
        AddDiscoverRankIndex(),
        CountSessionPages(),
        CreateDeviceSync(),
        CreateReaderFeeds(),
        AddHighlightSources(),
        CreateClubMeetings(),
        CreateNotifications(),
        CreatePushSubscriptions(),
    ]

    package static var latestVersion: Int { list.map { type(of: $0).folder }.max() ?? 0 }
}
