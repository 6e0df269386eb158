/// A reader's feeds out (an Atom feed of finished books and reviews, an RSS feed of the
/// want-to-read shelf shaped like Goodreads' shelf RSS): read by anyone holding the secret address,
/// made and revoked by the reader in a session (an app's token never sees the secret: it would
/// outlive the token). What goes in is public: an entry the reader marked private never
/// does, and of the notes only those the reader shares with their clubs count as reviews (the feeds'
/// queries, `FeedContents`, say it in SQL; `ReaderFeedTests` holds them to it).
public enum FeedAccess {
    public enum Caller: Equatable, Sendable {
        /// A web or app session.
        case session
        case appToken(Set<TokenScope>)
        /// Whoever asks for a feed by its address: `matches` when the address's secret is the one kept.
        case address(matches: Bool)
    }

    public enum Action: Equatable, Sendable, CaseIterable {
        /// See the feeds' addresses.
        case showAddresses
        /// Make them (again: the old addresses stop working) or revoke them.
        case changeAddresses
        /// Read a feed.
        case readFeed
    }

    public enum Decision: Equatable, Sendable {
        case allow
        case notFound
        case insufficientScope
        case unauthorized
    }

    public static func decide(caller: Caller, action: Action) -> Decision {
        switch (caller, action) {
        case (.address(let matches), .readFeed): return matches ? .allow : .notFound
        case (.address, _): return .unauthorized
        // A signed-in reader reads a feed by its address like anyone else.
        case (_, .readFeed): return .notFound
        case (.session, _): return .allow
        // The secret outlives any token that could read it, so it is the account's, as tokens are.
        case (.appToken, _): return .insufficientScope
        }
    }

    /// How many items a feed carries, the newest first.
    public static let itemsPerFeed = 50
}
