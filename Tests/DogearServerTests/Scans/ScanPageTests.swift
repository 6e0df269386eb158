import DogearCore
import DogearTestSupport
import Fluent
import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

@Suite("The /scan pages: without a script, through the same service as the API", .serialized)
struct ScanPageTests {
    /// Reloads the scan's page (as its refresh does) until the proposals are there.
    static func reviewPage(_ web: WebClient, _ path: String) async throws -> WebClient.Page {
        for _ in 0..<600 {
            let page = try await web.get(path)
            if page.body.contains("class=\"proposals\"") || page.body.contains("could not be read") { return page }
            #expect(page.body.contains("http-equiv=\"refresh\""))
            try await Task.sleep(for: .milliseconds(100))
        }
        throw TestFailure("the scan page did not show its proposals")
    }

    @Test("send a photo, see numbered boxes and crops, confirm all, a refused ISBN keeps what was typed")
    func review() async throws {
        try await withScanningDogear { app in
            try app.requireScanning()
            let photo = try ShelfPhotos.photo("mixed")
            try await app.seedCatalog(with: photo)
            let web = WebClient(app)
            try await web.signUp()
            let upload = try await web.get("/scan")
            #expect(upload.body.contains("accept=\"image/*\"") && upload.body.contains("capture=\"environment\""))
            // The form's token is its first part: without it nothing is taken.
            let forged = try await web.upload("/scan", Data(photo.bytes), fileName: "shelf.jpg", field: "photo", csrf: false)
            #expect(forged.status == .forbidden)
            let notAPhoto = try await web.upload("/scan", Data("hello".utf8), fileName: "shelf.jpg", field: "photo")
            #expect(notAPhoto.status == .unprocessableEntity && notAPhoto.body.contains("not a JPEG or PNG"))
            #expect(notAPhoto.body.contains("name=\"photo\""))

            let sent = try await web.upload("/scan", Data(photo.bytes), fileName: "shelf.jpg", field: "photo")
            #expect(sent.status == .seeOther)
            let path = try #require(sent.location)
            var page = try await Self.reviewPage(web, path)
            let barcodes = photo.manifest.books.filter { $0.kind == "barcode" }.count
            #expect(page.body.components(separatedBy: "<g class=\"scan-box scan-box-sure").count - 1 == barcodes)
            #expect(page.body.contains("class=\"scan-crop\""))
            #expect(page.body.contains("Confirm all \(barcodes) read from barcodes"))

            let scanID = try #require(UUID(uuidString: String(path.split(separator: "/").last!)))
            let confirmed = try await web.post("/scan/\(scanID)/confirm-all", [("status", "wantToRead")])
            #expect(confirmed.status == .seeOther)
            page = try await web.get(path)
            #expect(page.body.components(separatedBy: "proposal-confirmed").count - 1 >= barcodes)
            #expect(!page.body.contains("read from barcodes</button>"))

            // A spine corrected with an ISBN that is not one: the page again, the typed value kept.
            let scan = try await ScanProposal.query(on: app.db).filter(\.$scan.$id == scanID).filter(\.$status == .pending)
                .sort(\.$number).first()
            let pending = try #require(scan)
            let refused = try await web.post(
                "/proposals/\(try pending.requireID())/confirm", [("isbn", "978-1-2345"), ("status", "read")])
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.body.contains("value=\"978-1-2345\"") && refused.body.contains("aria-invalid=\"true\""))
            #expect(refused.body.contains("Book \(pending.number) was not added"))

            // Another reader finds none of it.
            let other = WebClient(app)
            try await other.signUp("bea@example.com", name: "Bea")
            #expect(try await other.get(path).status == .notFound)
            #expect(try await other.get("/scan/\(scanID)/photo").status == .notFound)
            #expect(try await other.post("/proposals/\(try pending.requireID())/reject", []).status == .notFound)
            #expect(try await web.get("/scan/\(scanID)/photo").status == .ok)
        }
    }

    @Test("a spine's best match is ticked for the reader only when it matches well; a barcode's book always is")
    func preselected() throws {
        let (scanID, userID) = (UUID(), UUID())
        let box = ScanBox(x: 0, y: 0, width: 10, height: 10)
        let weak = ScanProposal(scanID: scanID, userID: userID, number: 1, kind: .spine, confidence: .low, box: box)
        weak.candidates = [
            ScanCandidate(workId: UUID(), isbn: nil, title: "The Wide Window", authors: [], source: "catalog", score: 0.47)
        ]
        #expect(ShelfScanPages.preselected(weak) == nil)
        let online = ScanProposal(scanID: scanID, userID: userID, number: 2, kind: .spine, confidence: .low, box: box)
        online.candidates = [
            ScanCandidate(
                workId: nil, isbn: "9780756404741", title: "The Name of the Wind", authors: [], source: "googleBooks", score: 0.85
            )
        ]
        #expect(ShelfScanPages.preselected(online) == "isbn:9780756404741")
        let barcode = ScanProposal(scanID: scanID, userID: userID, number: 3, kind: .barcode, confidence: .high, box: box)
        let work = UUID()
        barcode.workID = work
        #expect(ShelfScanPages.preselected(barcode) == "work:\(work)")
    }
}
