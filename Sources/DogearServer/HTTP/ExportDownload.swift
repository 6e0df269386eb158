import DogearCore
import DogearServices
import DogearStore
import Foundation
import Vapor

extension ExportService {
    /// The export as a download (for the API and the web page alike): written to a temporary file,
    /// streamed, then removed; named `dogear-<format>-<the reader's today>.<ext>`.
    /// The history exports (Goodreads, StoryGraph) are premium when tiers are on; the JSON backup is
    /// every reader's way out, whatever their tier.
    package static func download(_ format: Format, for user: User, on req: Request) async throws -> Response {
        guard format == .json || Tiers.allows(.export, tier: user.tier, tiersEnabled: req.application.tiersEnabled) else {
            throw DomainError(
                .premiumRequired, code: .premiumRequired,
                "exports for Goodreads and The StoryGraph come with a premium account; the JSON backup is yours to take",
                field: "format")
        }
        let path = try await ExportService(db: req.db).writeFile(for: user, format: format)
        let response = try await req.fileio.asyncStreamFile(at: path, mediaType: nil) { _ in
            try? FileManager.default.removeItem(atPath: path)
        }
        let day = req.today(for: user)
        response.headers.replaceOrAdd(name: .contentType, value: format.contentType + "; charset=utf-8")
        response.headers.replaceOrAdd(
            name: .contentDisposition,
            value: "attachment; filename=\"dogear-\(format.rawValue)-\(day).\(format.fileExtension)\"")
        return response
    }
}
