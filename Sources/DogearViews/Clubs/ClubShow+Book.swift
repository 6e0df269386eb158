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
                            .p(.class("meta"), .text("Since \(book.startedOn)")),
                            .if(
                                model.isMember && book.entryID == nil,
                                .form(
                                    .action(SiteURL.clubAddBook(model.id).path), .method(.post), .class("inline"),
                                    .csrf(csrf),
                                    .button(.type(.submit), .class("primary"), .text("Add to my library")))),
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

    static func setBookForm(_ model: ClubShow.Model) -> Node<HTML.BodyContext> {
        .element(
            named: "details",
            nodes: [
                .class("club-set-book"),
                .element(named: "summary", nodes: [.text(model.book == nil ? "Choose the book" : "Change the book")]),
                .form(
                    .action(SiteURL.clubCurrentBook(model.id).path), .method(.post),
                    .csrf(model.session.csrfToken),
                    bookChoice(model, prefix: "current", isbn: model.currentISBN),
                    .button(.type(.submit), .class("primary"), .text("Make it the current book"))),
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
