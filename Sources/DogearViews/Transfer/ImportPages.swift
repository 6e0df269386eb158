import Foundation
import Plot

/// `/import`: upload an export; `/import/{id}`: the dry run's preview, then the run's progress.
public enum ImportUpload {
    public struct Model: Sendable, Equatable {
        public var error: String?
        public var session: PageSession

        public init(error: String? = nil, session: PageSession) {
            self.error = error
            self.session = session
        }
    }

    public enum View {
        public static func render(_ model: Model) -> HTML {
            PageLayout.page(
                title: "Import", session: model.session, csrfToken: model.session.csrfToken, active: .importFile,
                .div(
                    .class("card"),
                    .h1("Import your books"),
                    .p(
                        "A Goodreads, The StoryGraph, LibraryThing, BookWyrm or Hardcover export (CSV, TSV or JSON), or a Dogear backup. ",
                        "You see what will happen before anything is saved."),
                    .unwrap(model.error) { .p(.class("form-error"), .attribute(named: "role", value: "alert"), .userText($0)) },
                    // The upload streams to disk: the token is the form's first part, so the server
                    // checks it before it takes any of the file (never in the address, where logs keep it).
                    .form(
                        .action(SiteURL.importFile.path), .method(.post), .enctype(.multipartData),
                        .csrf(model.session.csrfToken),
                        .div(
                            .class("field"),
                            .label(.for("field-file"), "Export file"),
                            .input(
                                .type(.file), .id("field-file"), .name("file"), .required(true),
                                .attribute(named: "accept", value: ".csv,.tsv,.txt,.json,text/csv,application/json"))),
                        .button(.type(.submit), .class("primary"), .text("Preview the import"))
                    )
                ))
        }
    }
}

public enum ImportJobPage {
    public struct Mapping: Sendable, Equatable {
        public let from: String
        public let to: String
        public let rows: Int

        public init(from: String, to: String, rows: Int) {
            self.from = from
            self.to = to
            self.rows = rows
        }
    }

    public struct Problem: Sendable, Equatable {
        public let line: Int
        public let reason: String

        public init(line: Int, reason: String) {
            self.line = line
            self.reason = reason
        }
    }

    public struct Model: Sendable, Equatable {
        public var id: UUID
        public var status: String
        public var dryRun: Bool
        public var format: String
        public var fileName: String?
        public var total: Int
        public var processed: Int
        public var created: Int
        public var merged: Int
        public var unchanged: Int
        public var failed: Int
        public var message: String?
        public var mappings: [Mapping]
        public var errors: [Problem]
        public var fileWarnings: [String]
        public var session: PageSession
        /// A highlights file's books that matched none of the reader's, and the books a link
        /// form offers (the search's, or the reader's latest).
        public var unmatched: [UnmatchedBook] = []
        public var choices: [Choice] = []
        public var search: String = ""
        /// What the file is, as the handler knows it from its format: e-reader highlights (counted
        /// as quotes, not books), or a file with shelves of its own (the preview asks what they become).
        public var isHighlights = false
        public var offersShelvesChoice = false

        public init(
            id: UUID, status: String, dryRun: Bool, format: String, fileName: String?, total: Int, processed: Int,
            created: Int, merged: Int, unchanged: Int, failed: Int, message: String?, mappings: [Mapping],
            errors: [Problem], fileWarnings: [String], session: PageSession
        ) {
            self.id = id
            self.status = status
            self.dryRun = dryRun
            self.format = format
            self.fileName = fileName
            self.total = total
            self.processed = processed
            self.created = created
            self.merged = merged
            self.unchanged = unchanged
            self.failed = failed
            self.message = message
            self.mappings = mappings
            self.errors = errors
            self.fileWarnings = fileWarnings
            self.session = session
        }

        var running: Bool { status == "queued" || status == "running" }

        /// The counters in words for what the file holds: books, or highlights.
        var countWords: [(Int, String)] {
            if isHighlights {
                return [
                    (created, dryRun ? "quotes and notes to add" : "quotes and notes added"),
                    (merged, dryRun ? "highlights extended since, to update" : "highlights extended since, updated"),
                    (unchanged, "already there, unchanged"), (failed, "clippings that cannot be read"),
                ]
            }
            return [
                (created, dryRun ? "new books to add" : "books added"),
                (merged, dryRun ? "to merge into books you have" : "merged"), (unchanged, "already there, unchanged"),
                (failed, "rows that cannot be imported"),
            ]
        }
        var formatName: String {
            [
                "goodreads": "Goodreads", "storyGraph": "The StoryGraph", "libraryThing": "LibraryThing",
                "bookWyrm": "BookWyrm", "hardcover": "Hardcover",
                "kindleClippings": "Kindle clippings", "koreaderHighlights": "KOReader highlights",
                "dogearBackup": "Dogear backup",
            ][format] ?? format
        }
    }

