import DogearCore
import Foundation
import Plot

/// `/scan/{id}`: a scan's review queue. While the photo is read the page says so and reloads
/// itself; then the photo with a numbered box on each book, and for each its crop beside what the
/// scan proposes: confirm (the proposal, a candidate, or an ISBN typed), or reject. Boxes and crops
/// are SVG over the photo (attributes, no inline style, so the Content-Security-Policy holds).
public enum ScanReview {
    public struct Box: Sendable, Equatable {
        public var x: Int
        public var y: Int
        public var width: Int
        public var height: Int

        public init(x: Int, y: Int, width: Int, height: Int) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    public struct Candidate: Sendable, Equatable {
        /// `work:<id>` or `isbn:<isbn>`: what the form sends for it.
        public var choice: String
        public var title: String
        public var authors: [String]

        public init(choice: String, title: String, authors: [String]) {
            self.choice = choice
            self.title = title
            self.authors = authors
        }
    }

    public struct Proposal: Sendable, Equatable {
        public var id: UUID
        public var number: Int
        public var isBarcode: Bool
        public var isHighConfidence: Bool
        public var status: String
        public var box: Box
        public var isbn: String?
        public var ocrText: String?
        public var message: String?
        public var candidates: [Candidate]
        public var entryID: UUID?
        /// The candidate chosen for the reader (`Candidate.choice`): a barcode's book, or a spine's
        /// best match when it matches well; nil leaves the reader to pick.
        public var preselected: String?
        /// The shelf of the reader's entry when the book is already in their library.
        public var inLibrary: ReadingStatus?
        /// What the reader typed, and what was wrong with it, when the form came back.
        public var typedISBN = FieldState()

        public init(
            id: UUID, number: Int, isBarcode: Bool, isHighConfidence: Bool, status: String, box: Box, isbn: String?,
            ocrText: String?, message: String?, candidates: [Candidate], entryID: UUID?, preselected: String? = nil,
            inLibrary: ReadingStatus? = nil
        ) {
            self.preselected = preselected
            self.inLibrary = inLibrary
            self.id = id
            self.number = number
            self.isBarcode = isBarcode
            self.isHighConfidence = isHighConfidence
            self.status = status
            self.box = box
            self.isbn = isbn
            self.ocrText = ocrText
            self.message = message
            self.candidates = candidates
            self.entryID = entryID
        }
    }

    public struct Model: Sendable, Equatable {
        public var session: PageSession
        public var id: UUID
        public var status: String
        public var message: String?
        public var spinesMessage: String?
        public var hasPhoto: Bool
        public var width: Int
        public var height: Int
        public var proposals: [Proposal]
        public var error: String?

        public init(
            session: PageSession, id: UUID, status: String, message: String?, spinesMessage: String?, hasPhoto: Bool,
            width: Int, height: Int, proposals: [Proposal], error: String? = nil
        ) {
            self.session = session
            self.id = id
            self.status = status
            self.message = message
            self.spinesMessage = spinesMessage
            self.hasPhoto = hasPhoto
            self.width = width
            self.height = height
            self.proposals = proposals
            self.error = error
        }

        var isReading: Bool { status != "done" && status != "failed" }
        /// What "confirm all" takes: pending, high confidence, and naming a book (Core's `confirmAll`).
        var sureAndPending: Int {
            proposals.filter { $0.isHighConfidence && $0.status == "pending" && $0.preselected != nil }.count
        }
    }

    static let statuses: [(String, String)] = [
        ("wantToRead", "Want to read"), ("reading", "Reading"), ("read", "Read"), ("onHold", "On hold"),
        ("didNotFinish", "Did not finish"),
    ]

    public enum View {
        public static func render(_ model: Model) -> HTML {
            PageLayout.page(
                title: "Scan", session: model.session, csrfToken: model.session.csrfToken, active: .scan,
                head: model.isReading
                    ? .meta(.attribute(named: "http-equiv", value: "refresh"), .content("2")) : .empty,
                .group(
                    .div(
                        .class("card"),
                        .h1("Books on your shelf"),
                        .unwrap(model.error) {
                            .p(.class("form-error"), .attribute(named: "role", value: "alert"), .userText($0))
                        },
                        .if(
                            model.isReading,
                            .p(
                                .attribute(named: "role", value: "status"),
                                .text(model.status == "lookingUp" ? "Looking the books up…" : "Reading the photo…"),
                                .text(" This page refreshes itself.")
                            )),
                        .unwrap(model.message) { .p(.attribute(named: "role", value: "status"), .userText($0)) },
                        .unwrap(model.spinesMessage) { .p(.class("hint"), .userText($0)) },
                        .if(!model.isReading && !model.proposals.isEmpty, summary(model)),
                        .p(.a(.href(SiteURL.scan.path), .text("Scan another shelf")))
                    ),
                    .if(model.hasPhoto && !model.isReading && !model.proposals.isEmpty, photo(model)),
                    .if(
                        !model.isReading && !model.proposals.isEmpty,
                        .section(
                            .attribute(named: "aria-labelledby", value: "proposals-heading"),
                            .h2(.id("proposals-heading"), .class("visually-hidden"), "Proposed books"),
                            .ol(.class("proposals"), .forEach(model.proposals) { proposal(model, $0) })
                        ))
                )
            )
        }

