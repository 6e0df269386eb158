import FluentKit
import Foundation
import Testing

@testable import DogearStore

/// Models that list their property wrappers by hand (Fluent otherwise finds them by reflection on
/// every read and save) list every one of them: a wrapper left out would be silently neither read
/// nor written.
@Suite("Models: property lists written out match the declarations")
struct ModelPropertiesTests {
    static func check<M: Model>(_ type: M.Type) {
        let model = M()
        let listed = model.properties.map { ObjectIdentifier($0 as AnyObject) }
        let declared = Mirror(reflecting: model).children.compactMap { $0.value as? any AnyProperty }
            .map { ObjectIdentifier($0 as AnyObject) }
        #expect(listed.count == declared.count, "\(M.self): \(listed.count) listed, \(declared.count) declared")
        #expect(Set(listed) == Set(declared), "\(M.self)")
    }

    @Test("every model")
    func written() {
        Self.check(LibraryEntry.self)
        Self.check(User.self)
        Self.check(UserToken.self)
        Self.check(AccountLink.self)
        Self.check(Author.self)
        Self.check(CatalogChange.self)
        Self.check(Club.self)
        Self.check(ClubActivity.self)
        Self.check(ClubBook.self)
        Self.check(ClubComment.self)
        Self.check(ClubMember.self)
        Self.check(ClubMilestone.self)
        Self.check(ClubProposal.self)
        Self.check(ClubVote.self)
        Self.check(Edition.self)
        Self.check(EntryEdition.self)
        Self.check(EntryTag.self)
        Self.check(ExternalID.self)
        Self.check(Identity.self)
        Self.check(SignInNonce.self)
        Self.check(ImportJob.self)
        Self.check(ImportRowRecord.self)
        Self.check(ImportedFields.self)
        Self.check(Note.self)
        Self.check(Quote.self)
        Self.check(ReadThrough.self)
        Self.check(ReadingGoal.self)
        Self.check(ReadingList.self)
        Self.check(ReadingListItem.self)
        Self.check(ReadingSession.self)
        Self.check(SavedList.self)
        Self.check(ShareCodeRecord.self)
        Self.check(ShelfScan.self)
        Self.check(ShelfScanPhoto.self)
        Self.check(ScanProposal.self)
        Self.check(Tag.self)
        Self.check(Work.self)
        Self.check(WorkAuthor.self)
        Self.check(YearShare.self)
    }
}
