import Foundation
import Plot

/// `/scan`: send a photo of a shelf (from the phone's camera or a file), and the reader's scans.
public enum ScanUpload {
    public struct Summary: Sendable, Equatable {
        public var id: UUID
        public var when: String
        public var status: String
        public var proposals: Int
        public var pending: Int

        public init(id: UUID, when: String, status: String, proposals: Int, pending: Int) {
            self.id = id
            self.when = when
            self.status = status
            self.proposals = proposals
            self.pending = pending
        }
    }

    public struct Model: Sendable, Equatable {
        public var session: PageSession
        /// Why this server cannot scan, when it cannot: the page says so instead of offering the form.
        public var unavailable: String?
        public var error: String?
        public var scans: [Summary]

        public init(session: PageSession, unavailable: String? = nil, error: String? = nil, scans: [Summary] = []) {
            self.session = session
            self.unavailable = unavailable
            self.error = error
            self.scans = scans
        }
    }

    public enum View {
        public static func render(_ model: Model) -> HTML {
            PageLayout.page(
                title: "Scan a shelf", session: model.session, csrfToken: model.session.csrfToken, active: .scan,
                .group(
                    .div(
                        .class("card"),
                        .h1("Scan a shelf"),
                        .p(
                            "Take a photo of a shelf, or pick one. Dogear reads every ISBN barcode on it, and the titles on ",
                            "the spines where no barcode shows; you check each book before it is added."),
                        .if(
                            model.unavailable != nil,
                            .p(
                                .class("form-error"), .attribute(named: "role", value: "alert"),
                                .userText("Scanning is unavailable on this server: \(model.unavailable ?? "")")),
                            else: .form(
                                .action(SiteURL.scan.path), .method(.post), .enctype(.multipartData),
                                // The token is the form's first part: the server checks it before it takes the photo.
                                .csrf(model.session.csrfToken),
                                .div(
                                    .class(model.error == nil ? "field" : "field has-error"),
                                    .label(.for("field-photo"), "Photo of a shelf"),
                                    .input(
                                        .type(.file), .id("field-photo"), .name("photo"), .required(true),
                                        .attribute(named: "accept", value: "image/*"),
                                        .attribute(named: "capture", value: "environment"),
                                        .attribute(named: "aria-describedby", value: "field-photo-hint")),
                                    .small(
                                        .id("field-photo-hint"), .class("hint"),
                                        .text("JPEG or PNG, up to 20 MB. Spines and barcodes should be sharp and upright.")),
                                    .unwrap(model.error) {
                                        .p(.class("error"), .attribute(named: "role", value: "alert"), .userText($0))
                                    }
                                ),
                                .button(.type(.submit), .class("primary"), .text("Read the photo"))
                            ))
                    ),
                    .if(
                        !model.scans.isEmpty,
                        .section(
                            .class("card"), .attribute(named: "aria-labelledby", value: "scans-heading"),
                            .h2(.id("scans-heading"), "Your scans"),
                            .ul(
                                .class("scan-list"),
                                .forEach(model.scans) { scan in
                                    .li(
                                        .a(.href(SiteURL.scanResult(scan.id).path), .userText("Scan of \(scan.when)")),
                                        .text(" — "),
                                        .userText(Self.state(scan)))
                                })
                        ))
                )
            )
        }

        static func state(_ scan: Summary) -> String {
            switch scan.status {
            case "done":
                return scan.pending == 0
                    ? "\(scan.proposals) \(scan.proposals == 1 ? "book" : "books"), all reviewed"
                    : "\(scan.pending) of \(scan.proposals) to review"
            case "failed": return "could not be read"
            default: return "being read"
            }
        }
    }
}
