import Foundation
import Plot

/// The club page's meetings: the next ones with their times in the reader's zone, RSVP buttons,
/// a date poll's times to tick, and for the owner and admins a form to plan one (with a date, or
/// as a date poll), decide a poll and cancel. Every action is a plain form: no script needed.
extension ClubShow {
    public struct Meeting: Sendable, Equatable {
        public struct Option: Sendable, Equatable {
            public var id: UUID
            /// "Thursday 3 December, 19:00".
            public var when: String
            public var votes: Int
            /// "Ann, Bob".
            public var voters: String
            public var chosenByMe: Bool

            public init(id: UUID, when: String, votes: Int, voters: String, chosenByMe: Bool) {
                self.id = id
                self.when = when
                self.votes = votes
                self.voters = voters
                self.chosenByMe = chosenByMe
            }
        }

        public var id: UUID
        public var title: String
        /// poll, scheduled, over, cancelled.
        public var status: String
        /// "Thursday 3 December, 19:00–20:30"; nil for a poll.
        public var when: String?
        public var place: String?
        public var link: String?
        public var options: [Option]
        /// yes, no or maybe; nil before answering.
        public var myAnswer: String?
        /// "2 coming · 1 maybe · 1 not coming".
        public var counts: String
        /// "Ann: yes · Bob: maybe".
        public var answers: String

        public init(
            id: UUID, title: String, status: String, when: String?, place: String?, link: String?, options: [Option],
            myAnswer: String?, counts: String, answers: String
        ) {
            self.id = id
            self.title = title
            self.status = status
            self.when = when
            self.place = place
            self.link = link
            self.options = options
            self.myAnswer = myAnswer
            self.counts = counts
            self.answers = answers
        }
    }

    /// The "Plan a meeting" form as typed, kept when it was refused.
    public struct MeetingForm: Sendable, Equatable {
        public var title = FieldState()
        public var startsAt = FieldState()
        public var endsAt = FieldState()
        public var place = FieldState()
        public var link = FieldState()
        /// A date poll's times (three inputs).
        public var options = [FieldState(), FieldState(), FieldState()]
        /// Open the form when it carries an error.
        public var isOpen = false
        /// The reader's zone, in which the times are typed and shown.
        public var zone = "UTC"

        public init() {}
    }
}

extension ClubShow.View {
    static func meetings(_ model: ClubShow.Model) -> Node<HTML.BodyContext> {
        .section(
            .class("card"), .id("meetings"), .attribute(named: "aria-labelledby", value: "meetings-title"),
            .h2(.id("meetings-title"), "Meetings"),
            model.meetings.isEmpty
                ? .p(.class("empty"), model.runsTheClub ? "No meetings yet: plan one below." : "No meetings planned yet.")
                : .ul(.class("meetings"), .forEach(model.meetings) { meeting($0, model) }),
            .if(model.runsTheClub, planForm(model))
        )
    }

    static func meeting(_ meeting: ClubShow.Meeting, _ model: ClubShow.Model) -> Node<HTML.ListContext> {
        let csrf = model.session.csrfToken
        let open = meeting.status == "scheduled" || meeting.status == "poll"
        return .li(
            .class("row meeting meeting-\(meeting.status)"),
            .div(
                .class("row-main"),
                .h3(.class("title"), .userText(meeting.title)),
                .p(
                    .class("meta"),
                    .unwrap(meeting.when) { .userText($0) },
                    .if(meeting.status == "poll", .text("Date poll: choose the times that suit you")),
                    .if(meeting.status == "cancelled", .strong(" · Cancelled")),
                    .if(meeting.status == "over", .text(" · Over")),
                    .unwrap(meeting.place) { .group(.text(" · "), .userText($0)) }),
                .unwrap(meeting.link) { link in
                    .p(
                        .a(
                            .userAttribute("href", link), .userAttribute("aria-label", "Join \(meeting.title) online"),
                            .text("Join online")))
                },
                .if(meeting.status != "poll", .p(.class("meta"), .userText(meeting.counts))),
                .if(!meeting.answers.isEmpty && meeting.status != "poll", .p(.class("meta"), .userText(meeting.answers))),
                .if(meeting.status == "poll", pollForm(meeting, model)),
                .if(meeting.status == "scheduled", answerForm(meeting, csrf: csrf, clubID: model.id))),
            .if(
                model.runsTheClub && open,
                .div(
                    .class("row-actions"),
                    .form(
                        .action(SiteURL.clubMeetingCancel(model.id, meeting.id).path), .method(.post), .class("inline"),
                        .csrf(csrf),
                        .button(
                            .type(.submit), .userAttribute("aria-label", "Cancel \(meeting.title)"),
                            .text("Cancel meeting")))))
        )
    }

