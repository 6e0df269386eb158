import DogearCore
import DogearServices
import DogearStore
import DogearViews
import Foundation
import Vapor

/// `/scan…`: the scan service behind pages (the API's scan routes call the same service).
/// Forms post and come back with 303 to the scan; a refused form is shown again with what was
/// typed and the message beside its field.
package struct ShelfScanPages {
    package func index(req: Request) async throws -> Response {
        Response(html: ScanUpload.View.render(try await uploadModel(req)))
    }

    package func upload(req: Request) async throws -> Response {
        do {
            let bytes = try await req.receiveShelfPhoto()
            let scan = try await req.scans().create(photo: bytes)
            return .seeOther(SiteURL.scanResult(try scan.requireID()).path)
        } catch let error as DomainError
            where error.field == "photo" || [.scanningUnavailable, .scansWaiting].contains(error.code)
        {
            // The upload page again, saying what was wrong beside the photo field.
            let model = try await uploadModel(req, error: error.message)
            let status: HTTPStatus =
                switch error.kind {
                case .tooLarge: .payloadTooLarge
                case .tooManyRequests: .tooManyRequests
                case .unavailable: .serviceUnavailable
                default: .unprocessableEntity
                }
            return Response(status: status, html: ScanUpload.View.render(model))
        }
    }

    package func show(req: Request) async throws -> Response {
        Response(html: ScanReview.View.render(try await reviewModel(req, scanID: try req.uuidParameter("id"))))
    }

    package func photo(req: Request) async throws -> Response {
        Response.shelfPhoto(try await req.scans().photo(of: try req.uuidParameter("id")))
    }

    package struct ConfirmForm: Content {
        /// `work:<id>` or `isbn:<isbn>`: the candidate chosen.
        package var choice: String?
        package var isbn: String?
        package var status: String?
    }

    package func confirm(req: Request) async throws -> Response {
        let scans = try req.scans()
        let id = try req.uuidParameter("id")
        let proposal = try await scans.proposal(id, for: .view)
        let form = try req.content.decode(ConfirmForm.self)
        var confirmation = ScanService.Confirmation(status: form.status)
        let typed = form.isbn?.trimmingCharacters(in: .whitespaces) ?? ""
        if !typed.isEmpty {
            // A typed ISBN corrects the proposal whatever candidate was ticked.
            confirmation.isbn = typed
        } else if let choice = form.choice, choice.hasPrefix("work:") {
            confirmation.workId = UUID(uuidString: String(choice.dropFirst(5)))
        } else if let choice = form.choice, choice.hasPrefix("isbn:") {
            confirmation.isbn = String(choice.dropFirst(5))
        }
        do {
            _ = try await scans.confirm(id, confirmation)
        } catch let error as ValidationError {
            return try await refused(req, proposal: proposal, typed: typed, message: error.message)
        } catch let error as DomainError
            where error.kind == .unprocessable || error.kind == .notFound && error.code == .bookNotFound
        {
            return try await refused(req, proposal: proposal, typed: typed, message: error.message)
        }
        return .seeOther(SiteURL.scanResult(proposal.$scan.id).path + "#proposal-\(proposal.number)")
    }

    package func reject(req: Request) async throws -> Response {
        let proposal = try await req.scans().reject(try req.uuidParameter("id"))
        return .seeOther(SiteURL.scanResult(proposal.$scan.id).path + "#proposal-\(proposal.number)")
    }

    package struct ConfirmAllForm: Content {
        package var status: String?
    }

    package func confirmAll(req: Request) async throws -> Response {
        let id = try req.uuidParameter("id")
        let form = try req.content.decode(ConfirmAllForm.self)
        _ = try await req.scans().confirmAll(id, status: form.status)
        return .seeOther(SiteURL.scanResult(id).path)
    }

    /// The scan again, with what was typed in the proposal's ISBN field and what was wrong with it.
    private func refused(_ req: Request, proposal: ScanProposal, typed: String, message: String) async throws -> Response {
        var model = try await reviewModel(req, scanID: proposal.$scan.id)
        if let index = model.proposals.firstIndex(where: { $0.id == proposal.id }) {
            model.proposals[index].typedISBN = FieldState(typed, error: message)
        }
        model.error = "Book \(proposal.number) was not added: \(message)"
        return Response(status: .unprocessableEntity, html: ScanReview.View.render(model))
    }

    private func uploadModel(_ req: Request, error: String? = nil) async throws -> ScanUpload.Model {
        let scans = try req.scans()
        let list = try await scans.scans()
        let proposals = try await scans.proposals(of: list)
        let formatter = DateFormatter()
        formatter.dateFormat = "d MMM yyyy, HH:mm"
        formatter.timeZone = TimeZone(identifier: try req.currentUser().timeZone) ?? .gmt
        return ScanUpload.Model(
            session: try req.requirePageSession(), unavailable: req.application.scanWorker.unavailable?.reason, error: error,
            scans: try list.map { scan in
                let own = proposals[try scan.requireID()] ?? []
                return ScanUpload.Summary(
                    id: try scan.requireID(), when: formatter.string(from: scan.createdAt ?? Date()),
                    status: scan.status.rawValue,
                    proposals: own.count, pending: own.filter { $0.status == .pending }.count)
            })
    }

    private func reviewModel(_ req: Request, scanID: UUID) async throws -> ScanReview.Model {
        let scans = try req.scans()
        let scan = try await scans.scan(scanID, for: .view)
        let proposals = try await scans.proposals(of: [scan])[scanID] ?? []
        let held = try await scans.entries(for: proposals)
        return ScanReview.Model(
            session: try req.requirePageSession(), id: scanID, status: scan.status.rawValue, message: scan.message,
            spinesMessage: scan.spinesMessage, hasPhoto: scan.photoDeletedAt == nil, width: scan.photoWidth ?? 1,
            height: scan.photoHeight ?? 1,
            proposals: try proposals.map { proposal in
                ScanReview.Proposal(
                    id: try proposal.requireID(), number: proposal.number, isBarcode: proposal.kind == .barcode,
                    isHighConfidence: proposal.confidence == .high, status: proposal.status.rawValue,
                    box: .init(x: proposal.boxX, y: proposal.boxY, width: proposal.boxWidth, height: proposal.boxHeight),
                    isbn: proposal.isbn, ocrText: proposal.ocrText, message: proposal.message,
                    candidates: proposal.candidates.compactMap { candidate in
                        Self.choice(candidate).map {
                            ScanReview.Candidate(choice: $0, title: candidate.title, authors: candidate.authors)
                        }
                    },
                    entryID: proposal.entryID, preselected: Self.preselected(proposal),
                    inLibrary: proposal.workID.flatMap { held[$0] }.map(\.status))
            })
    }

    /// What the form sends for a candidate: `work:<id>` or `isbn:<isbn>`.
    static func choice(_ candidate: ScanCandidate) -> String? {
        candidate.workId.map { "work:\($0)" } ?? candidate.isbn.map { "isbn:\($0)" }
    }

    /// The candidate chosen for the reader: the proposal's own book, or a spine's best match found
    /// online when it matches well (Core's `SpineMatch.preselectFrom`); otherwise the reader picks.
    static func preselected(_ proposal: ScanProposal) -> String? {
        if let workID = proposal.workID { return "work:\(workID)" }
        // A candidate stored before scores were kept has none, and stands as it did then.
        guard proposal.kind == .spine, let best = proposal.candidates.first, (best.score ?? 1) >= SpineMatch.preselectFrom else {
            return nil
        }
        return choice(best)
    }
}
