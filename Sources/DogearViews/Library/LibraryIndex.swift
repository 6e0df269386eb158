import DogearCore
import Plot

/// `/library`: shelf tabs with their counts, search as you type (the form works without a script),
/// filters that fold away, the sorts, and each book with its status, tags, rating and one quiet
/// actions menu (status, add to a list); deleting lives on the book page, behind its confirmation.
public enum LibraryIndex {
    public struct Model: Sendable, Equatable {
        public var query: String
        public var statuses: [ReadingStatus]
        public var tag: String?
        public var sort: String
        public var items: [BookSummary]
        public var allTags: [String]
        public var nextCursor: String?
        /// Whether the reader has any book at all (to tell "empty library" from "no match").
        public var libraryIsEmpty: Bool
        /// The reader's own custom lists, for "Add to list" on each row.
        public var lists: [ListChoice] = []
        /// Books per shelf, in the tabs' order, and in all (nil: no tabs).
        public var shelves: Shelves?
        /// Near spellings of titles and authors when a search found nothing ("tolkein" → Tolkien):
        /// what to show, and what to search for.
        public var suggestions: [Suggestion] = []
        public var session: PageSession

        public init(
            query: String = "", statuses: [ReadingStatus] = [], tag: String? = nil, sort: String = "added",
            items: [BookSummary], allTags: [String] = [], nextCursor: String? = nil, libraryIsEmpty: Bool,
            session: PageSession
        ) {
            self.query = query
            self.statuses = statuses
            self.tag = tag
            self.sort = sort
            self.items = items
            self.allTags = allTags
            self.nextCursor = nextCursor
            self.libraryIsEmpty = libraryIsEmpty
            self.session = session
        }

        var filtering: Bool { !statuses.isEmpty || tag != nil }
    }

    /// The tabs: each shelf's count in order, and the total.
    public struct Shelves: Sendable, Equatable {
        public struct Shelf: Sendable, Equatable {
            public var status: ReadingStatus
            public var count: Int
            public init(status: ReadingStatus, count: Int) {
                self.status = status
                self.count = count
            }
        }
        public var total: Int
        public var counts: [Shelf]

        public init(total: Int, counts: [Shelf]) {
            self.total = total
            self.counts = counts
        }
    }

    /// A near spelling to offer: the title or author to show, and the words to search for.
    public struct Suggestion: Sendable, Equatable {
        public var label: String
        public var query: String
        public init(label: String, query: String) {
            self.label = label
            self.query = query
        }
    }

    public static let sorts: [(String, String)] = [
        ("added", "Recently added"), ("title", "Title"), ("author", "Author"), ("finished", "Recently finished"),
        ("rating", "Rating"),
    ]

    public enum View {
        public static func render(_ model: Model) -> HTML {
            render(model, rows: nil)
        }

        /// The page as text, what the server sends: the layout rendered by Plot around a marker, and
        /// the rows (already text, a few hundred kilobytes for a long shelf) put in its place once.
        /// Handed to Plot as raw text inside the page, the rows were copied again into the buffer of
        /// every element around them, a tenth of the page's CPU. `PageViewTests` holds it to
        /// `render(_:)` byte for byte.
        public static func page(_ model: Model) -> String {
            // No rows, no list to put them in.
            if model.items.isEmpty { return render(model).render() }
            // A comment no escaped text can make (`<` is always escaped in a reader's words).
            let marker = "<!--dogear:library-rows-->"
            guard let layout = StandIn.split(render(model, rows: marker).render(), at: marker) else {
                return render(model).render()
            }
            let rows = rowsHTML(model)
            var page = String()
            page.reserveCapacity(layout.before.utf8.count + rows.utf8.count + layout.after.utf8.count)
            page += layout.before
            page += rows
            page += layout.after
            return page
        }

        /// The page; `rows` in place of the rows when given (`page(_:)`).
        static func render(_ model: Model, rows: String?) -> HTML {
            PageLayout.page(
                title: "Library", session: model.session, csrfToken: model.session.csrfToken, active: .library,
                .group(
                    .h1("Your library"),
                    .unwrap(model.shelves) { tabs(model, $0) },
                    searchForm(model),
                    .div(.id("results"), .attribute(named: "aria-live", value: "polite"), results(model, rows: rows))
                ))
        }

        /// The part live search replaces (the script asks for `/library?…&partial=1`).
        public static func resultsFragment(_ model: Model) -> String {
            Node<HTML.BodyContext>.div(results(model)).render()
        }

