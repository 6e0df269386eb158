import DogearCore
import DogearServices
import DogearStore
import DogearViews
import Vapor

/// `/goals…`: the goal service behind pages. Forms post and come back with 303; a refused form is
/// shown again with what was typed and the message beside its field.
package struct GoalPages {
    /// The goal form as the browser sends it: every value a string, an unticked box absent.
    package struct GoalFormBody: Content {
        package var year: String?
        package var metric: String?
        package var target: String?
        package var genre: String?
        package var format: String?
        package var translated: String?
        package var authorGender: String?
        package var authorRegion: String?
        package var firstTimeAuthors: String?
        package var culturalGoal: String?
        package var culturalCategory: String?

        /// The API's request, so the page and the API are checked by the same rules.
        package func request() throws -> GoalInput {
            func number(_ text: String?, field: String) throws -> Int? {
                guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
                guard let value = Int(text) else { throw ValidationError(field: field, "must be a whole number; got \(text)") }
                return value
            }
            func choice<T: CaseIterable & RawRepresentable>(_ text: String?, _: T.Type, field: String) throws -> T?
            where T.RawValue == String {
                guard let text, !text.isEmpty else { return nil }
                return try T.parse(text, field: field)
            }
            var conditions = GoalConditions()
            conditions.genre = genre
            conditions.format = try choice(format, EditionFormat.self, field: "format")
            switch translated ?? "" {
            case "": conditions.translated = nil
            case "yes": conditions.translated = true
            case "no": conditions.translated = false
            case let other: throw ValidationError(field: "translated", "'\(other)' is not one of: yes, no")
            }
            conditions.authorGender = try choice(authorGender, AuthorGender.self, field: "authorGender")
            conditions.authorRegion = try choice(authorRegion, CulturalRegion.self, field: "authorRegion")
            conditions.firstTimeAuthors = firstTimeAuthors == "true"
            conditions.culturalGoal = culturalGoal == "true"
            conditions.culturalCategory = culturalCategory
            return GoalInput(
                year: try number(year, field: "year"), metric: metric, target: try number(target, field: "target"),
                conditions: conditions)
        }

        /// What was typed, back in the form.
        package var form: GoalsPage.Form {
            var form = GoalsPage.Form()
            form.year.value = year ?? ""
            form.metric.value = metric ?? GoalMetric.books.rawValue
            form.target.value = target ?? ""
            form.genre.value = genre ?? ""
            form.format.value = format ?? ""
            form.translated.value = translated ?? ""
            form.authorGender.value = authorGender ?? ""
            form.authorRegion.value = authorRegion ?? ""
            form.firstTimeAuthors = firstTimeAuthors == "true"
            form.culturalGoal = culturalGoal == "true"
            form.culturalCategory.value = culturalCategory ?? ""
            return form
        }
    }

    package func index(req: Request) async throws -> Response {
        let year = try Self.year(req)
        var form = GoalsPage.Form()
        form.year.value = String(year)
        return Response(html: GoalsPage.View.render(try await indexModel(req, year: year, form: form)))
    }

    package func create(req: Request) async throws -> Response {
        let body = try req.content.decode(GoalFormBody.self)
        do {
            let goal = try await req.goals().create(try body.request())
            return .seeOther(SiteURL.goals.with(query: [("year", String(goal.year))]))
        } catch let error as ValidationError {
            return try await refusedNew(req, body, error.message, error.field)
        } catch let error as DomainError where error.kind == .unprocessable {
            return try await refusedNew(req, body, PageErrorMiddleware.sentence(error.message), error.field)
        }
    }

    package func editPage(req: Request) async throws -> Response {
        let goal = try await req.goals().goal(try req.uuidParameter("id"))
        let model = GoalEdit.Model(goalID: goal.id, form: Self.form(goal), session: try req.requirePageSession())
        return Response(html: GoalEdit.View.render(model))
    }

    package func edit(req: Request) async throws -> Response {
        let id = try req.uuidParameter("id")
        let body = try req.content.decode(GoalFormBody.self)
        do {
            // Every condition the form shows is sent: an emptied one is removed, not kept.
            let goal = try await req.goals().update(id, try body.request())
            return .seeOther(SiteURL.goals.with(query: [("year", String(goal.year))]))
        } catch let error as ValidationError {
            var form = body.form
            form.place(error.message, field: error.field)
            let model = GoalEdit.Model(goalID: id, form: form, session: try req.requirePageSession())
            return Response(status: .unprocessableEntity, html: GoalEdit.View.render(model))
        }
    }

    package func delete(req: Request) async throws -> Response {
        let year = try await req.goals().delete(try req.uuidParameter("id"))
        return .seeOther(SiteURL.goals.with(query: [("year", String(year))]))
    }

    // MARK: building pages

    /// `?year=2026`, this year when absent; anything else is a bad request said in words.
    package static func year(_ req: Request) throws -> Int {
        guard let text = req.query[String.self, at: "year"], !text.isEmpty else { return try req.goals().today.year }
        guard let year = Int(text), GoalDraft.years.contains(year) else {
            throw PageError(status: .badRequest, message: "A year is four digits, like 2026.")
        }
        return year
    }

    private func indexModel(_ req: Request, year: Int, form: GoalsPage.Form) async throws -> GoalsPage.Model {
        let service = try req.goals()
        let all = try await service.goals(year: nil)
        let years = Array(Set(all.map(\.year) + [service.today.year])).sorted(by: >)
        return GoalsPage.Model(
            session: try req.requirePageSession(), year: year, years: years,
            goals: all.filter { $0.year == year }.map(Self.row), form: form)
    }

    private func refusedNew(_ req: Request, _ body: GoalFormBody, _ message: String, _ field: String?) async throws
        -> Response
    {
        var form = body.form
        form.place(message, field: field)
        let typed = Int(body.year ?? "").flatMap { GoalDraft.years.contains($0) ? $0 : nil }
        let year = try typed ?? req.goals().today.year
        return Response(
            status: .unprocessableEntity, html: GoalsPage.View.render(try await indexModel(req, year: year, form: form)))
    }

    package static func row(_ goal: GoalRecord) -> GoalsPage.Row {
        let progress = goal.progress
        let unit = GoalMetric(rawValue: goal.metric)?.unit ?? goal.metric
        let running = progress.daysLeft > 0 && progress.standing != "notStarted" && progress.standing != "complete"
        let expected = running ? "\(Chart.grouped(progress.expectedByToday)) expected by today" : nil
        var pace: String?
        if running, let perWeek = progress.neededPerWeek, let perDay = progress.neededPerDay {
            // Whole numbers read better; a small pace is given per week rather than as "0.1 a day".
            pace =
                perDay >= 1
                ? "\(Self.amount(perDay)) \(unit) a day to finish on time"
                : "\(Self.amount(perWeek)) \(unit) a week to finish on time"
        }
        return GoalsPage.Row(
            id: goal.id, summary: goal.summary, done: progress.done, target: progress.target, percent: progress.percent,
            standing: HomePage.standing(progress), expected: expected, pace: pace)
    }

    /// 2 → "2", 1.43 → "1.4".
    package static func amount(_ value: Double) -> String {
        value.rounded() == value ? String(Int(value)) : String(format: "%.1f", value)
    }

    /// A saved goal, as the form shows it.
    package static func form(_ goal: GoalRecord) -> GoalsPage.Form {
        var form = GoalsPage.Form()
        let conditions = goal.conditions
        form.year.value = String(goal.year)
        form.metric.value = goal.metric
        form.target.value = String(goal.target)
        form.genre.value = conditions.genre ?? ""
        form.format.value = conditions.format?.rawValue ?? ""
        form.translated.value = conditions.translated.map { $0 ? "yes" : "no" } ?? ""
        form.authorGender.value = conditions.authorGender?.rawValue ?? ""
        form.authorRegion.value = conditions.authorRegion?.rawValue ?? ""
        form.firstTimeAuthors = conditions.firstTimeAuthors == true
        form.culturalGoal = conditions.culturalGoal == true
        form.culturalCategory.value = conditions.culturalCategory ?? ""
        return form
    }
}
