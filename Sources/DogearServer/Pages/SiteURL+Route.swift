import DogearServices
import DogearStore
import DogearViews
import Vapor

extension SiteURL {
    /// The address as Vapor's route pattern: a parameter segment becomes `:name`.
    package var route: [PathComponent] {
        segments.map { segment in
            switch segment {
            case .literal(let text): return .constant(text)
            case .parameter(let name, _): return .parameter(name)
            }
        }
    }
}

extension RoutesBuilder {
    /// Registers a page route at a `SiteURL`, so the table of paths is the one the views link to.
    @discardableResult
    package func get<Response: AsyncResponseEncodable>(
        _ url: SiteURL, use closure: @Sendable @escaping (Request) async throws -> Response
    ) -> Route {
        on(.GET, url.route, use: closure)
    }

    /// A streamed upload is marked `streamedBody`, so `CSRFMiddleware` leaves its body unread and
    /// the upload checks the form's token itself before storing a byte.
    @discardableResult
    package func post<Response: AsyncResponseEncodable>(
        _ url: SiteURL, body: HTTPBodyStreamStrategy = .collect,
        use closure: @Sendable @escaping (Request) async throws -> Response
    ) -> Route {
        let route = on(.POST, url.route, body: body, use: closure)
        if case .stream = body { route.userInfo[IdempotencyMiddleware.streamedBody] = true }
        return route
    }
}
