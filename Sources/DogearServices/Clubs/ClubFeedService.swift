import DogearCore
import DogearStore
import FluentKit
import Foundation
import SQLKit

/// A club's feed and discussion as one member sees them: activity newest first (or, for the event
/// stream, everything after an id), and comments with spoilers hidden until the reader reaches the
/// page they are about. The API, the page and the event stream all read through here, so they agree.
package struct ClubFeedService {
    package let membership: ClubMembershipService
    package let now: @Sendable () -> Date

    package var db: any Database { membership.db }
    package var user: User { membership.user }

    package static let commentNotFound = DomainError.notFound(.commentNotFound, "no such comment")
    package static let pageSize = 30

    // MARK: activity

    /// Newest first, `limit` at a time; `before` is the last id of the previous page.
    package func activity(in clubID: UUID, before: Int?, limit: Int = Self.pageSize) async throws -> ResultPage<
        ClubActivityRecord
    > {
        let (_, actor) = try await membership.open(clubID, for: .readInside)
        let batch = try await ClubFeedBatch.load(clubID, before: before, limit: limit + 1, on: db)
        let page = Array(batch.rows.prefix(limit))
        let next = batch.rows.count > limit ? page.last?.id.map(String.init) : nil
        return ResultPage(items: try await render(batch, rows: page, clubID: clubID, actor: actor), nextCursor: next)
    }

    /// Oldest first, everything after `id` (at most `limit`): what an event stream sends next.
    /// `shared` lets every stream of the club woken by the same change read the feed once.
    package func activity(
        in clubID: UUID, after id: Int, limit: Int = 100, shared: SharedFeedReads? = nil, generation: Int = 0
    ) async throws -> [ClubActivityRecord] {
        let db = self.db
        let load: @Sendable () async throws -> ClubFeedBatch = {
            try await ClubFeedBatch.load(clubID, after: id, limit: limit, forStreams: true, on: db)
        }
        let batch: ClubFeedBatch
        if let shared {
            batch = try await shared.batch(club: clubID, after: id, generation: generation, load: load)
        } else {
            batch = try await load()
        }
        // Asked on every read (from the batch, which lists the members), so a member who left or
        // was removed, or whose club was deleted, hears nothing more.
        guard let role = batch.roles?[try user.requireID()] else { throw ClubMembershipService.clubNotFound }
        return try await render(
            batch, rows: batch.rows, clubID: clubID, actor: ClubMembershipService.actor(role),
            places: batch.places[try user.requireID()] ?? [:])
    }

    /// The newest activity's id (0 when there is none): where a new event stream starts.
    package func latestActivityID(in clubID: UUID) async throws -> Int {
        _ = try await membership.open(clubID, for: .readInside)
        return try await ClubActivity.query(on: db).filter(\.$club.$id == clubID).max(\.$id) ?? 0
    }

    /// A batch as this reader sees it: the same lines for everyone, comments spoiler-gated for them.
    /// `places`: the reader's places in the books the batch's comments are about, when the batch
    /// brought them (event streams); otherwise they are read here.
    private func render(
        _ batch: ClubFeedBatch, rows: [ClubActivity], clubID: UUID, actor: ClubAccess.Actor,
        places: [UUID: ClubFeedBatch.Place]? = nil
    ) async throws -> [ClubActivityRecord] {
        let commentDTOs = try await render(
            batch.comments, clubID: clubID, actor: actor, people: batch.people, pageCounts: batch.pageCounts, reveal: nil,
            places: places)
        let commentsByID = Dictionary(uniqueKeysWithValues: commentDTOs.map { ($0.id, $0) })
        return try rows.map { row in
            ClubActivityRecord(
                id: try row.requireID(), kind: row.kind.rawValue,
                actor: batch.people[row.$actor.id] ?? PersonRef(id: row.$actor.id, displayName: ""),
                book: row.$work.id.flatMap { id in batch.titles[id].map { ClubActivityRecord.BookRef(id: id, title: $0) } },
                amount: row.amount,
                comment: row.kind == .commented ? row.subjectID.flatMap { commentsByID[$0] } : nil,
                proposalId: row.kind == .proposed || row.kind == .votesClosed ? row.subjectID : nil,
                createdAt: row.createdAt ?? .distantPast)
        }
    }

    // MARK: comments

    /// Top-level comments newest first, each with its replies oldest first. `reveal` shows one
    /// hidden comment (the reader asked to see it).
    package func comments(in clubID: UUID, before cursor: UUID?, limit: Int = Self.pageSize, reveal: UUID? = nil) async throws
        -> ResultPage<ClubCommentRecord>
    {
        _ = try await membership.open(clubID, for: .readInside)
        var query = ClubComment.query(on: db).filter(\.$club.$id == clubID).filter(\.$parent.$id == nil)
        if let cursor,
            let last = try await ClubComment.query(on: db).filter(\.$id == cursor).filter(\.$club.$id == clubID).first(),
            let stamp = last.createdAt
        {
            query = query.group(.or) { group in
                group.filter(\.$createdAt < stamp).group(.and) { $0.filter(\.$createdAt == stamp).filter(\.$id < cursor) }
            }
        }
        let rows = try await query.sort(\.$createdAt, .descending).sort(\.$id, .descending).limit(limit + 1).all()
        let page = Array(rows.prefix(limit))
        let replies = try await ClubComment.query(on: db).filter(\.$parent.$id ~~ page.compactMap(\.id))
            .sort(\.$createdAt).sort(\.$id).all()
        let dtos = try await self.dtos(page + replies, clubID: clubID, reveal: reveal)
        var repliesByParent: [UUID: [ClubCommentRecord]] = [:]
        for dto in dtos { if let parent = dto.parentId { repliesByParent[parent, default: []].append(dto) } }
        let top = dtos.filter { $0.parentId == nil }.map { comment in
            var comment = comment
            comment.replies = repliesByParent[comment.id] ?? []
            return comment
        }
        return ResultPage(items: top, nextCursor: rows.count > limit ? page.last?.id?.uuidString : nil)
    }

    /// One comment (with its replies when it is top-level), for whoever may read its club.
    package func comment(_ id: UUID, reveal: Bool) async throws -> ClubCommentRecord {
        let (comment, _) = try await openComment(id, for: .readInside)
        let replies = try await ClubComment.query(on: db).filter(\.$parent.$id == id).sort(\.$createdAt).sort(\.$id).all()
        let dtos = try await self.dtos([comment] + replies, clubID: comment.$club.id, reveal: reveal ? id : nil)
        var top = dtos[0]
        top.replies = Array(dtos.dropFirst())
        return top
    }

    /// A new comment about the club's current book, or a reply: `replyTo` answers any comment of
    /// the club's (the reply joins its thread), `parentID` a top-level one. `noteID` shares one of
    /// the reader's discussion notes (its text is the body when none is given). The author of the
    /// comment answered and the members named as `@display name` are notified, in the same write.
    package func post(in clubID: UUID, _ draft: CommentDraft, parentID: UUID?, replyTo: UUID? = nil, noteID: UUID?)
        async throws -> ClubCommentRecord
    {
        _ = try await membership.open(clubID, for: .comment)
        var draft = draft
        if let noteID {
            guard let note = try await Note.query(on: db).filter(\.$id == noteID).filter(\.$user.$id == user.requireID()).first()
            else { throw DomainError.notFound(.noteNotFound, "no such note") }
            guard note.isDiscussion else {
                throw ValidationError(field: "noteId", "only notes marked for discussion can be shared with a club")
            }
            if (draft.body ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { draft.body = note.content }
        }
        let workID = try await ClubService.currentBook(of: clubID, on: db)?.$work.id
        let fields = try draft.validated(lastPage: try await Self.lastPage(of: workID, on: db))
        var answered: ClubComment?
        if let parentID {
            guard let parent = try await ClubComment.query(on: db).filter(\.$id == parentID).filter(\.$club.$id == clubID).first()
            else { throw Self.commentNotFound }
            guard parent.$parent.id == nil else {
                throw ValidationError(field: "parentId", "reply to the comment itself: replies go one level deep")
            }
            answered = parent
        }
        if let replyTo {
            guard let target = try await ClubComment.query(on: db).filter(\.$id == replyTo).filter(\.$club.$id == clubID).first()
            else { throw Self.commentNotFound }
            let thread = target.$parent.id ?? replyTo
            if let parentID, parentID != thread {
                throw ValidationError(field: "replyTo", "that comment is in another thread than parentId")
            }
            answered = target
        }
        let threadID = answered.map { $0.$parent.id ?? $0.id } ?? nil
        let answeredID = answered?.id
        let userID = try user.requireID()
        let members = try await NotificationLog.members(of: clubID, on: db)
        let told = NotificationRules.commentRecipients(
            writer: userID, repliedTo: answered?.$author.id,
            mentioned: Mentions.find(in: fields.body, among: members.map { ($0.id, $0.name) }),
            members: Set(members.map(\.id)))
        let bookTitle = try await workID.asyncMap { try await Work.find($0, on: db)?.title } ?? nil
        let now = now()
        let comment = try await membership.write { db, changes in
            let comment = ClubComment(clubID: clubID, authorID: userID, body: fields.body)
            comment.$parent.id = threadID
            comment.$replyTo.id = answeredID
            comment.$work.id = workID
            comment.$note.id = noteID
            Self.place(fields.place, on: comment)
            try await comment.create(on: db)
            changes.clubActivity(
                ClubActivity(clubID: clubID, actorID: userID, kind: .commented, workID: workID, subjectID: comment.id))
            try await NotificationLog.add(
                told.map { reader, kind in
                    NewNotification(
                        userID: reader, kind: kind, clubID: clubID, actorID: userID, subjectID: comment.id, workID: workID,
                        page: comment.page, percent: comment.percent, title: bookTitle, snippet: fields.body)
                }, at: now, on: db)
            return comment
        }
        return try await dtos([comment], clubID: clubID, reveal: nil)[0]
    }

    /// The book's last page as far as the catalog knows it: its longest edition's (nil when none says).
    package static func lastPage(of workID: UUID?, on db: any Database) async throws -> Int? {
        guard let workID else { return nil }
        return try await Edition.query(on: db).filter(\.$work.$id == workID).max(\.$pageCount)
    }

    /// The author changes their comment within 15 minutes of writing it.
    package func edit(_ id: UUID, _ draft: CommentDraft) async throws -> ClubCommentRecord {
        let (comment, _) = try await openComment(id, for: .comment)
        guard comment.$author.id == (try user.requireID()) else {
            throw DomainError(.forbidden, code: .forbidden, "only its author can edit a comment")
        }
        guard
            CommentEditing.mayEdit(
                writtenAt: (comment.createdAt ?? .distantPast).timeIntervalSince1970, now: now().timeIntervalSince1970)
        else {
            throw DomainError(
                .unprocessable, code: .editWindowClosed, "a comment can be edited for 15 minutes after it is written")
        }
        let fields = try draft.validated(lastPage: try await Self.lastPage(of: comment.$work.id, on: db))
        comment.body = fields.body
        Self.place(fields.place, on: comment)
        comment.editedAt = now()
        let (page, percent) = (comment.page, comment.percent)
        try await db.writeTransaction { db in
            try await comment.save(on: db)
            // What it told keeps up: the new words, behind the new place's spoiler gate.
            try await NotificationLog.commentEdited(id, snippet: fields.body, page: page, percent: percent, on: db)
        }
        return try await self.comment(id, reveal: false)
    }

    /// The author deletes their own comment; owner and admins any (its replies go with it).
    package func delete(_ id: UUID) async throws {
        let (comment, actor) = try await openComment(id, for: .readInside)
        if comment.$author.id != (try user.requireID()) {
            try ClubMembershipService.require(ClubAccess.decide(.deleteAnyComment, by: actor, isPublic: false))
        }
        try await db.writeTransaction { db in
            let ids = [id] + (try await ClubComment.query(on: db).filter(\.$parent.$id == id).all().compactMap(\.id))
            // Their words leave the inboxes they reached.
            try await NotificationLog.commentsDeleted(ids, on: db)
            try await ClubActivity.query(on: db).filter(\.$subjectID ~~ ids).filter(\.$kind == .commented).delete()
            try await comment.delete(on: db)
        }
    }

    private func openComment(_ id: UUID, for action: ClubAccess.Action) async throws -> (ClubComment, ClubAccess.Actor) {
        guard let comment = try await ClubComment.find(id, on: db) else { throw Self.commentNotFound }
        do {
            let (_, actor) = try await membership.open(comment.$club.id, for: action)
            return (comment, actor)
        } catch let error as DomainError where error.kind == .notFound {
            throw Self.commentNotFound  // a comment of a club they cannot see does not exist for them
        }
    }

    private static func place(_ place: SpoilerGate.Place?, on comment: ClubComment) {
        comment.page = nil
        comment.percent = nil
        switch place {
        case .page(let page)?: comment.page = page
        case .percent(let percent)?: comment.percent = percent
        case nil: break
        }
    }

    /// Comments with what they need to be shown (authors, page counts), for this reader.
    private func dtos(_ comments: [ClubComment], clubID: UUID, reveal: UUID?) async throws -> [ClubCommentRecord] {
        guard !comments.isEmpty else { return [] }
        let actor = try await membership.actor(in: try await membership.find(clubID))
        return try await render(
            comments, clubID: clubID, actor: actor, people: try await Self.people(comments.map(\.$author.id), on: db),
            pageCounts: try await ClubFeedBatch.pageCounts(of: comments, on: db), reveal: reveal)
    }

    /// Comments as this reader may see them: a comment about a place in a book they have not reached
    /// is hidden (no body) unless it is theirs, they finished that book, or they asked to `reveal` it.
    /// Reads the reader's own entries only when some comment of another's is about a place.
    private func render(
        _ comments: [ClubComment], clubID: UUID, actor: ClubAccess.Actor, people: [UUID: PersonRef], pageCounts: [UUID: Int],
        reveal: UUID?, places: [UUID: ClubFeedBatch.Place]? = nil
    ) async throws -> [ClubCommentRecord] {
        guard !comments.isEmpty else { return [] }
        let userID = try user.requireID()
        let gatedWorks = Set(
            comments.filter { ($0.page != nil || $0.percent != nil) && $0.$author.id != userID }.compactMap(\.$work.id))
        var readers: [UUID: ClubFeedBatch.Place] = places ?? [:]
        if places == nil, !gatedWorks.isEmpty {
            for entry in try await LibraryEntry.query(on: db).filter(\.$user.$id == userID)
                .filter(\.$work.$id ~~ Array(gatedWorks)).all()
            {
                readers[entry.$work.id] = ClubFeedBatch.Place(
                    status: entry.status, page: entry.currentPage, progress: entry.progress)
            }
        }
        let now = now().timeIntervalSince1970
        // Who wrote the comments these answer: those in the batch, the others read in one query.
        var answered: [UUID: PersonRef] = [:]
        for comment in comments { if let id = comment.id { answered[id] = people[comment.$author.id] } }
        let missing = Set(comments.compactMap { $0.$replyTo.id }).subtracting(answered.keys)
        if !missing.isEmpty {
            let rows = try await ClubComment.query(on: db).filter(\.$id ~~ Array(missing)).all()
            let authors = try await Self.people(rows.map(\.$author.id), on: db)
            for row in rows { if let id = row.id { answered[id] = authors[row.$author.id] } }
        }
        return try comments.map { comment in
            let id = try comment.requireID()
            let isAuthor = comment.$author.id == userID
            let about: SpoilerGate.Place? = comment.page.map { .page($0) } ?? comment.percent.map { .percent($0) }
            let reader = comment.$work.id.flatMap { readers[$0] }
            let pageCount = comment.$work.id.flatMap { pageCounts[$0] }
            let visibility =
                reveal == id
                ? .shown
                : SpoilerGate.visibility(
                    of: about, isAuthor: isAuthor,
                    reader: reader.flatMap {
                        ClubProgress.place(
                            status: $0.status, currentPage: $0.page,
                            progress: ClubProgress.fraction(progress: $0.progress, currentPage: $0.page, pageCount: pageCount))
                    },
                    finished: reader?.status == .read, pageCount: pageCount)
            var hiddenUntil: String?
            if case .hiddenUntil(let place) = visibility { hiddenUntil = Self.describe(place) }
            return ClubCommentRecord(
                id: id, clubId: clubID, author: people[comment.$author.id] ?? PersonRef(id: comment.$author.id, displayName: ""),
                parentId: comment.$parent.id, page: comment.page, percent: comment.percent,
                body: hiddenUntil == nil ? comment.body : nil, hiddenUntil: hiddenUntil,
                createdAt: comment.createdAt ?? .distantPast,
                editedAt: comment.editedAt,
                mayEdit: isAuthor
                    && CommentEditing.mayEdit(writtenAt: (comment.createdAt ?? .distantPast).timeIntervalSince1970, now: now),
                mayDelete: isAuthor || actor.runsTheClub, replies: [],
                replyTo: comment.$replyTo.id, replyToAuthor: comment.$replyTo.id.flatMap { answered[$0] })
        }
    }

    /// "page 200", "40%".
    package static func describe(_ place: SpoilerGate.Place) -> String {
        switch place {
        case .page(let page): return "page \(page)"
        case .percent(let percent): return "\(Int(percent.rounded()))%"
        }
    }

    /// Display names of readers by id, in one query.
    package static func people(_ ids: [UUID], on db: any Database) async throws -> [UUID: PersonRef] {
        let unique = Array(Set(ids))
        guard !unique.isEmpty else { return [:] }
        var result: [UUID: PersonRef] = [:]
        for user in try await User.query(on: db).filter(\.$id ~~ unique).all() {
            let id = try user.requireID()
            result[id] = PersonRef(id: id, displayName: user.displayName)
        }
        return result
    }

    package init(membership: ClubMembershipService, now: @escaping @Sendable () -> Date) {
        self.membership = membership
        self.now = now
    }
}
