import DogearServices
import DogearStore
import Vapor

/// Which routes `POST /api/v1/batch` may hold, and an operation's path as the app's router will
/// read it. An operation is resolved here the way Vapor's responder resolves a request (the path
/// split on "/" with empty segments dropped, the fragment and query set aside), so a path is
/// judged by the route it reaches, never by its spelling: `/api/v1//batch` and
/// `/api/v1/batch#x` reach the batch route, which is not batchable.
///
/// Only routes marked `batchable()` are here: writes to the reader's own data that an app queues
/// offline. Never a batch, sign-in, the account, tokens, sessions, imports, exports, sync or
/// event streams.
package struct BatchRouter: @unchecked Sendable {
    // Written once at start-up, read only afterwards.
    private let router: TrieRouter<Bool>

    package static let batchableKey = "dogear.batchable"

    package init(routes: Routes) {
        router = TrieRouter(Bool.self, options: routes.caseInsensitive ? [.caseInsensitive] : [])
        for route in routes.all where route.userInfo[Self.batchableKey] as? Bool == true {
            router.register(true, at: [.constant(route.method.rawValue)] + route.path)
        }
    }

    /// The path to send, in the router's own form (`/api/v1/library/…?query`), or nil when the
    /// method and path reach no route a batch may hold.
    package func resolve(_ method: HTTPMethod, _ path: String) -> String? {
        let uri = URI(string: path)
        let components = uri.path.split(separator: "/").map(String.init)
        var parameters = Parameters()
        guard router.route(path: [method.rawValue] + components, parameters: &parameters) != nil else { return nil }
        return "/" + components.joined(separator: "/") + (uri.query.map { "?" + $0 } ?? "")
    }
}

extension Route {
    /// Lets `POST /api/v1/batch` hold this route (see `BatchRouter`).
    @discardableResult
    package func batchable() -> Route {
        userInfo[BatchRouter.batchableKey] = true
        return self
    }
}

extension Application {
    private struct BatchRouterKey: StorageKey { typealias Value = BatchRouter }

    /// Built by `routes` once every API route is registered.
    package var batchRouter: BatchRouter {
        get { storage[BatchRouterKey.self] ?? BatchRouter(routes: routes) }
        set { storage[BatchRouterKey.self] = newValue }
    }
}
