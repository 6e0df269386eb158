import FluentKit
import Foundation
import Testing

@testable import DogearCore
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
        Self.check(ClubMeeting.self)
        Self.check(MeetingOption.self)
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

    /// An import plans new entries and editions as plain values and makes a model of them only for
    /// a second row of the same book: a column the two conversions forgot would be lost there.
    @Test("an entry's and an edition's plain values make a model that gives every column back")
    func valuesRoundTrip() throws {
        var fields = try EntryDraft().validated()
        fields.owned = false
        fields.onWishlist = true
        fields.favorite = true
        fields.rating = 4
        fields.preciseRating = 4.25
        fields.dailyGoalPages = 20
        fields.recommendedBy = "Ana"
        fields.wouldRecommend = true
        fields.isPublic = false
        fields.countsTowardCulturalGoal = true
        fields.culturalGoalCategory = "translated"
        var entry = LibraryEntry.Values(
            id: UUID(), userID: UUID(), workID: UUID(), editionID: UUID(),
            dateAdded: Date(timeIntervalSince1970: 1_700_000_000), fields: fields)
        entry.readingState = ReadingState(
            status: .reading, dateStarted: LocalDate("2024-01-02"), dateFinished: nil, currentPage: 40,
            currentMinutes: 90, progress: 0.4, readCount: 2)
        entry.totalMinutes = 300
        #expect(LibraryEntry.Values(LibraryEntry(values: entry)) == entry)
        #expect(LibraryEntry(values: entry).readingState == entry.readingState)

        var edition = Edition.Values(id: UUID(), workID: UUID())
        (edition.isbn13, edition.isbn10, edition.isbnDisplay) = ("9780000000002", "0000000000", "978-0-00-000000-2")
        (edition.publisher, edition.publishedDate, edition.pageCount) = ("Orbit", "2020", 320)
        (edition.format, edition.editionTitle, edition.language) = ("paperback", "Second", "en")
        (edition.coverURL, edition.previewURL, edition.infoURL) = ("https://c", "https://p", "https://i")
        edition.source = "import"
        let model = Edition(values: edition)
        let back = [
            model.isbn13, model.isbn10, model.isbnDisplay, model.publisher, model.publishedDate, model.format,
            model.editionTitle, model.language, model.coverURL, model.previewURL, model.infoURL, model.source,
        ]
        #expect(model.id == edition.id && model.$work.id == edition.workID && model.pageCount == 320)
        #expect(
            back == [
                edition.isbn13, edition.isbn10, edition.isbnDisplay, edition.publisher, edition.publishedDate,
                edition.format, edition.editionTitle, edition.language, edition.coverURL, edition.previewURL,
                edition.infoURL, edition.source,
            ])
    }
}
