import DogearCore
import DogearServices
import DogearStore
import DogearViews
import Fluent
import Vapor

/// Builds the club pages' models from the club services (the same answers the API gives), and says
/// the feed in sentences.
package struct ClubPageModels {
    package let req: Request

    package func show(_ id: UUID) async throws -> ClubShow.Model {
        let club = try await req.clubs().club(id)
        let user = try req.currentUser()
        let userID = try user.requireID()
        let session = try req.requirePageSession()
        var entryID: UUID?
        if let workID = club.currentBook?.work.id {
            entryID = try await LibraryEntry.query(on: req.db).filter(\.$user.$id == userID).filter(\.$work.$id == workID)
                .first()?.id
        }
        let book = club.currentBook.map { current in
            ClubShow.Book(
                title: current.work.title, authors: current.work.authors.map(\.name), coverUrl: current.coverUrl,
                startedOn: current.startedOn, entryID: entryID)
        }
        var model = ClubShow.Model(
            id: id, name: club.name, description: club.description, coverUrl: club.coverUrl, isPublic: club.isPublic,
            memberCount: club.memberCount, booksCompleted: club.booksCompleted, role: club.role, book: book, session: session)
        guard club.role != nil else { return model }

        let zone = TimeZone(identifier: user.timeZone) ?? .gmt
        let reading = try req.clubReading()
        let members = try await reading.members(of: id)
        model.members = members.map { member in
            ClubShow.Member(
                id: member.user.id, name: member.user.displayName, role: member.role,
                progressText: member.progress.map(Self.describe), fraction: Self.fraction(member.progress),
                standing: member.progress?.standing, isYou: member.user.id == userID)
        }
        model.hidesProgress = members.first { $0.user.id == userID }?.hidesProgress ?? false
        let schedule = try await reading.schedule(of: id)
        model.milestones = schedule.milestones.map(Self.describe)
        if let page = schedule.expectedPage {
            model.scheduleText = "Where the club should be today: page \(page)"
        } else if let percent = schedule.expectedPercent {
            model.scheduleText = "Where the club should be today: \(percent)%"
        }

        let feed = try req.clubFeed()
        let feedCursor: String? = req.query["feed"]
        let activity = try await feed.activity(in: id, before: feedCursor.flatMap(Int.init))
        model.feed = activity.items.map {
            ClubShow.FeedItem(
                id: $0.id, sentence: Self.sentence($0), when: HumanDates.relative($0.createdAt, now: req.now, in: zone),
                exact: Self.when($0.createdAt, zone))
        }
        model.feedMore = activity.nextCursor
        let commentsCursor: String? = req.query["comments"]
        let reveal: String? = req.query["reveal"]
        let comments = try await feed.comments(
            in: id, before: commentsCursor.flatMap(UUID.init(uuidString:)), reveal: reveal.flatMap(UUID.init(uuidString:)))
        model.comments = comments.items.map { Self.comment($0, zone, now: req.now) }
        model.commentsMore = comments.nextCursor
        model.proposals = try await req.clubProposals().proposals(in: id).map {
            ClubShow.Proposal(
                id: $0.id, title: $0.work.title, authors: $0.work.authors.map(\.name), proposer: $0.proposer.displayName,
                votes: $0.votes, votedByMe: $0.votedByMe)
        }
        model.meetings = try await req.clubMeetings().meetings(in: id).map { ClubMeetingPageModels.meeting($0, zone) }
        model.meetingForm.zone = user.timeZone
        model.choices = try await choices(userID)
        if let code = club.joinCode {
            model.invite = ClubShow.Invite(code: code, link: req.baseURL + SiteURL.joinByCode(code).path)
        }
        let typed = (req.query[String.self, at: "book"] ?? "").trimmingCharacters(in: .whitespaces)
        if model.runsTheClub, !typed.isEmpty {
            // The reader's own books first, then the catalog's and the sources'; a result with
            // neither a work nor an ISBN cannot be named to the club, so it is not offered.
            var search = try await AddSearchPages.search(typed, req)
            search.results = search.results.filter { $0.workID != nil || $0.isbn13 != nil }
                .sorted { ($0.inLibrary != nil ? 0 : 1) < ($1.inLibrary != nil ? 0 : 1) }
            model.bookSearch = search
        }
        return model
    }

    package func settings(_ id: UUID) async throws -> ClubSettings.Model {
        let club = try await req.clubs().club(id)
        guard let role = club.role, let code = club.joinCode else {
            // Settings are for members; a public club's outsider is refused like the API refuses them.
            throw DomainError(.forbidden, code: .forbidden, "only the club's members can open its settings")
        }
        var form = ClubForm.Model(clubID: id, session: try req.requirePageSession())
        form.fields = ProfileFields(
            name: club.name, description: club.description, picture: club.coverUrl, isPublic: club.isPublic)
        form.approvesJoins = club.approvesJoins
        let members = try await req.clubReading().members(of: id)
        let schedule = try await req.clubReading().schedule(of: id)
        // Who was removed and who asks to join: for the owner and admins (Core's ClubAccess).
        let runsTheClub =
            ClubAccess.decide(
                .manageRemovals, by: ClubMember.Role(rawValue: role).map(ClubMembershipService.actor) ?? .member,
                isPublic: club.isPublic) == .allow
        let removals = runsTheClub ? try await req.clubMembership().removals(of: id) : []
        let asking = runsTheClub ? try await req.clubMembership().joinRequests(of: id) : []
        var model = ClubSettings.Model(
            form: form, name: club.name, role: role, joinCode: code, inviteLink: req.baseURL + SiteURL.joinByCode(code).path,
            members: members.map { ClubSettings.Member(id: $0.user.id, name: $0.user.displayName, role: $0.role) },
            hasBook: club.currentBook != nil,
            milestones: schedule.milestones.map {
                ClubSettings.MilestoneRow(label: $0.label ?? "", page: $0.page.map(String.init) ?? "", dueOn: $0.dueOn)
            })
        model.removals = removals.map { ClubSettings.Member(id: $0.userID, name: $0.displayName, role: "removed") }
        model.joinRequests = asking.map { ClubSettings.Member(id: $0.userID, name: $0.displayName, role: "asked") }
        return model
    }

    /// The reader's books to propose, A–Z (at most 200; the current book is chosen by a search).
    private func choices(_ userID: UUID) async throws -> [ClubShow.Choice] {
        let rows = try await req.db.sql.raw(
            """
            SELECT w.id AS id, w.title AS title FROM library_entries e JOIN works w ON w.id = e.work_id
            WHERE e.user_id = \(bind: userID) ORDER BY w.title, e.id LIMIT 200
            """
        ).all()
        return try rows.map {
            ClubShow.Choice(
                workID: try $0.decode(column: "id", as: UUID.self), title: try $0.decode(column: "title", as: String.self))
        }
    }

    // MARK: words

    package static func describe(_ progress: ClubMemberRecord.Progress) -> String {
        switch progress.state {
        case "reading":
            if let page = progress.page, let of = progress.pageCount { return "Page \(page) of \(of)" }
            if let page = progress.page { return "Page \(page)" }
            return "\(progress.percent ?? 0)%"
        case "finished": return "Finished"
        case "abandoned": return "Stopped reading"
        case "hidden": return "Keeps their progress to themselves"
        default: return "Not started"
        }
    }

    package static func fraction(_ progress: ClubMemberRecord.Progress?) -> Double? {
        guard let progress, progress.state != "hidden", progress.state != "notStarted" else { return nil }
        return Double(progress.percent ?? 0) / 100
    }

    package static func describe(_ milestone: ClubScheduleRecord.Milestone) -> String {
        var what = milestone.label ?? ""
        if let page = milestone.page { what += what.isEmpty ? "Up to page \(page)" : " (to page \(page))" }
        if let percent = milestone.percent { what += what.isEmpty ? "\(Int(percent))%" : " (\(Int(percent))%)" }
        return "\(what) by \(milestone.dueOn)"
    }

    package static func sentence(_ activity: ClubActivityRecord) -> String {
        let who = activity.actor.displayName
        let book = activity.book?.title ?? "the book"
        switch activity.kind {
        case "joined": return "\(who) joined the club"
        case "left": return "\(who) left the club"
        case "clubStartedBook": return "\(who) chose \(book) as the club's book"
        case "addedBook": return "\(who) added \(book) to their library"
        case "started": return "\(who) started \(book)"
        case "progressed": return "\(who) is \(activity.amount ?? 0)% through \(book)"
        case "finished": return "\(who) finished \(book)"
        case "abandoned": return "\(who) stopped reading \(book)"
        case "rated": return "\(who) rated \(book) \(activity.amount ?? 0) of 5"
        case "proposed": return "\(who) proposed \(book) for next"
        case "votesClosed": return "\(who) closed the vote: \(book) is next"
        case "commented":
            if let place = activity.comment?.hiddenUntil { return "\(who) commented about \(place)" }
            return "\(who) commented"
        default: return "\(who) did something"
        }
    }

    package static func comment(_ dto: ClubCommentRecord, _ zone: TimeZone, now: Date) -> ClubShow.Comment {
        var place: String?
        if let page = dto.page { place = "about page \(page)" }
        if let percent = dto.percent { place = "about \(Int(percent.rounded()))%" }
        return ClubShow.Comment(
            id: dto.id, author: dto.author.displayName, when: HumanDates.relative(dto.createdAt, now: now, in: zone),
            placeText: place, body: dto.body, hiddenUntil: dto.hiddenUntil, edited: dto.editedAt != nil, mayEdit: dto.mayEdit,
            mayDelete: dto.mayDelete, replies: dto.replies.map { comment($0, zone, now: now) }, exact: when(dto.createdAt, zone))
    }

    /// "14 Mar 2026, 10:30" in the reader's time zone.
    /// "14 Mar 2026, 09:41": an exact time (a device's last use, a hover's title).
    package static func when(_ date: Date, _ zone: TimeZone) -> String {
        HumanDates.exact(date, in: zone)
    }
}
