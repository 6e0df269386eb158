import DogearCore
import Foundation
import Plot

extension LibraryIndex.View {
    /// A row of the library page written straight into a string: the HTML `row(_:csrf:lists:listOptions:)`
    /// renders through Plot, byte for byte (`LibraryRowHTMLTests` holds the two together over every
    /// branch). A page is twenty rows of forty elements; building and rendering them as Plot nodes
    /// was half of what the page cost beyond its JSON (`dogear bench http`, `page_library`). Every
    /// reader's text goes through `Escape`, as `userText` and `userAttribute` do.
    static func rowHTML(_ book: BookSummary, csrf: String, lists: [ListChoice], listOptions: String) -> String {
        let id = book.id.uuidString
        let title = Escape.text(book.title)
        let titleInAttribute = Escape.attribute(book.title)
        var html = "<li class=\"row book-row\" data-entry=\"\(id)\">"
        html.reserveCapacity(2_000)
        html += coverHTML(book.coverURL, title: book.title)
        html += "<div class=\"row-body\"><a href=\"\(SiteURL.book(book.id).path)\" class=\"title\">\(title)</a>"
        html += "<p class=\"authors\">"
        html += Escape.text(book.authors.isEmpty ? "Unknown author" : book.authors.joined(separator: ", "))
        html += "</p><div class=\"meta\"><span class=\"status status-\(book.status.rawValue)\">"
        html += "<span class=\"dot\" aria-hidden=\"true\"></span>\(Escape.text(book.status.label))</span>"
        if let rating = book.rating {
            html += "<span class=\"stars\" aria-label=\"\(rating) of 5 stars\">"
            html += String(repeating: "★", count: rating) + String(repeating: "☆", count: max(0, 5 - rating)) + "</span>"
        } else {
            html += "<span class=\"stars stars-none\">Not rated</span>"
        }
        html += "</div>"
        if !book.tags.isEmpty {
            html += "<ul class=\"chips\">"
            for tag in book.tags { html += "<li class=\"chip\">\(Escape.text(tag))</li>" }
            html += "</ul>"
        }
        if !book.matches.isEmpty {
            html += "<ul class=\"matches\">"
            for match in book.matches {
                html += "<li class=\"match\"><span class=\"match-field\">\(Escape.text("Matched in \(match.field)"))</span>"
                if let passage = match.passage { html += "<span class=\"passage\">\(Escape.text(": \(passage)"))</span>" }
                html += "</li>"
            }
            html += "</ul>"
        }
        html += "</div><details class=\"row-menu\">"
        html += "<summary aria-label=\"\(Escape.attribute("Actions for \(book.title)"))\">Actions</summary>"
        html += "<div class=\"row-menu-body\">"
        let csrfField = "<input type=\"hidden\" name=\"_csrf\" value=\"\(Escape.attribute(csrf))\"/>"
        html += "<form action=\"\(SiteURL.bookStatus(book.id).path)\" method=\"post\" class=\"quick-status\">\(csrfField)"
        html += "<input type=\"hidden\" name=\"back\" value=\"\(SiteURL.library.path)\"/>"
        html += "<select id=\"status-\(id)\" name=\"status\" aria-label=\"Status of \(titleInAttribute)\">"
        html += (statusOptions[book.status] ?? "") + "</select><button type=\"submit\">Change</button></form>"
        if !lists.isEmpty {
            html += "<form action=\"\(SiteURL.bookAddToList(book.id).path)\" method=\"post\" class=\"quick-status\">"
            html += csrfField + "<select name=\"list\" aria-label=\"A list for \(titleInAttribute)\">\(listOptions)</select>"
            html += "<button type=\"submit\" aria-label=\"Add \(titleInAttribute) to the list\">Add to list</button></form>"
        }
        html += "</div></details></li>"
        return html
    }

    /// `Node.cover(_:title:)` at the small size, as a string.
    private static func coverHTML(_ url: String?, title: String) -> String {
        if let url, url.hasPrefix("https://") || url.hasPrefix("http://") || url.hasPrefix("/") {
            return
                "<img class=\"cover cover-small\" src=\"\(Escape.attribute(url))\" alt=\"\(Escape.attribute("Cover of \(title)"))\" loading=\"lazy\"/>"
        }
        let shown = title.trimmed.isEmpty ? "?" : title.trimmed
        return "<div class=\"cover cover-small cover-placeholder cover-hue-\(coverHue(title))\" aria-hidden=\"true\">"
            + "<span class=\"cover-title\">\(Escape.text(shown))</span></div>"
    }

    private static func coverHue(_ title: String) -> Int {
        Node<HTML.BodyContext>.coverHue(title)
    }
}
