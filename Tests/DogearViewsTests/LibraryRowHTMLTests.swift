import DogearCore
import Foundation
import Plot
import Testing

@testable import DogearViews

/// The library page writes its rows as strings (`LibraryIndex.View.rowHTML`) for speed; they must
/// be the HTML the Plot view (`row`) renders, byte for byte, on every branch: a cover or its
/// placeholder, a reader's hostile text in every field, ratings, tags, search matches, lists.
@Suite("Library rows: the string writer renders what the Plot view renders")
struct LibraryRowHTMLTests {
    static func variants() -> [(BookSummary, [ListChoice])] {
        let lists = [ListChoice(id: "list-1", name: hostile), ListChoice(id: "a\"b&c", name: "Summer")]
        var results: [(BookSummary, [ListChoice])] = []
        for status in ReadingStatus.allCases {
            results.append((book(status: status), []))
        }
        var hostileBook = book(hostile)
        hostileBook.authors = [hostile, "Second <Author>"]
        hostileBook.tags = [hostile, "sci-fi"]
        hostileBook.coverURL = "https://covers.example/a.jpg?x=1&y=\"2\""
        hostileBook.matches = [.init(field: "note", passage: hostile), .init(field: "title", passage: nil)]
        results.append((hostileBook, lists))
        var plain = book("  ")
        plain.authors = []
        plain.tags = []
        plain.rating = nil
        plain.coverURL = "javascript:alert(1)"
        results.append((plain, lists))
        for rating in [0, 1, 5] {
            var rated = book("Kindred")
            rated.rating = rating
            rated.coverURL = "/covers/k.jpg"
            results.append((rated, rating == 5 ? lists : []))
        }
        return results
    }

    @Test("every branch, with a reader's hostile text in each field")
    func sameAsPlot() {
        for (index, (book, lists)) in Self.variants().enumerated() {
            let options = LibraryIndex.View.listOptions(lists)
            for csrf in ["csrf-token-1", hostile] {
                let plot = Node<HTML.BodyContext>.ul(
                    LibraryIndex.View.row(book, csrf: csrf, lists: lists, listOptions: options)
                ).render()
                let written = "<ul>" + LibraryIndex.View.rowHTML(book, csrf: csrf, lists: lists, listOptions: options) + "</ul>"
                #expect(written == plot, "variant \(index)")
            }
        }
    }
}