    public enum View {
        public static func render(_ model: Model) -> HTML {
            PageLayout.page(
                title: model.dryRun ? "Import preview" : "Importing", session: model.session,
                csrfToken: model.session.csrfToken, active: .importFile,
                refreshEvery: model.running ? 1 : nil, .div(.id("import-job"), body(model)))
        }

        /// The part the script refreshes while the job runs.
        public static func fragment(_ model: Model) -> String {
            Node<HTML.BodyContext>.div(body(model)).render()
        }

        static func body(_ model: Model) -> Node<HTML.BodyContext> {
            let done = model.total == 0 ? 1 : Double(model.processed) / Double(model.total)
            return .div(
                .class("card"),
                .attribute(
                    named: "data-import-job",
                    value: model.running ? SiteURL.importJob(model.id).with(query: [("partial", "1")]) : nil),
                .h1(.text(model.dryRun ? "Import preview" : model.running ? "Importing…" : "Import finished")),
                .p(.class("meta"), .userText("\(model.formatName) export" + (model.fileName.map { ": \($0)" } ?? ""))),
                .element(
                    named: "progress",
                    nodes: [
                        .class("progress import-progress"), .attribute(named: "max", value: String(max(1, model.total))),
                        .attribute(named: "value", value: String(model.processed)),
                        .attribute(named: "aria-label", value: "Rows done"),
                        .text("\(Int((done * 100).rounded()))%"),
                    ]),
                .p(
                    .id("import-count"),
                    .text(
                        "\(Figures.count(model.processed)) of \(Figures.count(model.total)) "
                            + (model.isHighlights ? "highlights" : "rows"))),
                .if(
                    !model.running,
                    .group(
                        .ul(
                            .class("import-counts"),
                            .forEach(model.countWords) { count, words in
                                .li(.strong(.text(Figures.count(count))), .text(" " + words))
                            }),
                        .unwrap(model.message) { .p(.class("form-error"), .userText($0)) },
                        .forEach(model.fileWarnings) { .p(.class("warning"), .userText($0)) },
                        .if(
                            !model.mappings.isEmpty,
                            .group(
                                .h2("How your shelves map"),
                                .table(
                                    .tr(.th("In the file"), .th("In Dogear"), .th("Rows")),
                                    .forEach(model.mappings) { mapping in
                                        .tr(
                                            .td(.userText(mapping.from)), .td(.userText(mapping.to)),
                                            .td(.text(Figures.count(mapping.rows))))
                                    }
                                )
                            )),
                        .if(!model.unmatched.isEmpty, unmatchedSection(model)),
                        .if(
                            !model.errors.isEmpty,
                            .group(
                                .h2(.text(model.isHighlights ? "Clippings that cannot be read" : "Rows that cannot be imported")),
                                .ul(
                                    .class("list problems"),
                                    .forEach(model.errors) { problem in
                                        .li(.strong(.text("Line \(problem.line): ")), .userText(problem.reason))
                                    })
                            )),
                        model.dryRun && model.status == "done"
                            ? .form(
                                .action(SiteURL.runImport(model.id).path), .method(.post),
                                .csrf(model.session.csrfToken),
                                .if(model.offersShelvesChoice, shelvesChoice()),
                                .button(
                                    .type(.submit), .class("primary"),
                                    .text(
                                        model.isHighlights
                                            ? "Import the highlights" : "Import \(model.total - model.failed) rows")),
                                .text(" "), .a(.href(SiteURL.importFile.path), "Choose another file"))
                            : .p(.a(.href(SiteURL.library.path), "See your library"))
                    ))
            )
        }
    }
}

/// `/export`: the three downloads.
public enum ExportPage {
    public enum View {
        public static func render(session: PageSession) -> HTML {
            PageLayout.page(
                title: "Export", session: session, csrfToken: session.csrfToken, active: .export,
                .div(
                    .class("card"),
                    .h1("Export your books"),
                    .ul(
                        .class("list"),
                        .li(
                            .a(.href(SiteURL.exportFile("goodreads").path), "Goodreads CSV"),
                            .text(" — imports into Goodreads and most trackers")),
                        .li(
                            .a(.href(SiteURL.exportFile("storygraph").path), "The StoryGraph CSV"),
                            .text(" — shaped like The StoryGraph's own export")),
                        .li(
                            .a(.href(SiteURL.exportFile("json").path), "Complete backup (JSON)"),
                            .text(" — everything, to import back into Dogear")))
                ))
        }
    }
}

extension ImportJobPage.View {
    /// A Goodreads file's own shelves: tags (as Goodreads shows them) or lists of their own.
    static func shelvesChoice() -> Node<HTML.FormContext> {
        .fieldset(
            .class("shelves-choice"),
            .element(named: "legend", nodes: [.text("Your own shelves become")]),
            .label(
                .class("check"),
                .input(.type(.radio), .name("shelvesAs"), .value("tags"), .attribute(named: "checked", value: "checked")),
                .text("tags")),
            .label(.class("check"), .input(.type(.radio), .name("shelvesAs"), .value("lists")), .text("lists"))
        )
    }
}