        private static func summary(_ model: Model) -> Node<HTML.BodyContext> {
            let pending = model.proposals.filter { $0.status == "pending" }.count
            return .group(
                .p(
                    .userText(
                        "\(model.proposals.count) \(model.proposals.count == 1 ? "book" : "books") found; \(pending) to review.")),
                .if(
                    model.sureAndPending > 0,
                    .form(
                        .action(SiteURL.scanConfirmAll(model.id).path), .method(.post), .class("inline-form"),
                        .csrf(model.session.csrfToken),
                        .selectField(
                            "Add them as", name: "status", state: FieldState("wantToRead"), options: ScanReview.statuses,
                            id: "confirm-all-status"),
                        .button(
                            .type(.submit), .class("primary"),
                            .userText("Confirm all \(model.sureAndPending) read from barcodes"))
                    ))
            )
        }

        /// The photo with a numbered box on each proposed book.
        private static func photo(_ model: Model) -> Node<HTML.BodyContext> {
            let header: [Node<HTML.BodyContext>] = [
                .attribute(named: "xmlns", value: "http://www.w3.org/2000/svg"),
                .attribute(named: "viewBox", value: "0 0 \(model.width) \(model.height)"),
                .attribute(named: "role", value: "img"),
                .attribute(named: "aria-labelledby", value: "scan-photo-title"),
                .attribute(named: "focusable", value: "false"),
                .element(
                    named: "title",
                    nodes: [
                        .id("scan-photo-title"), .userText("Your photo, with the \(model.proposals.count) books found numbered"),
                    ]),
                image(SiteURL.scanPhoto(model.id).path, width: model.width, height: model.height),
            ]
            let boxes = model.proposals.map { numberedBox($0, photoWidth: model.width, photoHeight: model.height) }
            return .element(
                named: "figure",
                nodes: [
                    .class("card scan-photo"),
                    .element(named: "svg", nodes: header + boxes),
                    .element(named: "figcaption", nodes: [.text("Each number is a book below.")]),
                ])
        }

        private static func numberedBox(_ proposal: Proposal, photoWidth: Int, photoHeight: Int) -> Node<HTML.BodyContext> {
            let stroke = max(2, max(photoWidth, photoHeight) / 300)
            let size = max(24, max(photoWidth, photoHeight) / 40)
            let kind = proposal.isHighConfidence ? "scan-box-sure" : "scan-box-unsure"
            let rect: Node<HTML.BodyContext> = .element(
                named: "rect",
                nodes: [
                    .attribute(named: "x", value: String(proposal.box.x)),
                    .attribute(named: "y", value: String(proposal.box.y)),
                    .attribute(named: "width", value: String(proposal.box.width)),
                    .attribute(named: "height", value: String(proposal.box.height)),
                    .attribute(named: "stroke-width", value: String(stroke)),
                ])
            let number: Node<HTML.BodyContext> = .element(
                named: "text",
                nodes: [
                    .attribute(named: "x", value: String(proposal.box.x + stroke * 2)),
                    .attribute(named: "y", value: String(proposal.box.y + size)),
                    .attribute(named: "font-size", value: String(size)),
                    .text(String(proposal.number)),
                ])
            return .element(named: "g", nodes: [.class("scan-box \(kind) scan-box-\(proposal.status)"), rect, number])
        }

        private static func image(_ path: String, width: Int, height: Int) -> Node<HTML.BodyContext> {
            .element(
                named: "image",
                nodes: [
                    .attribute(named: "href", value: path), .attribute(named: "width", value: String(width)),
                    .attribute(named: "height", value: String(height)),
                ])
        }

        private static func proposal(_ model: Model, _ proposal: Proposal) -> Node<HTML.ListContext> {
            let heading = "proposal-\(proposal.number)-heading"
            let title =
                proposal.candidates.first.map { "\($0.title)" }
                ?? proposal.isbn.map { "ISBN \($0)" } ?? "Spine: “\(proposal.ocrText ?? "")”"
            return .li(
                .id("proposal-\(proposal.number)"), .class("card proposal proposal-\(proposal.status)"),
                .attribute(named: "aria-labelledby", value: heading),
                .if(model.hasPhoto, crop(model, proposal)),
                .div(
                    .class("proposal-body"),
                    .h3(.id(heading), .userText("\(proposal.number). \(title)")),
                    .p(
                        .class("hint"),
                        .userText(
                            proposal.isBarcode
                                ? "Read from its barcode\(proposal.isbn.map { " (ISBN \($0))" } ?? "")"
                                : "Read from its spine: “\(proposal.ocrText ?? "")” — check it")),
                    .unwrap(proposal.message) { .p(.userText($0)) },
                    review(model, proposal)
                )
            )
        }

