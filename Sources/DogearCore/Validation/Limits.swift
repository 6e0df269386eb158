/// Every size limit (catalog, library, accounts) in one place, so rules, API docs and tests agree.
public enum Limits {
    public static let titleLength = 1...512
    public static let subtitleMaxLength = 512
    public static let descriptionMaxLength = 10_000
    public static let genresPerWork = 10
    public static let genreMaxLength = 50
    public static let seriesNameMaxLength = 512
    public static let authorNameLength = 1...256
    public static let authorsPerWork = 50
    public static let publisherMaxLength = 256
    public static let shortTextMaxLength = 256
    public static let listFieldItems = 50
    public static let urlMaxLength = 2_048

    public static let noteLength = 1...5_000
    public static let quoteLength = 1...5_000
    /// An e-reader's location of a quote ("180-182") and its device key, as an import brings them.
    public static let quoteLocationMaxLength = 64
    public static let quoteSourceKeyMaxLength = 200
    public static let tagsPerEntry = 20
    public static let tagLength = 1...50
    public static let rating = 1...5
    public static let preciseRating = 0.0...5.0
    public static let preciseRatingStep = 0.25
    public static let pageCount = 1...100_000
    public static let dailyGoalPages = 1...10_000
    public static let sessionMinutes = 0...1_440
    public static let recommendedByMaxLength = 256

    public static let emailMaxLength = 254
    public static let passwordLength = 8...72  // bcrypt reads at most 72 bytes
    public static let displayNameLength = 1...100

    public static let listNameLength = 1...100
    public static let listDescriptionMaxLength = 2_000
    public static let listItemNoteMaxLength = 500
    public static let itemsPerList = 5_000
    public static let listsPerReader = 500

    public static let pageSize = 1...100
    public static let defaultPageSize = 20
}