        /// One link per shelf with its count: plain links, so they work without a script and each
        /// shelf has its own address. The tab of the one status filtered on (or All) is current. A tab
        /// is the whole shelf (its count says so), so it keeps the sort and leaves a search behind.
        static func tabs(_ model: Model, _ shelves: Shelves) -> Node<HTML.BodyContext> {
            func tab(_ label: String, _ count: Int, status: ReadingStatus?) -> Node<HTML.ListContext> {
                var query = [("sort", model.sort == "added" ? "" : model.sort)]
                if let status { query.append(("status", status.rawValue)) }
                let current = status.map { model.statuses == [$0] } ?? model.statuses.isEmpty
                return .li(
                    .a(
                        .href(SiteURL.library.with(query: query.filter { !$0.1.isEmpty })),
                        .if(current, .attribute(named: "aria-current", value: "page")),
                        .text(label), .span(.class("count"), .text(Figures.count(count)))))
            }
            return .nav(
                .class("shelf-tabs"), .attribute(named: "aria-label", value: "Shelves"),
                .ul(
                    tab("All", shelves.total, status: nil),
                    .forEach(shelves.counts) { tab($0.status.label, $0.count, status: $0.status) }))
        }

        static func searchForm(_ model: Model) -> Node<HTML.BodyContext> {
            .form(
                .action(SiteURL.library.path), .method(.get), .class("search"), .attribute(named: "role", value: "search"),
                .attribute(named: "data-live-search", value: "#results"),
                .div(
                    .class("search-row"),
                    // Named by aria-label: axe counts a visually hidden <label> as no label.
                    .input(
                        .type(.search), .id("q"), .name("q"), .userAttribute("value", model.query),
                        .attribute(named: "aria-label", value: "Search your library"),
                        .placeholder("Title, author, ISBN, tag, note…")),
                    .button(.type(.submit), .text("Search"))
                ),
                .details(
                    .if(model.filtering, .attribute(named: "open")),
                    .summary("Filters and sort"),
                    .fieldset(
                        .element(named: "legend", nodes: [.text("Status")]),
                        .forEach(ReadingStatus.allCases) { status in
                            .label(
                                .class("check"),
                                .input(
                                    .type(.checkbox), .name("status"), .value(status.rawValue),
                                    .attribute(named: "checked", value: model.statuses.contains(status) ? "checked" : nil)),
                                .text(status.label))
                        }
                    ),
                    .div(
                        .class("field"),
                        .label(.for("tag"), "Tag"),
                        .select(
                            .id("tag"), .attribute(named: "name", value: "tag"),
                            .element(named: "option", nodes: [.userAttribute("value", ""), .text("Any tag")]),
                            .forEach(model.allTags) { tag in
                                .element(
                                    named: "option",
                                    nodes: [
                                        .userAttribute("value", tag), .if(tag == model.tag, .attribute(named: "selected")),
                                        .userText(tag),
                                    ])
                            }
                        )
                    ),
                    .div(
                        .class("field"),
                        .label(.for("sort"), "Sort by"),
                        .select(
                            .id("sort"), .attribute(named: "name", value: "sort"),
                            .forEach(LibraryIndex.sorts) { value, label in
                                .element(
                                    named: "option",
                                    nodes: [
                                        .attribute(named: "value", value: value),
                                        .if(value == model.sort, .attribute(named: "selected")),
                                        .text(label),
                                    ])
                            }
                        )
                    ),
                    .button(.type(.submit), .text("Apply"))
                )
            )
        }

        static func results(_ model: Model, rows: String? = nil) -> Node<HTML.BodyContext> {
            if model.items.isEmpty {
                if model.libraryIsEmpty {
                    return .p(
                        .class("empty"), "Your library is empty. ", .a(.href(SiteURL.add.path), "Add a book"), " or ",
                        .a(.href(SiteURL.importFile.path), "import one from Goodreads or The StoryGraph"), ".")
                }
                return .group(
                    .p(
                        .class("empty"),
                        .userText(model.query.isEmpty ? "No books match these filters." : "No books match “\(model.query)”.")),
                    .if(
                        !model.suggestions.isEmpty,
                        .p(
                            .class("suggestions"), .text("Did you mean "),
                            .forEach(Array(model.suggestions.enumerated())) { index, suggestion in
                                .group(
                                    .if(index > 0, .text(index == model.suggestions.count - 1 ? " or " : ", ")),
                                    .a(
                                        .href(SiteURL.library.with(query: [("q", suggestion.query)])),
                                        .userText(suggestion.label)))
                            },
                            .text("?"))))
            }
            return .group(
                .ul(
                    .class("list library"),
                    .raw(rows ?? rowsHTML(model))),
                .unwrap(model.nextCursor) { cursor in
                    .a(.class("more"), .userAttribute("href", nextPageURL(model, cursor: cursor)), "More books")
                }
            )
        }

