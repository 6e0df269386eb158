import DogearCore
import DogearTestSupport
import Fluent
import Foundation
import Testing
import Vapor

@testable import DogearServer
@testable import DogearServices
@testable import DogearStore

@Suite("Shelf scans through the API: upload, proposals, review", .serialized)
struct ScanAPITests {
    @Test("a photo's barcodes become high-confidence proposals with their boxes; confirm all puts them in the library owned")
    func barcodesToLibrary() async throws {
        try await withScanningDogear { app in
            try app.requireScanning()
            let photo = try ShelfPhotos.photo("mixed")
            try await app.seedCatalog(with: photo)
            let token = try await app.signUp()
            let scan = try await app.scan(token, photo.bytes)
            #expect(scan.status == "done", "\(scan.message ?? "")")
            #expect(scan.photoWidth == photo.manifest.width && scan.photoHeight == photo.manifest.height)
            let barcodes = photo.manifest.books.filter { $0.kind == "barcode" }
            let high = scan.proposals.filter { $0.confidence == "high" }
            #expect(Set(high.compactMap(\.isbn)) == Set(barcodes.map(\.isbn)))
            // Numbered from 1, left to right, each box where its book is.
            #expect(scan.proposals.map(\.number) == Array(1...scan.proposals.count))
            #expect(scan.proposals.map(\.box.x) == scan.proposals.map(\.box.x).sorted())
            for proposal in high {
                let book = try #require(barcodes.first { $0.isbn == proposal.isbn })
                #expect(abs(proposal.box.x + proposal.box.width / 2 - (book.box[0] + book.box[2] / 2)) < book.box[2])
                #expect(proposal.candidates.first?.title == book.title)
            }

            let confirmed = try await app.send(.POST, "/api/v1/scans/\(scan.id)/confirm-all", token: token, json: [:])
            #expect(confirmed.status == .ok)
            let library = try await app.send(.GET, "/api/v1/library?limit=100", token: token).entries
            let owned = library.items.filter { $0.owned && $0.status == "wantToRead" }
            #expect(owned.count == Set(barcodes.map(\.title)).count || owned.count == barcodes.count)
            // Confirm all twice changes nothing more.
            let again = try await app.send(.POST, "/api/v1/scans/\(scan.id)/confirm-all", token: token, json: [:])
            #expect(try again.decode([ScanProposalDTO].self).isEmpty)
            // A status that is none is refused even with nothing left to confirm (the fuzz found it
            // taken), and so is a null one.
            for body in [#"{"status": "AAA"}"#, #"{"status": null}"#] {
                let refused = try await app.send(.POST, "/api/v1/scans/\(scan.id)/confirm-all", token: token, raw: body)
                #expect((400..<500).contains(refused.status.code) && refused.errorField == "status", "\(body): \(refused.body)")
            }
        }
    }