    static func answerForm(_ meeting: ClubShow.Meeting, csrf: String, clubID: UUID) -> Node<HTML.BodyContext> {
        let choices = [("yes", "Coming"), ("maybe", "Maybe"), ("no", "Not coming")]
        return .form(
            .action(SiteURL.clubMeetingAnswer(clubID, meeting.id).path), .method(.post), .class("inline answer"), .csrf(csrf),
            .fieldset(
                .element(named: "legend", nodes: [.text("Are you coming?")]),
                .forEach(choices) { value, label in
                    .button(
                        .type(.submit), .name("answer"), .value(value),
                        .attribute(named: "aria-pressed", value: meeting.myAnswer == value ? "true" : "false"),
                        .if(meeting.myAnswer == value, .class("primary")),
                        .text(meeting.myAnswer == value ? "\(label) ✓" : label))
                }))
    }

    static func pollForm(_ meeting: ClubShow.Meeting, _ model: ClubShow.Model) -> Node<HTML.BodyContext> {
        let csrf = model.session.csrfToken
        return .group(
            .form(
                .action(SiteURL.clubMeetingVotes(model.id, meeting.id).path), .method(.post), .csrf(csrf),
                .fieldset(
                    .element(named: "legend", nodes: [.text("Times that suit you")]),
                    .forEach(meeting.options) { option in
                        .div(
                            .class("check"),
                            .input(
                                .type(.checkbox), .name("options[]"), .value(option.id.uuidString),
                                .id("option-\(option.id.uuidString)"),
                                .attribute(named: "checked", value: option.chosenByMe ? "checked" : nil)),
                            .label(
                                .for("option-\(option.id.uuidString)"), .userText(option.when),
                                .text(" (\(option.votes) \(option.votes == 1 ? "vote" : "votes")"),
                                .if(!option.voters.isEmpty, .group(.text(": "), .userText(option.voters))), .text(")")))
                    }),
                .button(.type(.submit), .text("Save my times"))),
            .if(
                model.runsTheClub,
                .form(
                    .action(SiteURL.clubMeetingDecide(model.id, meeting.id).path), .method(.post), .csrf(csrf),
                    .div(
                        .class("field"),
                        .label(.for("decide-\(meeting.id.uuidString)"), "Decide the date"),
                        .select(
                            .id("decide-\(meeting.id.uuidString)"), .attribute(named: "name", value: "optionId"),
                            .forEach(meeting.options) { option in
                                .element(
                                    named: "option",
                                    nodes: [
                                        .userAttribute("value", option.id.uuidString),
                                        .userText("\(option.when) (\(option.votes))"),
                                    ])
                            })),
                    .button(.type(.submit), .class("primary"), .text("Decide"))))
        )
    }

    static func planForm(_ model: ClubShow.Model) -> Node<HTML.BodyContext> {
        let form = model.meetingForm
        return .element(
            named: "details",
            nodes: [
                .if(form.isOpen, .attribute(named: "open", value: "open")),
                .element(named: "summary", nodes: [.text("Plan a meeting")]),
                .form(
                    .action(SiteURL.clubMeetings(model.id).path), .method(.post), .csrf(model.session.csrfToken),
                    .field("Title", name: "title", state: form.title, required: true, id: "meeting-title"),
                    .p(.class("hint"), .userText("Times are in your time zone, \(form.zone).")),
                    .field(
                        "Starts", name: "startsAt", type: .datetimeLocal, state: form.startsAt, id: "meeting-starts"),
                    .field("Ends (optional)", name: "endsAt", type: .datetimeLocal, state: form.endsAt, id: "meeting-ends"),
                    .field("Place (optional)", name: "place", state: form.place, id: "meeting-place"),
                    .field("Video call link (optional)", name: "link", type: .url, state: form.link, id: "meeting-link"),
                    .fieldset(
                        .element(named: "legend", nodes: [.text("Or let members vote: leave Starts empty and offer times")]),
                        .forEach(Array(form.options.enumerated())) { index, state in
                            .field(
                                "Time \(index + 1)", name: "option\(index + 1)", type: .datetimeLocal, state: state,
                                id: "meeting-option-\(index + 1)")
                        }),
                    .button(.type(.submit), .class("primary"), .text("Plan it"))),
            ])
    }
}
