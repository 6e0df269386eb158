import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

/// A refused session or quote on the book page comes back on the page, with what was typed and the
/// reason beside the field at fault, never a page of its own that loses the text.
@Suite("The book page keeps a refused session or quote")
struct BookFormRefusalTests {
    /// A book being read, with a known last page.
    static let piranesi = [("title", "Piranesi"), ("authors", "Susanna Clarke"), ("pageCount", "272"), ("status", "reading")]

    @Test("a session past the last page: the book page again (422), the date, minutes and page as typed, the page marked")
    func sessionPastTheEnd() async throws {
        try await withDogear { app in
            let ann = WebClient(app)
            try await ann.signUp()
            let book = "/books/" + (try await ann.addBook(BookFormRefusalTests.piranesi))
            try await ann.get(book)
            let refused = try await ann.post(
                "\(book)/sessions", [("date", "2026-03-12"), ("minutes", "45"), ("endPage", "400")])
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.body.contains("Reading sessions"))
            #expect(refused.body.contains("value=\"2026-03-12\""))
            #expect(refused.body.contains("value=\"45\""))
            #expect(refused.body.contains("value=\"400\""))
            #expect(refused.body.contains("The session was not saved: the page is past the last page (272); got 400."))
            #expect(refused.body.contains("id=\"field-endPage-error\""))
            #expect(refused.body.contains("No sessions logged yet."))

            let noMinutes = try await ann.post(
                "\(book)/sessions", [("date", "2026-03-12"), ("minutes", "lots"), ("endPage", "40")])
            #expect(noMinutes.status == .unprocessableEntity)
            #expect(noMinutes.body.contains("id=\"field-minutes-error\""))
            #expect(noMinutes.body.contains("value=\"40\""))
        }
    }

    @Test("a quote with a page past the end keeps its text and marks the page")
    func quote() async throws {
        try await withDogear { app in
            let ann = WebClient(app)
            try await ann.signUp()
            let book = "/books/" + (try await ann.addBook(BookFormRefusalTests.piranesi))
            try await ann.get(book)
            let text = "The Beauty of the House is immeasurable; its Kindness infinite."
            let refused = try await ann.post("\(book)/quotes", [("text", text), ("page", "-3")])
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.body.contains(text))
            #expect(refused.body.contains("value=\"-3\""))
            #expect(refused.body.contains("id=\"field-page-error\""))
            #expect(refused.body.contains("No quotes yet."))
        }
    }
}
