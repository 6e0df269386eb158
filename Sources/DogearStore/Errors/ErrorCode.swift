import DogearCore

/// Every machine-readable error code the server answers with, in one place: the API sends the raw
/// value as `error.code` (clients switch on it, so a raw value never changes), services throw them in
/// a `DomainError`, and pages switch on the case, never on a string. The HTTP status comes from the
/// error's `DomainError.Kind`; what a page says for a code that needs its own words is `pageWording`.
package enum ErrorCode: String, Sendable, CaseIterable, Codable {
    case alreadyInLibrary
    case alreadyLearned
    case alreadyMember
    case alreadyOnList
    case alreadyProposed
    case alreadyReviewed
    case alreadySwiped
    case authorNotFound
    case bookNotFound
    case busy
    case cannotChangeDefault
    case cannotDeleteDefault
    case cannotSaveOwnList
    case cannotRevert
    case catalogChangeNotFound
    case clubFull
    case clubNotFound
    case commentNotFound
    case conflict
    case deviceLoginNotFound
    case diskFull
    case documentNotFound
    case editWindowClosed
    case emailTaken
    case emptyFile
    case entryNotFound
    case feedNotFound
    case fileTooLarge
    case forbidden
    case goalNotFound
    case idempotencyKeyReused
    case importBookNotFound
    case importNotFound
    case insufficientScope
    case internalError
    case invalidData
    case invalidIdToken
    case invalidResetLink
    case joinRequestNotFound
    case joinRequested
    case linkNeedsPassword
    case linkNotFound
    case listFull
    case listItemNotFound
    case listNotFound
    case meetingCancelled
    case meetingClosed
    case meetingNotFound
    case memberNotFound
    case methodNotAllowed
    case noCurrentBook
    case notAuthenticated
    case notFound
    case notYourIdentity
    case noteNotFound
    case nothingToUndo
    case ownerMustHandOver
    case payloadTooLarge
    case photoDeleted
    case premiumRequired
    case proposalClosed
    case proposalNotFound
    case providerNotConfigured
    case providerUnavailable
    case quoteNotFound
    case rateLimited
    case removalNotFound
    case removedFromClub
    case requestInProgress
    case resyncRequired
    case scanNotFound
    case scanningUnavailable
    case scansWaiting
    case sessionNotFound
    case sourceUnavailable
    case statsNotFound
    case storageFailed
    case syncLogFailed
    case tokenNotFound
    case tooManyAttempts
    case tooManyClubs
    case tooManyCodeGuesses
    case tooManyDeviceLogins
    case tooManyGoals
    case tooManyImports
    case tooManyLists
    case tooManyMeetings
    case tooManyStreams
    case tooManyTokens
    case unreadableFile
    case unreadablePhoto
    case unsupportedMediaType
    case usernameTaken
    case versionConflict
    case yearNotFound

    /// A page's sentence for the code, where the generic one for its kind would say too little.
    /// Not-found codes name what was missing, never whether it belongs to someone else.
    package var pageWording: String? {
        switch self {
        case .entryNotFound: return "Not found: that book is not in your library."
        case .noteNotFound: return "Not found: there is no such note."
        case .quoteNotFound: return "Not found: there is no such quote."
        case .importNotFound: return "Not found: there is no such import."
        case .importBookNotFound: return "Not found: that import has no such book waiting."
        case .bookNotFound: return "Not found: there is no such book in the catalog."
        default: return nil
        }
    }
}

extension ErrorCode {
    /// A list rule's refusal (Core's `ListAccess`) as the code it is answered with.
    package init(_ refusal: ListAccess.Refusal) {
        switch refusal {
        case .cannotDeleteDefault: self = .cannotDeleteDefault
        case .cannotChangeDefault: self = .cannotChangeDefault
        case .cannotSaveOwnList: self = .cannotSaveOwnList
        }
    }

    /// A club rule's refusal (Core's `ClubAccess`) as the code it is answered with.
    package init(_ refusal: ClubAccess.Refusal) {
        switch refusal {
        case .alreadyMember: self = .alreadyMember
        case .ownerMustHandOver: self = .ownerMustHandOver
        case .removedFromClub: self = .removedFromClub
        }
    }
}
