import DogearCore
import Foundation
import Plot

/// `/goals?year=2026`: the year's goals with how far each has come, and a form to set another;
/// `/goals/{id}/edit` changes or deletes one. Plain forms that post and come back with 303, so
/// they work without a script; a refused form is shown again with what was typed.
public enum GoalsPage {
    /// A goal as the page lists it.
    public struct Row: Sendable, Equatable {
        public var id: UUID
        /// "24 books · fantasy · by female authors".
        public var summary: String
        public var done: Int
        public var target: Int
        public var percent: Int
        /// "3 ahead of a steady pace", "done", …
        public var standing: String
        /// "4 expected by today", or nil when the year is over or not begun.
        public var expected: String?
        /// "about 2 a week to finish on time", or nil when there is nothing left to pace.
        public var pace: String?

        public init(
            id: UUID, summary: String, done: Int, target: Int, percent: Int, standing: String, expected: String?,
            pace: String?
        ) {
            self.id = id
            self.summary = summary
            self.done = done
            self.target = target
            self.percent = percent
            self.standing = standing
            self.expected = expected
            self.pace = pace
        }
    }

    /// What the goal form holds: what the reader typed, and what was wrong with it.
    public struct Form: Sendable, Equatable {
        public var year = FieldState()
        public var metric = FieldState(GoalMetric.books.rawValue)
        public var target = FieldState()
        public var genre = FieldState()
        public var format = FieldState()
        /// "", "yes" or "no".
        public var translated = FieldState()
        public var authorGender = FieldState()
        public var authorRegion = FieldState()
        public var firstTimeAuthors = false
        public var culturalGoal = false
        public var culturalCategory = FieldState()
        /// A message for the whole form (too many goals, …).
        public var error: String?

        public init() {}

        /// The message beside the field it names (`conditions.genre` → genre), or above the form.
        public mutating func place(_ message: String, field: String?) {
            switch field?.replacingOccurrences(of: "conditions.", with: "") {
            case "year": year.error = message
            case "metric": metric.error = message
            case "target": target.error = message
            case "genre": genre.error = message
            case "format": format.error = message
            case "translated": translated.error = message
            case "authorGender": authorGender.error = message
            case "authorRegion": authorRegion.error = message
            case "culturalCategory": culturalCategory.error = message
            default: error = message
            }
        }
    }

    public struct Model: Sendable, Equatable {
        public var session: PageSession
        public var year: Int
        /// Years the reader has goals in, for the picker (this year always among them).
        public var years: [Int]
        public var goals: [Row]
        public var form: Form

        public init(session: PageSession, year: Int, years: [Int], goals: [Row], form: Form) {
            self.session = session
            self.year = year
            self.years = years
            self.goals = goals
            self.form = form
        }
    }

    public enum View {
        public static func render(_ model: Model) -> HTML {
            PageLayout.page(
                title: "Goals", session: model.session, csrfToken: model.session.csrfToken, active: .goals,
                .group(
                    .h1(.text("Goals · \(model.year)")),
                    picker(model),
                    list(model),
                    .section(
                        .id("new-goal"), .class("card"), .h2("Set a goal"),
                        .p(
                            .class("hint"),
                            "Count books, pages, minutes or authors; narrow it with conditions, and only books that meet all of them count."
                        ),
                        form(model.form, action: SiteURL.goals, submit: "Set the goal", csrf: model.session.csrfToken))
                ))
        }

        static func picker(_ model: Model) -> Node<HTML.BodyContext> {
            let years = Array(Set(model.years + [model.year])).sorted(by: >)
            guard years.count > 1 else { return .empty }
            return .nav(
                .class("year-links"), .attribute(named: "aria-label", value: "Years"),
                .ul(
                    .forEach(years) { year in
                        .li(
                            .a(
                                .href(SiteURL.goals.with(query: [("year", String(year))])),
                                .if(year == model.year, .attribute(named: "aria-current", value: "page")),
                                .text(String(year))))
                    }))
        }

        static func list(_ model: Model) -> Node<HTML.BodyContext> {
            guard !model.goals.isEmpty else {
                return .section(.id("goals"), .p(.class("empty"), .text("No goals for \(model.year) yet.")))
            }
            return .section(
                .id("goals"), .attribute(named: "aria-label", value: "Your goals"),
                .ul(.class("list"), .forEach(model.goals) { row($0, csrf: model.session.csrfToken) }))
        }

        /// What a goal is and how far it has come: the list here, home and the year page draw it alike.
        /// `heading`: the title is the list item's heading (on `/goals`, where each goal has actions).
        public static func progress(_ goal: Row, heading: Bool = false) -> Node<HTML.BodyContext> {
            .group(
                heading ? .h2(.class("title"), .userText(goal.summary)) : .p(.class("title"), .userText(goal.summary)),
                .progressBar(Double(goal.percent) / 100, label: "Progress toward \(goal.summary)"),
                .p(.class("meta"), .text("\(Chart.grouped(goal.done)) of \(Chart.grouped(goal.target)) · \(goal.standing)")))
        }

