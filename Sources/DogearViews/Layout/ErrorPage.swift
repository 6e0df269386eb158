import Plot

/// A page for what went wrong: not found, a stale form, a failure of ours.
public enum ErrorPage {
    public struct Model: Sendable, Equatable {
        public var status: Int
        public var message: String
        public var session: PageSession?

        public init(status: Int, message: String, session: PageSession?) {
            self.status = status
            self.message = message
            self.session = session
        }
    }

    public enum View {
        public static func render(_ model: Model) -> HTML {
            let title = model.status == 404 ? "Not found" : model.status == 403 ? "Not allowed" : "Something went wrong"
            return PageLayout.page(
                title: title, session: model.session, csrfToken: model.session?.csrfToken ?? "",
                .div(
                    .class("card narrow"),
                    .h1(.text(title)),
                    .p(.userText(model.message)),
                    .p(.a(.href(SiteURL.home.path), "Back to your books"))
                ))
        }
    }
}
