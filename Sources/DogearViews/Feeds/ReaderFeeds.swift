import Foundation
import Plot

/// A reader's feeds out, at a secret address (`/feeds/{token}/…`): an Atom feed (RFC 4287) of the
/// books they finished and the reviews they shared, and an RSS 2.0 feed of their want-to-read shelf
/// with the item fields Goodreads' shelf RSS has (`author_name`, `isbn`, `book_id`,
/// `user_date_added`, `user_shelves`), for the tools that read Goodreads shelves today.
public enum ReaderFeeds {
    public struct Item: Sendable, Equatable {
        /// `tag:` id, stable across readings of the feed.
        public var id: String
        public var title: String
        public var link: String
        public var updated: Date
        /// Plain text: the rating, the review.
        public var summary: String

        public init(id: String, title: String, link: String, updated: Date, summary: String) {
            self.id = id
            self.title = title
            self.link = link
            self.updated = updated
            self.summary = summary
        }
    }

    public struct ShelfItem: Sendable, Equatable {
        public var bookID: String
        public var title: String
        public var authors: [String]
        public var isbn: String?
        public var added: Date
        public var link: String

        public init(bookID: String, title: String, authors: [String], isbn: String?, added: Date, link: String) {
            self.bookID = bookID
            self.title = title
            self.authors = authors
            self.isbn = isbn
            self.added = added
            self.link = link
        }
    }

    /// The Atom feed of finished books and reviews.
    public static func atom(reader: String, selfURL: String, siteURL: String, items: [Item]) -> String {
        let updated = items.map(\.updated).max() ?? Date(timeIntervalSince1970: 0)
        let feed: Node<XML.DocumentContext> = .element(
            named: "feed",
            nodes: [
                .attribute(named: "xmlns", value: "http://www.w3.org/2005/Atom"),
                element("id", selfURL), element("title", "\(reader)’s reading on Dogear"),
                element("updated", Self.instant(updated)),
                .element(named: "author", nodes: [element("name", reader)]),
                .selfClosedElement(
                    named: "link", attributes: [.userAttribute("rel", "self"), .userAttribute("href", selfURL)]),
                .selfClosedElement(named: "link", attributes: [.userAttribute("href", siteURL)]),
            ]
                + items.map { item in
                    .element(
                        named: "entry",
                        nodes: [
                            element("id", item.id), element("title", item.title), element("updated", Self.instant(item.updated)),
                            .selfClosedElement(named: "link", attributes: [.userAttribute("href", item.link)]),
                            .element(
                                named: "summary", nodes: [.userAttribute("type", "text"), .userText(Self.clean(item.summary))]),
                        ])
                })
        return XML(feed).render()
    }

    /// The RSS feed of the want-to-read shelf, as Goodreads shapes a shelf's.
    public static func shelfRSS(reader: String, selfURL: String, siteURL: String, items: [ShelfItem]) -> String {
        let channel: Node<XML.DocumentContext> = .element(
            named: "rss",
            nodes: [
                .attribute(named: "version", value: "2.0"),
                .element(
                    named: "channel",
                    nodes: [
                        element("title", "\(reader)’s bookshelf: to-read"), element("link", siteURL),
                        element("description", "\(reader)’s want-to-read shelf on Dogear"),
                    ]
                        + items.map { item in
                            .element(
                                named: "item",
                                nodes: [
                                    element("guid", item.link), element("pubDate", Self.rfc822(item.added)),
                                    element("title", item.title),
                                    element("link", item.link), element("book_id", item.bookID),
                                    element("author_name", item.authors.joined(separator: ", ")),
                                    element("isbn", item.isbn ?? ""),
                                    element("user_date_added", Self.rfc822(item.added)), element("user_shelves", "to-read"),
                                    element("description", "\(item.title) by \(item.authors.joined(separator: ", "))"),
                                ])
                        }),
            ])
        return XML(channel).render()
    }

    private static func element(_ name: String, _ text: String) -> Node<XML.DocumentContext> {
        .element(named: name, nodes: [.userText(clean(text))])
    }

    /// XML 1.0 cannot hold most control characters, which an imported note may carry.
    static func clean(_ text: String) -> String {
        String(
            String.UnicodeScalarView(text.unicodeScalars.filter { $0.value >= 0x20 || $0 == "\t" || $0 == "\n" || $0 == "\r" }))
    }

    static func instant(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    /// RFC 822's date (`Mon, 02 Jan 2006 15:04:05 +0000`), written from the UTC calendar's parts:
    /// a `DateFormatter` made per item cost more than the rest of the feed.
    static func rfc822(_ date: Date) -> String {
        let parts = utcCalendar.dateComponents([.weekday, .day, .month, .year, .hour, .minute, .second], from: date)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return "\(days[(parts.weekday ?? 1) - 1]), \(two(parts.day)) \(months[(parts.month ?? 1) - 1]) \(parts.year ?? 1970) "
            + "\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second)) +0000"
    }

    private static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
}