        /// The rows, as `rowHTML` writes them (the same HTML as `row`, without a node a tag).
        static func rowsHTML(_ model: Model) -> String {
            let listOptions = listOptions(model.lists)
            return model.items.map {
                rowHTML($0, csrf: model.session.csrfToken, lists: model.lists, listOptions: listOptions)
            }.joined()
        }

        /// The options of a row's status menu, one string a status: the same on every row but for
        /// which is selected, so written once (no reader's text in them) instead of as six nodes
        /// a row.
        static let statusOptions: [ReadingStatus: String] = Dictionary(
            uniqueKeysWithValues: ReadingStatus.allCases.map { selected in
                (
                    selected,
                    ReadingStatus.allCases.map { status in
                        "<option value=\"\(status.rawValue)\"\(status == selected ? " selected" : "")>"
                            + Escape.text(status.label) + "</option>"
                    }.joined()
                )
            })

        /// The options of a row's "Add to list" menu, the reader's lists: the same on every row, so
        /// written once a page, each name escaped.
        static func listOptions(_ lists: [ListChoice]) -> String {
            lists.map { "<option value=\"\(Escape.attribute($0.id))\">\(Escape.text($0.name))</option>" }.joined()
        }

        static func row(
            _ book: BookSummary, csrf: String, lists: [ListChoice] = [], listOptions: String? = nil
        ) -> Node<HTML.ListContext> {
            .li(
                .class("row book-row"), .attribute(named: "data-entry", value: book.id.uuidString),
                .cover(book.coverURL, title: book.title),
                .div(
                    .class("row-body"),
                    .a(.href(SiteURL.book(book.id).path), .class("title"), .userText(book.title)),
                    .authorsLine(book.authors),
                    .div(.class("meta"), .statusBadge(book.status), .stars(book.rating)),
                    .tagChips(book.tags),
                    .if(
                        !book.matches.isEmpty,
                        .ul(
                            .class("matches"),
                            .forEach(book.matches) { match in
                                .li(
                                    .class("match"), .span(.class("match-field"), .userText("Matched in \(match.field)")),
                                    .unwrap(match.passage) { .span(.class("passage"), .userText(": \($0)")) })
                            }))
                ),
                // One quiet menu (a native <details>: no script needed) instead of two forms and a
                // red Delete on every row; deleting is on the book page, behind its confirmation.
                .element(
                    named: "details",
                    nodes: [
                        .class("row-menu"),
                        .element(
                            named: "summary",
                            nodes: [.userAttribute("aria-label", "Actions for \(book.title)"), .text("Actions")]),
                        .div(
                            .class("row-menu-body"),
                            .form(
                                .action(SiteURL.bookStatus(book.id).path), .method(.post), .class("quick-status"),
                                .csrf(csrf),
                                .input(.type(.hidden), .name("back"), .value(SiteURL.library.path)),
                                .select(
                                    .id("status-\(book.id.uuidString)"), .attribute(named: "name", value: "status"),
                                    .userAttribute("aria-label", "Status of \(book.title)"),
                                    .raw(statusOptions[book.status] ?? "")
                                ),
                                .button(.type(.submit), .text("Change"))
                            ),
                            .if(
                                !lists.isEmpty,
                                .form(
                                    .action(SiteURL.bookAddToList(book.id).path), .method(.post), .class("quick-status"),
                                    .csrf(csrf),
                                    .select(
                                        .attribute(named: "name", value: "list"),
                                        .userAttribute("aria-label", "A list for \(book.title)"),
                                        .raw(listOptions ?? Self.listOptions(lists))),
                                    .button(
                                        .type(.submit), .userAttribute("aria-label", "Add \(book.title) to the list"),
                                        .text("Add to list"))
                                ))
                        ),
                    ])
            )
        }

        static func nextPageURL(_ model: Model, cursor: String) -> String {
            var items = [("q", model.query), ("sort", model.sort), ("cursor", cursor)]
            items += model.statuses.map { ("status", $0.rawValue) }
            if let tag = model.tag { items.append(("tag", tag)) }
            return SiteURL.library.with(query: items.filter { !$0.1.isEmpty })
        }
    }
}
