import DogearCore
import DogearStore
import FluentKit
import Foundation

/// One read of a club's feed before any reader's view of it: the activity lines with the names,
/// titles and comments they mention. Every open stream of a club that one change woke can share one
/// batch (`SharedFeedReads`); each reader's view (spoilers) is made from it in memory.
package struct ClubFeedBatch: @unchecked Sendable {
    /// How far a reader is in a book, for spoiler gating.
    package struct Place: Sendable {
        package let status: ReadingStatus
        package let page: Int?
        package let progress: Double
    }

    package let rows: [ClubActivity]
    package let people: [UUID: PersonRef]
    package let titles: [UUID: String]
    package let comments: [ClubComment]
    /// Page counts of the books that comments about a page refer to.
    package let pageCounts: [UUID: Int]
    /// For event streams, so each stream needs no query of its own: every member's role (a reader
    /// missing here has left, was removed, or the club is gone), and each member's place in the
    /// books that comments about a place refer to (member → work → place).
    package var roles: [UUID: ClubMember.Role]? = nil
    package var places: [UUID: [UUID: Place]] = [:]

    /// Newest first before `before` (a feed page), or oldest first after `after` (an event stream).
    package static func load(
        _ clubID: UUID, after: Int? = nil, before: Int? = nil, limit: Int, forStreams: Bool = false, on db: any Database
    ) async throws -> ClubFeedBatch {
        var batch = try await lines(clubID, after: after, before: before, limit: limit, on: db)
        guard forStreams else { return batch }
        var roles: [UUID: ClubMember.Role] = [:]
        for member in try await ClubMember.query(on: db).filter(\.$club.$id == clubID).all() {
            roles[member.$user.id] = member.role
        }
        batch.roles = roles
        let gatedWorks = Array(Set(batch.comments.filter { $0.page != nil || $0.percent != nil }.compactMap(\.$work.id)))
        if !gatedWorks.isEmpty, !roles.isEmpty {
            for entry in try await LibraryEntry.query(on: db).filter(\.$work.$id ~~ gatedWorks)
                .filter(\.$user.$id ~~ Array(roles.keys)).all()
            {
                batch.places[entry.$user.id, default: [:]][entry.$work.id] = Place(
                    status: entry.status, page: entry.currentPage, progress: entry.progress)
            }
        }
        return batch
    }

    private static func lines(_ clubID: UUID, after: Int?, before: Int?, limit: Int, on db: any Database) async throws
        -> ClubFeedBatch
    {
        var query = ClubActivity.query(on: db).filter(\.$club.$id == clubID)
        if let after {
            query = query.filter(\.$id > after).sort(\.$id)
        } else {
            if let before { query = query.filter(\.$id < before) }
            query = query.sort(\.$id, .descending)
        }
        let rows = try await query.limit(limit).all()
        guard !rows.isEmpty else { return ClubFeedBatch(rows: [], people: [:], titles: [:], comments: [], pageCounts: [:]) }
        let commentIDs = rows.filter { $0.kind == .commented }.compactMap(\.subjectID)
        let comments = commentIDs.isEmpty ? [] : try await ClubComment.query(on: db).filter(\.$id ~~ commentIDs).all()
        let people = try await ClubFeedService.people(rows.map(\.$actor.id) + comments.map(\.$author.id), on: db)
        let workIDs = Array(Set(rows.compactMap(\.$work.id)))
        var titles: [UUID: String] = [:]
        if !workIDs.isEmpty {
            for work in try await Work.query(on: db).filter(\.$id ~~ workIDs).all() { titles[try work.requireID()] = work.title }
        }
        return ClubFeedBatch(
            rows: rows, people: people, titles: titles, comments: comments, pageCounts: try await pageCounts(of: comments, on: db)
        )
    }

    /// Page counts of the books that comments about a place refer to (to compare pages with percents).
    package static func pageCounts(of comments: [ClubComment], on db: any Database) async throws -> [UUID: Int] {
        let works = Array(Set(comments.filter { $0.page != nil || $0.percent != nil }.compactMap(\.$work.id)))
        guard !works.isEmpty else { return [:] }
        var result: [UUID: Int] = [:]
        for (workID, facts) in try await CatalogLoader(db: db).bookFacts(works) {
            if let pages = facts.pageCount { result[workID] = pages }
        }
        return result
    }
}
