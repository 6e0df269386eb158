import DogearViews
import Vapor

/// The installable app's manifest, for anyone (a browser reads it before anyone signs in). The
/// service worker and the icons are files under `Public/`.
package struct AppShellPages: Sendable {
    package func manifest(req: Request) async throws -> Response {
        var headers = HTTPHeaders()
        headers.contentType = HTTPMediaType(type: "application", subType: "manifest+json")
        headers.cacheControl = HTTPHeaders.CacheControl(maxAge: 3600)
        return Response(status: .ok, headers: headers, body: .init(data: Self.body))
    }

    private static let body = AppManifest.json()
}
