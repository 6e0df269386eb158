import DogearCore
import DogearServices
import DogearStore
import Foundation
import Vapor

/// POST /api/v1/proposals/{id}/confirm: all optional. `status` for the library (want to read unless
/// given), or `listId` to put the book on a list instead; `workId` or `isbn` corrects the book.
package struct ConfirmProposalRequest: Content {
    package var status: String?
    package var listId: String?
    package var workId: UUID?
    package var isbn: String?

    package var confirmation: ScanService.Confirmation {
        get throws {
            if workId != nil, isbn != nil {
                throw ValidationError(field: "isbn", "give workId or isbn, not both")
            }
            return ScanService.Confirmation(status: status, listId: listId, workId: workId, isbn: isbn)
        }
    }
}

/// POST /api/v1/scans/{id}/confirm-all: the status the books go into the library with.
package struct ConfirmAllRequest: Content {
    package var status: String?

    package init(status: String? = nil) { self.status = status }

    /// `status` may be left out (want to read), but a `null` is refused as the document's enum
    /// does: an app that meant a status and sent none should hear so, not get want-to-read.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if container.contains(.status), try container.decodeNil(forKey: .status) {
            throw DomainError.badRequest("status must be one of wantToRead, reading, read, onHold, didNotFinish", field: "status")
        }
        status = try container.decodeIfPresent(String.self, forKey: .status)
    }
}
