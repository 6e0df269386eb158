/// A book a shelf photo proposes, waiting for its reader (the BooksTrack seed's review queue).
public enum ProposalConfidence: String, Sendable, Codable, CaseIterable {
    /// Read from a barcode whose check digit holds: the ISBN is certain, whether or not a source
    /// knows its book (a proposal for an ISBN no source knows says so and waits for a title).
    case high
    /// Read from a spine's text: a guess among candidates, for the reader to check.
    case low
}

public enum ProposalStatus: String, Sendable, Codable, CaseIterable {
    case pending, confirmed, rejected
}

/// What a reader does with a proposal.
public enum ProposalReview: Equatable, Sendable {
    /// Adds the proposed book (or the candidate/ISBN the reader picked instead: a correction).
    case confirm(corrected: Bool)
    case reject

    public enum Refusal: String, Error, Sendable, Equatable {
        case alreadyReviewed

        public var message: String { "this proposal was already confirmed or rejected" }
    }

    /// The status a review leaves; only a pending proposal can be reviewed, once.
    public func apply(to status: ProposalStatus) throws(Refusal) -> ProposalStatus {
        guard status == .pending else { throw .alreadyReviewed }
        switch self {
        case .confirm: return .confirmed
        case .reject: return .rejected
        }
    }

    /// "Confirm all high-confidence": the pending proposals it takes, in their order. A barcode whose
    /// ISBN no source knows is certain but names no book yet: it waits for the reader to type one.
    public static func confirmAll<T>(
        _ proposals: [T], status: (T) -> ProposalStatus, confidence: (T) -> ProposalConfidence, namesBook: (T) -> Bool
    ) -> [T] {
        proposals.filter { status($0) == .pending && confidence($0) == .high && namesBook($0) }
    }
}

/// How long a scan's photo is kept: until nothing in its queue waits for the reader, or 30 days.
public enum ScanRetention {
    public static let photoDays = 30

    public static func keepsPhoto(pending: Int, ageInDays: Double) -> Bool {
        pending > 0 && ageInDays < Double(photoDays)
    }
}
