import DogearCore
import DogearServices
import DogearStore
import Foundation
import Vapor

/// A shelf photo in and out over HTTP, the same for the API and the scan page.
extension Request {
    /// The upload's `photo` part, streamed to a file under the size limit and read back (the file
    /// is removed either way). A page's form carries its CSRF token as its first part.
    package func receiveShelfPhoto() async throws -> [UInt8] {
        var receiver = UploadReceiver(directory: application.importsDirectory)
        receiver.limit = PhotoLimits.maxBytes
        receiver.field = "photo"
        let received = try await receiver.receive(self, expectingCSRF: pendingCSRF)
        defer { try? FileManager.default.removeItem(atPath: received.path) }
        guard let data = FileManager.default.contents(atPath: received.path) else { throw DomainError.storageFailed("the photo") }
        return [UInt8](data)
    }
}

extension Response {
    /// A stored photo, never cached (it is one reader's).
    package static func shelfPhoto(_ photo: ShelfScanPhoto) -> Response {
        let response = Response(status: .ok, body: .init(data: photo.bytes))
        response.headers.contentType = HTTPMediaType(type: "image", subType: photo.contentType == "image/png" ? "png" : "jpeg")
        response.headers.cacheControl = .init(noStore: true)
        return response
    }
}
