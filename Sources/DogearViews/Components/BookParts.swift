import DogearCore
import Foundation
import Plot

/// One book as lists and cards show it.
public struct BookSummary: Sendable, Equatable {
    public struct Match: Sendable, Equatable {
        public let field: String
        public let passage: String?

        public init(field: String, passage: String?) {
            self.field = field
            self.passage = passage
        }
    }

    public var id: UUID
    public var title: String
    public var authors: [String]
    public var coverURL: String?
    public var status: ReadingStatus
    public var progress: Double
    public var currentPage: Int?
    public var pageCount: Int?
    public var rating: Int?
    public var tags: [String]
    public var dateFinished: String?
    public var matches: [Match]
    /// An audiobook: progress is in minutes (listened, and the length when known), not pages.
    public var listening: Listening?

    public struct Listening: Sendable, Equatable {
        public var minutes: Int
        public var length: Int?
        public init(minutes: Int, length: Int?) {
            self.minutes = minutes
            self.length = length
        }
    }

    public init(id: UUID, title: String, authors: [String], status: ReadingStatus) {
        self.id = id
        self.title = title
        self.authors = authors
        self.status = status
        progress = 0
        tags = []
        matches = []
    }
}

extension ReadingStatus {
    /// How a reader says it.
    public var label: String {
        switch self {
        case .wantToRead: return "Want to read"
        case .reading: return "Reading"
        case .read: return "Read"
        case .didNotFinish: return "Did not finish"
        case .onHold: return "On hold"
        }
    }
}

extension Node where Context: HTML.BodyContext {
    /// A coloured dot and the status in words (colour is never the only sign).
    static func statusBadge(_ status: ReadingStatus) -> Node {
        .span(
            .class("status status-\(status.rawValue)"), .span(.class("dot"), .attribute(named: "aria-hidden", value: "true")),
            .text(status.label))
    }

    /// The cover, or, when the catalog has none, a placeholder like a spine: the title on a colour
    /// of its own (one of eight, from the title), so a shelf of coverless books is not one gradient.
    static func cover(_ url: String?, title: String, size: String = "small") -> Node {
        if let url, url.hasPrefix("https://") || url.hasPrefix("http://") || url.hasPrefix("/") {
            return .img(
                .class("cover cover-\(size)"), .userAttribute("src", url), .userAttribute("alt", "Cover of \(title)"),
                .attribute(named: "loading", value: "lazy"))
        }
        return .div(
            .class("cover cover-\(size) cover-placeholder cover-hue-\(coverHue(title))"),
            .attribute(named: "aria-hidden", value: "true"),
            .span(.class("cover-title"), .userText(title.trimmed.isEmpty ? "?" : title.trimmed)))
    }

    /// One of eight colours, the same for a title on every page and machine (FNV-1a over its bytes;
    /// Swift's own hash differs from run to run).
    static func coverHue(_ title: String) -> Int {
        var hash: UInt32 = 2_166_136_261
        for byte in title.lowercased().utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        return Int(hash % 8)
    }

    /// A native progress bar: no inline style, so the page's Content-Security-Policy can forbid them.
    static func progressBar(_ progress: Double, label: String) -> Node {
        let percent = Int((max(0, min(1, progress)) * 100).rounded())
        return .element(
            named: "progress",
            nodes: [
                .class("progress"), .attribute(named: "max", value: "100"), .attribute(named: "value", value: String(percent)),
                .userAttribute("aria-label", label), .text("\(percent)%"),
            ])
    }

    static func stars(_ rating: Int?) -> Node {
        guard let rating else { return .span(.class("stars stars-none"), .text("Not rated")) }
        return .span(
            .class("stars"), .attribute(named: "aria-label", value: "\(rating) of 5 stars"),
            .text(String(repeating: "★", count: rating) + String(repeating: "☆", count: max(0, 5 - rating))))
    }

    static func tagChips(_ tags: [String]) -> Node {
        guard !tags.isEmpty else { return .empty }
        return .ul(.class("chips"), .forEach(tags) { .li(.class("chip"), .userText($0)) })
    }

    static func authorsLine(_ authors: [String]) -> Node {
        .p(.class("authors"), .userText(authors.isEmpty ? "Unknown author" : authors.joined(separator: ", ")))
    }
}