        /// The book's part of the photo: the photo itself in an SVG whose view is the box.
        private static func crop(_ model: Model, _ proposal: Proposal) -> Node<HTML.BodyContext> {
            let box = proposal.box
            return .element(
                named: "svg",
                nodes: [
                    .class("scan-crop"),
                    .attribute(named: "xmlns", value: "http://www.w3.org/2000/svg"),
                    .attribute(named: "viewBox", value: "\(box.x) \(box.y) \(max(1, box.width)) \(max(1, box.height))"),
                    .attribute(named: "role", value: "img"),
                    .attribute(named: "aria-label", value: "Book \(proposal.number) on your photo"),
                    .attribute(named: "focusable", value: "false"),
                    // The view shows the box; where the crop's frame is wider or taller than the box,
                    // the clip keeps the neighbours out.
                    .element(
                        named: "clipPath",
                        nodes: [
                            .id("crop-clip-\(proposal.number)"),
                            .element(
                                named: "rect",
                                nodes: [
                                    .attribute(named: "x", value: String(box.x)), .attribute(named: "y", value: String(box.y)),
                                    .attribute(named: "width", value: String(box.width)),
                                    .attribute(named: "height", value: String(box.height)),
                                ]),
                        ]),
                    .element(
                        named: "image",
                        nodes: [
                            .attribute(named: "href", value: SiteURL.scanPhoto(model.id).path),
                            .attribute(named: "width", value: String(model.width)),
                            .attribute(named: "height", value: String(model.height)),
                            .attribute(named: "clip-path", value: "url(#crop-clip-\(proposal.number))"),
                        ]),
                ])
        }

        static func radio(_ value: String, checked: Bool) -> Node<HTML.LabelContext> {
            var attributes: [Attribute<HTML.InputContext>] = [.type(.radio), .name("choice"), .userAttribute("value", value)]
            if checked { attributes.append(.attribute(named: "checked", value: "checked")) }
            return .selfClosedElement(named: "input", attributes: attributes)
        }

        static func isbnLabel(_ proposal: Proposal) -> String {
            proposal.candidates.isEmpty ? "Its ISBN" : "Or type its ISBN"
        }

        static func describe(_ candidate: Candidate) -> String {
            candidate.authors.isEmpty ? candidate.title : "\(candidate.title) — \(candidate.authors.joined(separator: ", "))"
        }

        private static func review(_ model: Model, _ proposal: Proposal) -> Node<HTML.BodyContext> {
            switch proposal.status {
            case "confirmed":
                return .p(
                    .class("proposal-done"), .text("Added. "),
                    .unwrap(proposal.entryID) { .a(.href(SiteURL.book($0).path), .text("See it in your library")) })
            case "rejected":
                return .p(.class("proposal-done"), .text("Rejected."))
            default:
                let prefix = "p\(proposal.number)"
                return .group(
                    .form(
                        .action(SiteURL.confirmProposal(proposal.id).path), .method(.post), .class("proposal-form"),
                        .csrf(model.session.csrfToken),
                        .if(
                            !proposal.candidates.isEmpty,
                            .fieldset(
                                .element(
                                    named: "legend",
                                    nodes: [.text(proposal.candidates.count == 1 ? "The book" : "Which book is it?")]),
                                .forEach(proposal.candidates) { candidate in
                                    .label(
                                        .class("check"),
                                        radio(candidate.choice, checked: candidate.choice == proposal.preselected),
                                        .userText(Self.describe(candidate))
                                    )
                                }
                            )),
                        .unwrap(proposal.inLibrary) { status in
                            .p(
                                .class("hint in-library"),
                                .text("Already in your library, on \(status.label). Confirming marks it owned; its shelf stays.")
                            )
                        },
                        .field(
                            isbnLabel(proposal), name: "isbn",
                            state: proposal.typedISBN, id: "\(prefix)-isbn",
                            extra: [.attribute(named: "inputmode", value: "numeric")]),
                        .if(
                            proposal.inLibrary == nil,
                            .selectField(
                                "Add it as", name: "status", state: FieldState("wantToRead"), options: ScanReview.statuses,
                                id: "\(prefix)-status")),
                        .button(.type(.submit), .class("primary"), .text("Confirm"))
                    ),
                    .form(
                        .action(SiteURL.rejectProposal(proposal.id).path), .method(.post), .class("inline"),
                        .csrf(model.session.csrfToken),
                        .button(
                            .type(.submit), .class("secondary"),
                            .attribute(named: "aria-label", value: "Reject book \(proposal.number)"),
                            .text("Reject"))
                    )
                )
            }
        }
    }
}