    @Test("an ISBN no source knows is still a high-confidence proposal that says so; confirm all leaves it for a title")
    func unknownISBNStaysHigh() async throws {
        try await withScanningDogear { app in
            try app.requireScanning()
            let token = try await app.signUp()
            // Offline, and the catalog knows neither book on the photo.
            let scan = try await app.scan(token, try ShelfPhotos.photo("known-isbns").bytes)
            #expect(scan.proposals.map(\.isbn) == ["9780140328721", "9781781100486"])
            for proposal in scan.proposals {
                #expect(proposal.confidence == "high")
                #expect(proposal.workId == nil)
                #expect(
                    proposal.message?.contains("no source knows ISBN \(proposal.isbn ?? "")") == true, "\(proposal.message ?? "")"
                )
            }
            let confirmed = try await app.send(.POST, "/api/v1/scans/\(scan.id)/confirm-all", token: token, json: [:])
            #expect(try confirmed.decode([ScanProposalDTO].self).isEmpty)
            let after = try await app.send(.GET, "/api/v1/scans/\(scan.id)", token: token).decode(ScanDTO.self)
            #expect(after.proposals.allSatisfy { $0.status == "pending" })
        }
    }

    @Test("a barcode of a book already in the library says so; confirming it marks it owned and keeps its shelf")
    func alreadyInLibrary() async throws {
        try await withStubbedDogear { app, stub in
            try app.requireScanning()
            Recorded.mrFox(stub)
            stub.stub("/books/v1/volumes", queryContains: "isbn:9781781100486", json: Recorded.google)
            let token = try await app.signUp()
            let held = try await app.send(
                .POST, "/api/v1/library", token: token, json: ["isbn": "9780140328721", "status": "reading", "owned": false])
            #expect(held.status == .created, "\(held.body)")
            let entry = try held.entry
            let scan = try await app.scan(token, try ShelfPhotos.photo("known-isbns").bytes)
            let fox = try #require(scan.proposals.first { $0.isbn == "9780140328721" })
            let other = try #require(scan.proposals.first { $0.isbn == "9781781100486" })
            #expect(fox.inLibrary?.entryId == entry.id)
            #expect(fox.inLibrary?.status == "reading")
            #expect(fox.inLibrary?.owned == false)
            #expect(other.inLibrary == nil)
            // The page says it, and does not offer a shelf for it.
            let web = WebClient(app)
            try await web.signIn()
            let page = try await web.get("/scan/\(scan.id)").body
            #expect(page.contains("Already in your library, on Reading. Confirming marks it owned; its shelf stays."))
            // Confirming with another status changes only what confirming means: owned.
            let confirmed = try await app.send(
                .POST, "/api/v1/proposals/\(fox.id)/confirm", token: token, json: ["status": "wantToRead"])
            #expect(confirmed.status == .ok, "\(confirmed.body)")
            let library = try await app.send(.GET, "/api/v1/library?limit=10", token: token).entries.items
            #expect(library.count == 1)
            #expect(library.first?.status == "reading")
            #expect(library.first?.owned == true)
        }
    }

    @Test("barcodes the catalog lacks are looked up online; their works wait as pending until a reader confirms one")
    func lookedUpOnline() async throws {
        try await withStubbedDogear { app, stub in
            try app.requireScanning()
            Recorded.mrFox(stub)
            stub.stub("/books/v1/volumes", queryContains: "isbn:9781781100486", json: Recorded.google)
            let token = try await app.signUp()
            let scan = try await app.scan(token, try ShelfPhotos.photo("known-isbns").bytes)
            let proposals = scan.proposals
            #expect(proposals.map(\.isbn) == ["9780140328721", "9781781100486"])
            #expect(proposals.allSatisfy { $0.confidence == "high" && $0.workId != nil })
            #expect(proposals.first?.candidates.first?.title == "Fantastic Mr. Fox")
            for proposal in proposals {
                let work = try #require(try await Work.find(proposal.workId, on: app.db))
                #expect(work.reviewStatus == "pending", "\(work.title)")
            }
            let confirmed = try await app.send(.POST, "/api/v1/proposals/\(proposals[0].id)/confirm", token: token, json: [:])
            #expect(confirmed.status == .ok, "\(confirmed.body)")
            #expect(try await Work.find(proposals[0].workId, on: app.db)?.reviewStatus == "verified")
            #expect(try await Work.find(proposals[1].workId, on: app.db)?.reviewStatus == "pending")
        }
    }

    @Test("spines are low-confidence proposals with their text and candidates; the known title is in the top 3 mostly")
    func spinesToCandidates() async throws {
        try await withScanningDogear { app in
            try app.requireScanning()
            let token = try await app.signUp()
            var spines = 0
            var matched = 0
            for name in ["spines", "spines-turned", "mixed"] {
                let (seen, found) = try await Self.spineMatches(app, token, name)
                spines += seen
                matched += found
            }
            print("spines matched in the top 3: \(matched)/\(spines)")
            #expect(spines >= 20)
            #expect(Double(matched) >= 0.6 * Double(spines), "\(matched) of \(spines)")
        }
    }

    /// One photo's spines: how many, and how many have their book in their first three candidates.
    static func spineMatches(_ app: Application, _ token: String, _ name: String) async throws -> (Int, Int) {
        let photo = try ShelfPhotos.photo(name)
        try await app.seedCatalog(with: photo)
        let scan = try await app.scan(token, photo.bytes)
        let proposals = scan.proposals.filter { $0.kind == "spine" }
        #expect(proposals.allSatisfy { $0.confidence == "low" && $0.ocrText != nil })
        let books = photo.manifest.books.filter { $0.kind == "spine" }
        let matched = books.filter { book in
            let over = proposals.first { overlap($0.box, book.box) * 2 >= $0.box.width * $0.box.height }
            return over?.candidates.prefix(3).contains { $0.title == book.title } ?? false
        }
        return (books.count, matched.count)
    }

    @Test("correct a spine by typing an ISBN, reject another; once none waits the photo is deleted")
    func correctRejectAndRetire() async throws {
        try await withScanningDogear { app in
            try app.requireScanning()
            let photo = try ShelfPhotos.photo("spines")
            try await app.seedCatalog(with: photo)
            let token = try await app.signUp()
            let scan = try await app.scan(token, photo.bytes)
            #expect(try await app.send(.GET, "/api/v1/scans/\(scan.id)/photo", token: token).status == .ok)
            let proposals = scan.proposals
            try #require(proposals.count >= 3)
            let book = photo.manifest.books.first { $0.kind == "spine" }!
            let corrected = try await app.send(
                .POST, "/api/v1/proposals/\(proposals[0].id)/confirm", token: token,
                json: ["isbn": book.isbn, "status": "read"])
            #expect(corrected.status == .ok, "\(corrected.body)")
            let entry = try #require(
                try await app.send(.GET, "/api/v1/library?limit=100", token: token).entries.items.first {
                    $0.work.title == book.title
                })
            #expect(entry.owned && entry.status == "read")
            // A bad ISBN is named, and changes nothing.
            let bad = try await app.send(
                .POST, "/api/v1/proposals/\(proposals[1].id)/confirm", token: token, json: ["isbn": "978-0"])
            #expect(bad.status == .unprocessableEntity && bad.errorField == "isbn")
            #expect(try await app.send(.POST, "/api/v1/proposals/\(proposals[1].id)/reject", token: token).status == .ok)
            // Reviewed once only.
            let twice = try await app.send(.POST, "/api/v1/proposals/\(proposals[1].id)/reject", token: token)
            #expect(twice.status == .conflict && twice.errorCode == "alreadyReviewed")
            for proposal in proposals.dropFirst(2) {
                #expect(try await app.send(.POST, "/api/v1/proposals/\(proposal.id)/reject", token: token).status == .ok)
            }
            let photoAfter = try await app.send(.GET, "/api/v1/scans/\(scan.id)/photo", token: token)
            #expect(photoAfter.status == .notFound && photoAfter.errorCode == "photoDeleted")
            let done = try await app.send(.GET, "/api/v1/scans/\(scan.id)", token: token).decode(ScanDTO.self)
            #expect(done.photoUrl == nil && done.pending == 0)
        }
    }

    @Test("a spine confirmed as another candidate goes onto a list; a photo past 30 days is deleted")
    func candidateOntoListAndRetention() async throws {
        try await withScanningDogear { app in
            try app.requireScanning()
            let photo = try ShelfPhotos.photo("spines")
            try await app.seedCatalog(with: photo)
            let token = try await app.signUp()
            let scan = try await app.scan(token, photo.bytes)
            let proposal = try #require(scan.proposals.first { $0.candidates.count >= 2 && $0.candidates[1].workId != nil })
            let other = try #require(proposal.candidates[1].workId)
            let list = try await app.send(.POST, "/api/v1/lists", token: token, json: ["name": "Shelf in the hall"])
                .decode(ListDTO.self)
            let confirmed = try await app.send(
                .POST, "/api/v1/proposals/\(proposal.id)/confirm", token: token,
                json: ["workId": other.uuidString, "listId": list.id])
            #expect(confirmed.status == .ok, "\(confirmed.body)")
            let done = try confirmed.decode(ScanProposalDTO.self)
            #expect(done.status == "confirmed" && done.workId == other && done.listId == list.id && done.entryId == nil)
            let items = try await app.send(.GET, "/api/v1/lists/\(list.id)/items", token: token)
                .decode(DogearServer.Page<ListItemDTO>.self).items
            #expect(items.map(\.work.id) == [other])
            // Both a workId and an ISBN is a question with two answers.
            let both = try await app.send(
                .POST, "/api/v1/proposals/\(scan.proposals.last!.id)/confirm", token: token,
                json: ["workId": other.uuidString, "isbn": "9780140328721"])
            #expect(both.status == .unprocessableEntity && both.errorField == "isbn")

            // Thirty days on, the sweep deletes the photo though proposals still wait.
            #expect(try await ShelfScanPhoto.find(scan.id, on: app.db) != nil)
            try await ScanRetentionSweep(db: app.db, now: fixedNow.addingTimeInterval(29 * 86_400)).run()
            #expect(try await ShelfScanPhoto.find(scan.id, on: app.db) != nil)
            try await ScanRetentionSweep(db: app.db, now: fixedNow.addingTimeInterval(31 * 86_400)).run()
            #expect(try await ShelfScanPhoto.find(scan.id, on: app.db) == nil)
            let after = try await app.send(.GET, "/api/v1/scans/\(scan.id)", token: token).decode(ScanDTO.self)
            #expect(after.photoUrl == nil && after.pending > 0)
        }
    }

    @Test("another reader is told a scan, its photo and its proposals do not exist")
    func otherReaders() async throws {
        try await withScanningDogear { app in
            try app.requireScanning()
            let photo = try ShelfPhotos.photo("barcodes-300-halved")
            let owner = try await app.signUp("owner@example.com")
            let other = try await app.signUp("other@example.com")
            let scan = try await app.scan(owner, photo.bytes)
            let proposal = try #require(scan.proposals.first)
            for (method, path) in [
                (HTTPMethod.GET, "/api/v1/scans/\(scan.id)"), (.GET, "/api/v1/scans/\(scan.id)/photo"),
                (.POST, "/api/v1/scans/\(scan.id)/confirm-all"), (.DELETE, "/api/v1/scans/\(scan.id)"),
                (.POST, "/api/v1/proposals/\(proposal.id)/confirm"), (.POST, "/api/v1/proposals/\(proposal.id)/reject"),
            ] {
                let reply = try await app.send(method, path, token: other, json: [:])
                #expect(reply.status == .notFound, "\(method) \(path)")
            }
            #expect(try await app.send(.GET, "/api/v1/scans", token: other).array.isEmpty)
            #expect(try await app.send(.GET, "/api/v1/scans/\(scan.id)", token: owner).status == .ok)
            #expect(try await app.send(.DELETE, "/api/v1/scans/\(scan.id)", token: owner).status == .noContent)
            #expect(try await app.send(.GET, "/api/v1/scans/\(scan.id)", token: owner).status == .notFound)
        }
    }

    @Test("bad photos are refused at once with what was wrong, and nothing is queued")
    func badPhotos() async throws {
        try await withScanningDogear { app in
            try app.requireScanning()
            let token = try await app.signUp()
            let mixed = try ShelfPhotos.photo("mixed").bytes
            let cases: [([UInt8], String)] = [
                (Array("not a photo at all".utf8), "not a JPEG or PNG"),
                ([0, 0, 0, 0x18] + Array("ftypheic".utf8) + [UInt8](repeating: 0, count: 20), "HEIC"),
                (Array(mixed.prefix(mixed.count / 2)), "damaged or cut short"),
            ]
            for (bytes, words) in cases {
                let reply = try await app.sendPhoto(token, bytes)
                #expect(reply.status == .unprocessableEntity && reply.errorField == "photo", "\(reply.body)")
                #expect(reply.errorMessage?.contains(words) == true, "\(reply.errorMessage ?? "")")
            }
            let wrongField = try await app.sendPhoto(token, mixed, field: "file")
            #expect(wrongField.status == .badRequest && wrongField.errorMessage?.contains("'photo'") == true)
            let huge = try await app.sendPhoto(token, [0xFF, 0xD8, 0xFF] + [UInt8](repeating: 0, count: PhotoLimits.maxBytes))
            #expect(huge.status == .payloadTooLarge && huge.errorField == "photo")
            #expect(try await app.send(.GET, "/api/v1/scans", token: token).array.isEmpty)
        }
    }

    @Test("a reader's photos wait five at most: the sixth is told to wait, nothing stored")
    func boundedQueue() async throws {
        try await withScanningDogear { app in
            try app.requireScanning()
            let token = try await app.signUp()
            let userID = try await app.userID(token)
            // Five photos still waiting (as a busy server leaves them).
            for _ in 0..<ScanService.waitingPerReader { try await ShelfScan(userID: userID, at: fixedNow).create(on: app.db) }
            let reply = try await app.sendPhoto(token, try ShelfPhotos.photo("mixed").bytes)
            #expect(reply.status == .tooManyRequests && reply.errorCode == "scansWaiting")
            #expect(reply.headers.first(name: "Retry-After") == "10")
            #expect(try await ShelfScan.query(on: app.db).count() == ScanService.waitingPerReader)
            // Another reader is not held up by them.
            let other = try await app.signUp("other@example.com")
            #expect(try await app.sendPhoto(other, try ShelfPhotos.photo("mixed").bytes).status == .accepted)
        }
    }

    @Test("without the libraries the server still serves, and says scanning is unavailable")
    func unavailable() async throws {
        try await withDogear { app in
            app.scanWorker = ScanWorker(
                availability: .unavailable(.init(reason: "libzbar.so.0 is not installed")), workers: 1, timeLimit: .seconds(5))
            let token = try await app.signUp()
            let reply = try await app.sendPhoto(token, try ShelfPhotos.photo("mixed").bytes)
            #expect(reply.status == .serviceUnavailable && reply.errorCode == "scanningUnavailable")
            #expect(reply.errorMessage?.contains("libzbar.so.0 is not installed") == true)
            #expect(try await app.send(.GET, "/health").status == .ok)
        }
    }
}

func overlap(_ box: ScanProposalDTO.Box, _ other: [Int]) -> Int {
    let width = min(box.x + box.width, other[0] + other[2]) - max(box.x, other[0])
    let height = min(box.y + box.height, other[1] + other[3]) - max(box.y, other[1])
    return max(0, width) * max(0, height)
}