        static func row(_ goal: Row, csrf: String) -> Node<HTML.ListContext> {
            let details = [goal.expected, goal.pace].compactMap { $0 }
            return .li(
                .class("goal"),
                progress(goal, heading: true),
                .if(!details.isEmpty, .p(.class("meta"), .text(details.joined(separator: " · ")))),
                .div(
                    .class("actions"),
                    .a(
                        .href(SiteURL.editGoal(goal.id).path), .text("Edit"),
                        .span(.class("visually-hidden"), .userText(" \(goal.summary)"))),
                    .form(
                        .action(SiteURL.deleteGoal(goal.id).path), .method(.post), .class("inline"), .csrf(csrf),
                        .button(
                            .type(.submit), .class("link danger"),
                            .attribute(named: "data-confirm", value: "Delete this goal?"), .text("Delete"),
                            .span(.class("visually-hidden"), .userText(" \(goal.summary)"))))
                ))
        }

        /// The goal's fields; the new-goal form and the edit page share them.
        static func form(_ form: Form, action: SiteURL, submit: String, csrf: String) -> Node<HTML.BodyContext> {
            .form(
                .action(action.path), .method(.post), .class("goal-form"), .csrf(csrf),
                .unwrap(form.error) { .p(.class("form-error"), .attribute(named: "role", value: "alert"), .userText($0)) },
                .div(
                    .class("goal-core"),
                    .field(
                        "Year", name: "year", type: .number, state: form.year, required: true,
                        extra: [.attribute(named: "min", value: "1900"), .attribute(named: "max", value: "9999")]),
                    .selectField(
                        "Count", name: "metric", state: form.metric,
                        options: GoalMetric.allCases.map { ($0.rawValue, $0.unit.capitalized) }),
                    .field(
                        "Target", name: "target", type: .number, state: form.target, required: true,
                        extra: [.attribute(named: "min", value: "1"), .attribute(named: "inputmode", value: "numeric")])
                ),
                conditions(form),
                .button(.type(.submit), .class("primary"), .text(submit)))
        }

        static func conditions(_ form: Form) -> Node<HTML.FormContext> {
            let formats: [(String, String)] = [("", "Any format")] + EditionFormat.allCases.map { ($0.rawValue, $0.label) }
            let translated: [(String, String)] = [
                ("", "Either"), ("yes", "Translated works only"), ("no", "Untranslated works only"),
            ]
            let genders: [(String, String)] =
                [("", "Any")] + AuthorGender.allCases.filter { $0 != .unknown }.map { ($0.rawValue, $0.label) }
            let regions: [(String, String)] = [("", "Any")] + CulturalRegion.allCases.map { ($0.rawValue, $0.label) }
            let genre: Node<HTML.FormContext> = .field(
                "Genre", name: "genre", state: form.genre, hint: "One of the book's genres, like Fantasy")
            let category: Node<HTML.FormContext> = .field(
                "Cultural goal category", name: "culturalCategory", state: form.culturalCategory,
                hint: "Optional; only books marked with this category")
            let choices: Node<HTML.FormContext> = .group(
                .selectField("Format", name: "format", state: form.format, options: formats),
                .selectField("Translated", name: "translated", state: form.translated, options: translated),
                .selectField("Author's gender", name: "authorGender", state: form.authorGender, options: genders),
                .selectField("Author's cultural region", name: "authorRegion", state: form.authorRegion, options: regions))
            let checks: Node<HTML.FormContext> = .group(
                check("firstTimeAuthors", "Only authors I have not finished a book by before", form.firstTimeAuthors),
                check("culturalGoal", "Only books I marked as counting toward a cultural goal", form.culturalGoal))
            return .fieldset(
                .class("conditions"), .element(named: "legend", nodes: [.text("Conditions (optional)")]), genre, choices, checks,
                category)
        }

        static func check(_ name: String, _ label: String, _ checked: Bool) -> Node<HTML.FormContext> {
            .div(
                .class("field"),
                .label(
                    .class("check"),
                    .input(
                        .type(.checkbox), .name(name), .value("true"),
                        .attribute(named: "checked", value: checked ? "checked" : nil)),
                    .text(label)))
        }
    }
}

/// `/goals/{id}/edit`: one goal's form, and the button that deletes it.
public enum GoalEdit {
    public struct Model: Sendable, Equatable {
        public var goalID: UUID
        public var form: GoalsPage.Form
        public var session: PageSession

        public init(goalID: UUID, form: GoalsPage.Form, session: PageSession) {
            self.goalID = goalID
            self.form = form
            self.session = session
        }
    }

    public enum View {
        public static func render(_ model: Model) -> HTML {
            PageLayout.page(
                title: "Edit goal", session: model.session, csrfToken: model.session.csrfToken, active: .goals,
                .div(
                    .class("card narrow"),
                    .h1("Edit goal"),
                    GoalsPage.View.form(
                        model.form, action: .editGoal(model.goalID), submit: "Save", csrf: model.session.csrfToken),
                    .form(
                        .action(SiteURL.deleteGoal(model.goalID).path), .method(.post), .class("danger-zone"),
                        .csrf(model.session.csrfToken),
                        .button(
                            .type(.submit), .class("danger"), .attribute(named: "data-confirm", value: "Delete this goal?"),
                            .text("Delete the goal"))),
                    .a(.href(SiteURL.goals.path), "Back to your goals")
                ))
        }
    }
}
