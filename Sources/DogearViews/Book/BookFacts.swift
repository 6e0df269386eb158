import DogearCore
import Foundation
import Plot

/// `/books/{id}/facts`: who wrote the book and where it comes from, as the shared catalog has it,
/// with a form for the work and one for each author. Any reader may fill in or correct these; the
/// catalog keeps a history an operator can revert. A refused form comes back with what was typed.
public enum BookFacts {
    /// One record's form: the work's or an author's.
    public struct Record: Sendable, Equatable {
        /// nil: the work; else the author's id.
        public var authorID: UUID?
        public var name: String
        public var fields: [CatalogFact: FieldState]
        /// A message for the whole form.
        public var error: String?

        public init(authorID: UUID?, name: String, fields: [CatalogFact: FieldState]) {
            self.authorID = authorID
            self.name = name
            self.fields = fields
        }

        /// The message beside the field it names, or above the form.
        public mutating func place(_ message: String, field: String?) {
            if let field, let fact = CatalogFact(rawValue: field), fields[fact] != nil {
                fields[fact]?.error = message
            } else {
                error = message
            }
        }
    }

    public struct Model: Sendable, Equatable {
        public var entryID: UUID
        public var title: String
        public var work: Record
        public var authors: [Record]
        public var session: PageSession

        public init(entryID: UUID, title: String, work: Record, authors: [Record], session: PageSession) {
            self.entryID = entryID
            self.title = title
            self.work = work
            self.authors = authors
            self.session = session
        }
    }

    public enum View {
        public static func render(_ model: Model) -> HTML {
            let csrf = model.session.csrfToken
            return PageLayout.page(
                title: "About \(model.title)", session: model.session, csrfToken: csrf,
                .group(
                    .h1(.userText("About \(model.title)")),
                    .p(
                        .class("hint"),
                        "These facts are shared by every reader of the book. Fill in what you know; a change to what someone else entered is kept in the catalog's history."
                    ),
                    .a(.href(SiteURL.book(model.entryID).path), "Back to the book"),
                    section(
                        model.work, heading: "The book", id: "facts-work", action: .bookWorkFacts(model.entryID), csrf: csrf),
                    .forEach(model.authors) { author in
                        section(
                            author, heading: author.name, id: "facts-author-\(author.authorID?.uuidString ?? "")",
                            action: .bookAuthorFacts(model.entryID, author.authorID ?? SiteURL.anyID), csrf: csrf)
                    }
                ))
        }

        static func section(_ record: Record, heading: String, id: String, action: SiteURL, csrf: String) -> Node<
            HTML.BodyContext
        > {
            let facts = CatalogFact.facts(of: record.authorID == nil ? .work : .author)
            return .section(
                .id(id), .class("card facts-form"),
                .h2(.userText(heading)),
                .form(
                    .action(action.path), .method(.post), .csrf(csrf),
                    .unwrap(record.error) {
                        .p(.class("form-error"), .attribute(named: "role", value: "alert"), .userText($0))
                    },
                    .forEach(facts) { fact in field(fact, state: record.fields[fact] ?? FieldState(), prefix: id) },
                    .button(
                        .type(.submit), .class("primary"), .text("Save"),
                        .span(.class("visually-hidden"), .userText(" \(heading)")))
                ))
        }

        /// Ids are prefixed with the record's, since every author's form has the same fields.
        static func field(_ fact: CatalogFact, state: FieldState, prefix: String) -> Node<HTML.FormContext> {
            let id = "\(prefix)-\(fact.rawValue)"
            if let options = fact.options {
                return .selectField(fact.label, name: fact.rawValue, state: state, options: options, id: id)
            }
            switch fact.kind {
            case .number(let range):
                return .field(
                    fact.label, name: fact.rawValue, type: .number, state: state, id: id,
                    extra: [
                        .attribute(named: "min", value: String(range.lowerBound)),
                        .attribute(named: "max", value: String(range.upperBound)),
                    ])
            case .list:
                return .field(fact.label, name: fact.rawValue, state: state, hint: "Separate several with commas", id: id)
            case .text where fact == .originalLanguage:
                return .field(fact.label, name: fact.rawValue, state: state, hint: "Like Japanese, or ja", id: id)
            default:
                return .field(fact.label, name: fact.rawValue, state: state, id: id)
            }
        }
    }
}
