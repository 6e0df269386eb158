import DogearCore
import Foundation
import Plot

/// The club page's book card: the current book, "Add to my library", the schedule marker, and the
/// form owner and admins choose the book with (also the proposals' book choice).
extension ClubShow.View {
    static func currentBook(_ model: ClubShow.Model) -> Node<HTML.BodyContext> {
        let csrf = model.session.csrfToken
        return .section(
            .class("card club-book"), .attribute(named: "aria-labelledby", value: "club-book-title"),
            .h2(.id("club-book-title"), "Reading now"),
            .unwrap(
                model.book,
                { book in
                    .div(
                        .class("row"),
                        .cover(book.coverUrl, title: book.title),
                        .div(
                            .class("row-main"),
                            book.entryID.map { entry in
                                Node<HTML.BodyContext>.a(
                                    .href(SiteURL.book(entry).path), .class("title"), .userText(book.title))
                            } ?? .span(.class("title"), .userText(book.title)),
                            .authorsLine(book.authors),
                            .p(.class("meta"), .text("Since "), .day(book.startedOn)),
                            .if(
                                model.isMember && book.entryID == nil,
                                // Which shelf: Reading by default, since it is the book the club reads now.
                                .form(
                                    .action(SiteURL.clubAddBook(model.id).path), .method(.post), .class("pick"),
                                    .csrf(csrf),
                                    .forEach([ReadingStatus.reading, .wantToRead, .read]) { status in
                                        .button(
                                            .type(.submit), .name("status"), .value(status.rawValue),
                                            .class(status == .reading ? "primary" : ""),
                                            .text(status == .reading ? "Add to my library as Reading" : status.label))
                                    })),
                            .if(
                                book.entryID != nil,
                                .p(.class("meta"), .text("In your library"))),
                            .unwrap(model.scheduleText) { .p(.class("schedule-marker"), .userText($0)) },
                            .if(
                                !model.milestones.isEmpty,
                                .ul(.class("milestones"), .forEach(model.milestones) { .li(.userText($0)) }))
                        ))
                },
                else: .p(
                    .class("empty"), .text(model.runsTheClub ? "Choose the club's first book below." : "No book chosen yet."))
            ),
            .if(model.runsTheClub, setBookForm(model))
        )
    }

    /// A search box (the reader's books first, then Dogear's catalog and the sources) with a press
    /// per result, and an ISBN for a book none of them knows. Plain forms: a GET search, a POST pick.
    static func setBookForm(_ model: ClubShow.Model) -> Node<HTML.BodyContext> {
        let csrf = model.session.csrfToken
        return .element(
            named: "details",
            nodes: [
                .class("club-set-book"),
                .if(model.bookSearch != nil || model.currentISBN.error != nil, .attribute(named: "open")),
                .element(named: "summary", nodes: [.text(model.book == nil ? "Choose the book" : "Change the book")]),
                .form(
                    .action(SiteURL.club(model.id).path), .method(.get), .class("search"),
                    .attribute(named: "role", value: "search"),
                    .div(
                        .class("search-row"),
                        .input(
                            .type(.search), .id("club-book-q"), .name("book"),
                            .userAttribute("value", model.bookSearch?.query ?? ""),
                            .attribute(named: "aria-label", value: "Find the book: title, author or ISBN"),
                            .placeholder("Title, author or ISBN")),
                        .button(.type(.submit), .text("Search")))),
                .unwrap(model.bookSearch) { search in
                    .group(
                        .forEach(search.notices) { .p(.class("hint"), .userText($0)) },
                        search.results.isEmpty
                            ? .p(.class("empty"), .userText("Nothing found for “\(search.query)”; try its ISBN below."))
                            : .ul(
                                .class("list search-results"),
                                .forEach(search.results) { result in
                                    .li(
                                        .class("row"),
                                        .div(
                                            .class("row-body"),
                                            .p(.class("title"), .userText(result.title)),
                                            .authorsLine(result.authors),
                                            .p(
                                                .class("meta"),
                                                .userText(result.inLibrary != nil ? "In your library" : result.sourceName)),
                                            .form(
                                                .action(SiteURL.clubCurrentBook(model.id).path), .method(.post),
                                                .class("inline"), .csrf(csrf),
                                                .unwrap(result.workID) {
                                                    .input(.type(.hidden), .name("workId"), .value($0.uuidString))
                                                },
                                                .if(
                                                    result.workID == nil,
                                                    .input(.type(.hidden), .name("isbn"), .userAttribute("value", result.isbn13))),
                                                .button(
                                                    .type(.submit),
                                                    .userAttribute("aria-label", "Make “\(result.title)” the current book"),
                                                    .text("Make it the current book")))))
                                }))
                },
                .form(
                    .action(SiteURL.clubCurrentBook(model.id).path), .method(.post),
                    .csrf(csrf),
                    .field("Or an ISBN", name: "isbn", state: model.currentISBN, hint: "10 or 13 digits", id: "current-isbn"),
                    .button(.type(.submit), .text("Make it the current book"))),
            ])
    }

    /// One of the reader's books, or an ISBN to look up.
    static func bookChoice(_ model: ClubShow.Model, prefix: String, isbn: FieldState) -> Node<HTML.FormContext> {
        .group(
            .if(
                !model.choices.isEmpty,
                .div(
                    .class("field"),
                    .label(.for("\(prefix)-work"), "From your library"),
                    .select(
                        .id("\(prefix)-work"), .attribute(named: "name", value: "workId"),
                        .element(named: "option", nodes: [.userAttribute("value", ""), .text("—")]),
                        .forEach(model.choices) { choice in
                            .element(
                                named: "option",
                                nodes: [.userAttribute("value", choice.workID.uuidString), .userText(choice.title)])
                        }))),
            .field("Or an ISBN", name: "isbn", state: isbn, hint: "10 or 13 digits", id: "\(prefix)-isbn")
        )
    }
}
