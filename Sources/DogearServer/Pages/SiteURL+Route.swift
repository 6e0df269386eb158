import DogearViews
import Vapor

extension SiteURL {
    /// The address as Vapor's route pattern: a parameter segment becomes `:name`.
    var route: [PathComponent] {
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
    func get<Response: AsyncResponseEncodable>(
        _ url: SiteURL, use closure: @Sendable @escaping (Request) async throws -> Response
    ) -> Route {
        on(.GET, url.route, use: closure)
    }

    @discardableResult
    func post<Response: AsyncResponseEncodable>(
        _ url: SiteURL, body: HTTPBodyStreamStrategy = .collect,
        use closure: @Sendable @escaping (Request) async throws -> Response
    ) -> Route {
        on(.POST, url.route, body: body, use: closure)
    }
}
