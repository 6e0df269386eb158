import DogearServices
import DogearStore
import DogearViews
import Vapor

/// The digest's unsubscribe link: `GET` asks, `POST` (the page's button, or a mail program's
/// RFC 8058 one-click `List-Unsubscribe=One-Click`) turns the reader's digest emails off. No
/// session and no form token: the secret in the path is the permission. Unknown secrets are 404.
package struct UnsubscribePages: Sendable {
    package func register(_ routes: RoutesBuilder) {
        routes.get(.unsubscribe(""), use: ask)
        routes.post(.unsubscribe(""), use: unsubscribe)
    }

    func ask(req: Request) async throws -> Response {
        let token = req.parameters.get("token") ?? ""
        guard try await NotificationDigest.knows(token: token, on: req.db) else { throw Self.notFound }
        return Response(html: UnsubscribePage.render(path: req.url.path, done: false))
    }

    func unsubscribe(req: Request) async throws -> Response {
        guard try await NotificationDigest.unsubscribe(token: req.parameters.get("token") ?? "", on: req.db) else {
            throw Self.notFound
        }
        return Response(html: UnsubscribePage.render(path: req.url.path, done: true))
    }

    static let notFound = PageError(status: .notFound, message: "This unsubscribe link is not (or no longer) anyone's.")
}
