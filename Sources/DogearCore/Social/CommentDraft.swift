/// A discussion comment as a member writes it: a body of 1–5,000 characters, and optionally the
/// page or the percent of the book it is about (not both).
public struct CommentDraft: Sendable, Equatable {
    public var body: String?
    public var page: Int?
    public var percent: Double?

    public init(body: String? = nil, page: Int? = nil, percent: Double? = nil) {
        self.body = body
        self.page = page
        self.percent = percent
    }

    /// `lastPage`: the book's last page as far as it is known (its longest edition's); a comment about
    /// a page past it would stay hidden from every reader, as nobody's progress ever reaches it.
    public func validated(lastPage: Int? = nil) throws -> ValidComment {
        let body = try Validate.text(body ?? "", field: "body", length: 1...Limits.commentMaxLength)
        if page != nil, percent != nil {
            throw ValidationError(field: "page", "give a page or a percent, not both")
        }
        if let page { _ = try Validate.number(page, field: "page", in: 1...Limits.pageCount.upperBound) }
        if let page, let lastPage, lastPage > 0, page > lastPage {
            throw ValidationError(field: "page", "the book has \(lastPage) pages; give a page from 1 to \(lastPage)")
        }
        if let percent { _ = try Validate.number(percent, field: "percent", in: 0...100) }
        let place: SpoilerGate.Place? = page.map { .page($0) } ?? percent.map { .percent($0) }
        return ValidComment(body: body, place: place)
    }
}

public struct ValidComment: Sendable, Equatable {
    public var body: String
    public var place: SpoilerGate.Place?
}

/// How long an author may still edit their comment.
public enum CommentEditing {
    public static let window: Double = 15 * 60

    public static func mayEdit(writtenAt: Double, now: Double) -> Bool {
        now - writtenAt <= window
    }
}

extension Limits {
    public static let commentMaxLength = 5_000
    public static let milestonesPerBook = 50
}
