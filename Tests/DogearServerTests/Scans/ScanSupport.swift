import DogearCore
import DogearTestSupport
import Foundation
import Testing
import Vapor
import VaporTesting

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

extension Application {
    /// Sends a photo to `POST /api/v1/scans` as the multipart part `photo`.
    func sendPhoto(_ token: String, _ bytes: [UInt8], field: String = "photo", fileName: String = "shelf.jpg") async throws
        -> Reply
    {
        var headers = HTTPHeaders()
        headers.bearerAuthorization = BearerAuthorization(token: token)
        let boundary = "dogear-scan-\(UUID().uuidString)"
        headers.replaceOrAdd(name: .contentType, value: "multipart/form-data; boundary=\(boundary)")
        var body = ByteBuffer()
        body.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(field)\"; filename=\"\(fileName)\"\r\n")
        body.writeString("Content-Type: image/jpeg\r\n\r\n")
        body.writeBytes(bytes)
        body.writeString("\r\n--\(boundary)--\r\n")
        let response = try await testing().sendRequest(.POST, "/api/v1/scans", headers: headers, body: body)
        return Reply(status: response.status, body: response.body.string, headers: response.headers)
    }

    /// Sends a photo and waits for its reading to end; the finished scan as the API shows it.
    func scan(_ token: String, _ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) async throws -> ScanDTO {
        let accepted = try await sendPhoto(token, bytes)
        guard accepted.status == .accepted, let id = try? accepted.decode(ScanDTO.self).id else {
            throw TestFailure("upload failed: \(accepted.status) \(accepted.body)")
        }
        return try await finishedScan(token, id)
    }

    func finishedScan(_ token: String, _ id: UUID) async throws -> ScanDTO {
        for _ in 0..<600 {
            let scan = try await send(.GET, "/api/v1/scans/\(id)", token: token).decode(ScanDTO.self)
            if scan.status == "done" || scan.status == "failed" { return scan }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw TestFailure("scan \(id) did not finish in 60 s")
    }

    /// The catalog knows every book on the photo (and every title the shelves are drawn from), as
    /// it would once readers have added them: barcodes are then found by ISBN, spines by title.
    func seedCatalog(with photo: ShelfPhotos.Photo) async throws {
        let catalog = CatalogService(db: db)
        for book in photo.manifest.books {
            _ = try await catalog.findOrCreate(
                BookDraft(title: book.title, authors: [book.author], isbn: book.isbn).validated(source: .openLibrary))
        }
    }

    /// An app whose scanning reads with the libraries on this machine (failing, with what to
    /// install, when they are missing).
    func requireScanning() throws {
        if let reason = scanWorker.unavailable {
            throw TestFailure("shelf scanning cannot run here (\(reason)): run scripts/install-scan-libraries.sh")
        }
    }
}

/// A test app for scans: offline, so a spine's candidates come from the catalog the test seeded
/// (the online sources' search is tested in DogearSourcesTests) and a lookup that misses is quick.
func withScanningDogear(_ body: (Application) async throws -> Void) async throws {
    try await withDogear(adjust: { $0.offline = true }, body)
}
