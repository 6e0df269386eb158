import DogearCore
import DogearServices
import DogearViews
import Vapor

/// The club page's meeting forms: plan (with a date, or as a date poll), answer, vote, decide,
/// cancel. Each calls `ClubMeetingService`, as the API does, and comes back to the page's meetings.
extension ClubPages {
    /// "Plan a meeting": times typed in the reader's zone (`datetime-local`), up to three poll times.
    package struct PlanMeetingForm: Content {
        package var title: String?
        package var startsAt: String?
        package var endsAt: String?
        package var place: String?
        package var link: String?
        package var option1: String?
        package var option2: String?
        package var option3: String?

        var optionTexts: [String?] { [option1, option2, option3] }

        /// The draft, times read in `zone`; a time that cannot be read names its input.
        func draft(in zone: TimeZone, named zoneName: String) throws -> MeetingDraft {
            func time(_ text: String?, field: String) throws -> Date? {
                guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
                guard let date = LocalDateTime.parse(text, in: zone) else {
                    throw ValidationError(field: field, "give a date and time, such as 2026-12-03 19:00")
                }
                return date
            }
            var options: [Date] = []
            for (index, text) in optionTexts.enumerated() {
                if let date = try time(text, field: "option\(index + 1)") { options.append(date) }
            }
            let start = try time(startsAt, field: "startsAt")
            return MeetingDraft(
                title: title, startsAt: start, endsAt: try time(endsAt, field: "endsAt"), place: place, link: link,
                timeZone: zoneName, options: options.isEmpty ? nil : options)
        }

        /// The form as typed, with the refusal at its input.
        func state(_ error: ValidationError, zone: String) -> ClubShow.MeetingForm {
            var form = ClubShow.MeetingForm()
            form.zone = zone
            form.isOpen = true
            form.title = FieldState(title ?? "")
            form.startsAt = FieldState(startsAt ?? "")
            form.endsAt = FieldState(endsAt ?? "")
            form.place = FieldState(place ?? "")
            form.link = FieldState(link ?? "")
            form.options = optionTexts.map { FieldState($0 ?? "") }
            switch error.field {
            case "title": form.title.error = error.message
            case "endsAt": form.endsAt.error = error.message
            case "place": form.place.error = error.message
            case "link": form.link.error = error.message
            case "option1", "options", "options[0]": form.options[0].error = error.message
            case "option2", "options[1]": form.options[1].error = error.message
            case "option3", "options[2]": form.options[2].error = error.message
            default: form.startsAt.error = error.message
            }
            return form
        }
    }

    package func planMeeting(req: Request) async throws -> Response {
        let id = try req.clubIDParameter()
        let form = try req.content.decode(PlanMeetingForm.self)
        // The zone's own name: Foundation calls UTC "GMT" on Linux.
        let zoneName = try req.currentUser().timeZone
        let zone = TimeZone(identifier: zoneName) ?? .gmt
        do {
            _ = try await req.clubMeetings().create(in: id, try form.draft(in: zone, named: zoneName), milestoneID: nil)
            return .seeOther(SiteURL.club(id).with(fragment: "meetings"))
        } catch let error as ValidationError {
            return try await refusedOnShow(req, id) { $0.meetingForm = form.state(error, zone: zoneName) }
        }
    }

    package func answerMeeting(req: Request) async throws -> Response {
        struct Form: Content { var answer: String? }
        let id = try req.clubIDParameter()
        _ = try await req.clubMeetings().answer(try req.uuidParameter("meetingId"), try req.content.decode(Form.self).answer)
        return .seeOther(SiteURL.club(id).with(fragment: "meetings"))
    }

    package func voteOnMeeting(req: Request) async throws -> Response {
        struct Form: Content { var options: [String]? }
        let id = try req.clubIDParameter()
        let chosen = try (try req.content.decode(Form.self).options ?? []).map { raw in
            guard let option = UUID(uuidString: raw) else {
                throw ValidationError(field: "options", "choose from the times offered")
            }
            return option
        }
        _ = try await req.clubMeetings().vote(try req.uuidParameter("meetingId"), optionIDs: chosen)
        return .seeOther(SiteURL.club(id).with(fragment: "meetings"))
    }

    package func decideMeeting(req: Request) async throws -> Response {
        struct Form: Content { var optionId: String? }
        let id = try req.clubIDParameter()
        let option = try req.content.decode(Form.self).optionId.flatMap(UUID.init(uuidString:))
        _ = try await req.clubMeetings().decide(try req.uuidParameter("meetingId"), optionID: option)
        return .seeOther(SiteURL.club(id).with(fragment: "meetings"))
    }

    package func cancelMeeting(req: Request) async throws -> Response {
        let id = try req.clubIDParameter()
        try await req.clubMeetings().cancel(try req.uuidParameter("meetingId"))
        return .seeOther(SiteURL.club(id).with(fragment: "meetings"))
    }
}

/// A meeting as the club page shows it, its times in the reader's zone.
enum ClubMeetingPageModels {
    static func meeting(_ record: MeetingRecord, _ zone: TimeZone) -> ClubShow.Meeting {
        let answerWords: [MeetingAnswer: String] = [.yes: "coming", .maybe: "maybe", .no: "not coming"]
        var when = record.startsAt.map { time($0, zone) }
        if let start = record.startsAt, let end = record.endsAt, var text = when {
            let sameDay = LocalDate(start, in: zone) == LocalDate(end, in: zone)
            text += "–" + (sameDay ? clock(end, zone) : time(end, zone))
            when = text
        }
        return ClubShow.Meeting(
            id: record.id, title: record.title, status: record.state.rawValue, when: when, place: record.place,
            link: record.link,
            options: record.options.map {
                ClubShow.Meeting.Option(
                    id: $0.id, when: time($0.startsAt, zone), votes: $0.voters.count,
                    voters: $0.voters.map(\.displayName).joined(separator: ", "), chosenByMe: $0.chosenByMe)
            },
            myAnswer: record.myAnswer?.rawValue,
            counts: "\(record.count(.yes)) coming · \(record.count(.maybe)) maybe · \(record.count(.no)) not coming",
            answers: record.answers.map { "\($0.person.displayName): \(answerWords[$0.answer] ?? "")" }.joined(separator: " · "))
    }

    /// "Thursday 3 December 2026, 19:00".
    static func time(_ date: Date, _ zone: TimeZone) -> String {
        format(date, zone, "EEEE d MMMM yyyy, HH:mm")
    }

    static func clock(_ date: Date, _ zone: TimeZone) -> String { format(date, zone, "HH:mm") }

    private static func format(_ date: Date, _ zone: TimeZone, _ pattern: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_GB")
        formatter.timeZone = zone
        formatter.dateFormat = pattern
        return formatter.string(from: date)
    }
}
