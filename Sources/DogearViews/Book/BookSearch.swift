import DogearCore
import Foundation
import Plot

/// The Add page's search: one box for a title, an author or an ISBN over Dogear's catalog and the
/// online sources, each result with one press for Want to read, Reading or Read. The long form is
/// for a book no source knows. Plain forms: a GET search and a POST per press, so no script needed.
public enum BookSearch {
    public struct Model: Sendable, Equatable {
        public var query: String
        public var results: [Result]
        /// Sources that could not answer, in words ("Open Library did not answer in time").
        public var notices: [String]
        public init(query: String, results: [Result], notices: [String]) {
            self.query = query
            self.results = results
            self.notices = notices
        }
    }

    /// What a result carries back to `/add/pick`: a catalog work by id, or the source's facts.
    public struct Result: Sendable, Equatable {
        public var title: String
        public var subtitle: String?
        public var authors: [String]
        public var year: Int?
        public var pageCount: Int?
        public var isbn13: String?
        public var publisher: String?
        public var publishedDate: String?
        public var coverURL: String?
        /// "Dogear's catalog", "Open Library", "Google Books".
        public var sourceName: String
        public var workID: UUID?
        /// The reader's entry when they already have the book.
        public var inLibrary: UUID?

        public init(
            title: String, subtitle: String?, authors: [String], year: Int?, pageCount: Int?, isbn13: String?,
            publisher: String?, publishedDate: String?, coverURL: String?, sourceName: String, workID: UUID?, inLibrary: UUID?
        ) {
            self.title = title
            self.subtitle = subtitle
            self.authors = authors
            self.year = year
            self.pageCount = pageCount
            self.isbn13 = isbn13
            self.publisher = publisher
            self.publishedDate = publishedDate
            self.coverURL = coverURL
            self.sourceName = sourceName
            self.workID = workID
            self.inLibrary = inLibrary
        }
    }

    /// The shelves one press puts a book on, in the order the buttons show.
    public static let shelves: [ReadingStatus] = [.wantToRead, .reading, .read]

    /// The search box, the results, and what the sources could not do.
    static func section(_ model: Model?, added: BookForm.Added?, csrf: String) -> Node<HTML.BodyContext> {
        .section(
            .class("book-search"), .attribute(named: "aria-labelledby", value: "find-heading"),
            .h2(.id("find-heading"), "Find it"),
            .unwrap(added) { added in
                .p(
                    .class("notice"), .attribute(named: "role", value: "status"),
                    .userText("Added “\(added.title)” to \(added.status.label)."), .text(" "),
                    .a(.href(SiteURL.book(added.entryID).path), "Open it"))
            },
            .form(
                .action(SiteURL.add.path), .method(.get), .class("search"), .attribute(named: "role", value: "search"),
                .div(
                    .class("search-row"),
                    .input(
                        .type(.search), .id("find-q"), .name("q"), .userAttribute("value", model?.query ?? ""),
                        .attribute(named: "aria-label", value: "Title, author or ISBN"),
                        .placeholder("Title, author or ISBN")),
                    .button(.type(.submit), .text("Search")))),
            .unwrap(model) { results($0, csrf: csrf) })
    }

    static func results(_ model: Model, csrf: String) -> Node<HTML.BodyContext> {
        .group(
            .forEach(model.notices) { .p(.class("hint"), .userText($0)) },
            model.results.isEmpty
                ? .p(
                    .class("empty"),
                    .userText("Nothing found for “\(model.query)”. Check the spelling, or add it by hand below."))
                : .ul(.class("list search-results"), .forEach(model.results) { row($0, query: model.query, csrf: csrf) }))
    }

    static func row(_ result: Result, query: String, csrf: String) -> Node<HTML.ListContext> {
        let facts = [result.year.map(String.init), result.pageCount.map { Figures.count($0, "page") }, result.sourceName]
            .compactMap { $0 }.joined(separator: " · ")
        return .li(
            .class("row"),
            .cover(result.coverURL, title: result.title),
            .div(
                .class("row-body"),
                .p(.class("title"), .userText(result.title)),
                .unwrap(result.subtitle) { .p(.class("meta"), .userText($0)) },
                .authorsLine(result.authors),
                .p(.class("meta"), .userText(facts)),
                .unwrap(result.inLibrary) { entry in
                    .p(.class("meta"), .text("In your library · "), .a(.href(SiteURL.book(entry).path), "Open it"))
                },
                .if(result.inLibrary == nil, pick(result, query: query, csrf: csrf))))
    }

    /// Three submit buttons in one form: the one pressed names the shelf.
    static func pick(_ result: Result, query: String, csrf: String) -> Node<HTML.BodyContext> {
        let hidden: [(String, String?)] = [
            ("q", query), ("workId", result.workID?.uuidString), ("title", result.title), ("subtitle", result.subtitle),
            ("authors", result.authors.joined(separator: "\n")), ("isbn", result.isbn13),
            ("pageCount", result.pageCount.map(String.init)), ("publisher", result.publisher),
            ("publishedDate", result.publishedDate), ("firstPublishedYear", result.year.map(String.init)),
            ("coverUrl", result.coverURL),
        ]
        return .form(
            .action(SiteURL.addPick.path), .method(.post), .class("pick"),
            .csrf(csrf),
            .forEach(hidden.compactMap { name, value in value.map { (name, $0) } }) { name, value in
                .input(.type(.hidden), .name(name), .userAttribute("value", value))
            },
            .forEach(shelves) { status in
                .button(
                    .type(.submit), .name("status"), .value(status.rawValue),
                    .userAttribute("aria-label", "\(status.label): \(result.title)"), .text(status.label))
            })
    }
}
