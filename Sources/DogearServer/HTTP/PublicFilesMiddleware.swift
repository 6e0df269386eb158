import Vapor

/// Serves `Public/` (the web app's stylesheet and scripts) through Vapor's `FileMiddleware`, but
/// asks the file system only for a GET or HEAD under one of `Public/`'s own entries.
///
/// `FileMiddleware` alone looks for a file at every request's path, an API write's too: a stat on
/// NIO's file-system threads and back, about a fiftieth of a progress write's CPU (`dogear bench
/// http`, profiled).
struct PublicFilesMiddleware: AsyncMiddleware {
    private let files: FileMiddleware
    /// `/css/`, `/js/`, … for folders and `/name` for files: what `Public/` held at start.
    private let prefixes: [String]

    init(publicDirectory: String) {
        files = FileMiddleware(publicDirectory: publicDirectory)
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: publicDirectory)) ?? []
        prefixes = entries.filter { !$0.hasPrefix(".") }.map { name in
            var isDirectory: ObjCBool = false
            FileManager.default.fileExists(atPath: publicDirectory + name, isDirectory: &isDirectory)
            return "/" + name + (isDirectory.boolValue ? "/" : "")
        }
    }

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let path = request.url.path
        guard request.method == .GET || request.method == .HEAD, prefixes.contains(where: { path.hasPrefix($0) }) else {
            return try await next.respond(to: request)
        }
        return try await files.respond(to: request, chainingTo: next)
    }
}
