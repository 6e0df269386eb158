import DogearCore
import Foundation
import Plot

extension Node where Context == HTML.FormContext {
    /// The time zone, chosen from the zones this server knows (A–Z) rather than typed; on the
    /// first-run page the script picks the browser's own while the field still says UTC.
    static func timeZoneField(_ state: FieldState, hint: String, browserDefault: Bool = false) -> Node {
        let id = "field-timeZone"
        var zones = TimeZone.knownTimeZoneIdentifiers.sorted()
        if !state.value.isEmpty, !zones.contains(state.value) { zones.insert(state.value, at: 0) }
        if !zones.contains("UTC") { zones.insert("UTC", at: 0) }
        return .div(
            .class(state.error == nil ? "field" : "field has-error"),
            .label(.for(id), "Time zone"),
            .select(
                .id(id), .attribute(named: "name", value: "timeZone"),
                .attribute(named: "aria-describedby", value: state.error == nil ? "\(id)-hint" : "\(id)-hint \(id)-error"),
                .if(state.error != nil, .attribute(named: "aria-invalid", value: "true")),
                .if(browserDefault, .attribute(named: "data-browser-time-zone", value: "UTC")),
                .forEach(zones) { zone in
                    .element(
                        named: "option",
                        nodes: [
                            .userAttribute("value", zone), .if(zone == state.value, .attribute(named: "selected")),
                            .userText(zone.replacingOccurrences(of: "_", with: " ")),
                        ])
                }),
            .p(.id("\(id)-hint"), .class("hint"), .text(hint)),
            .unwrap(state.error) {
                .p(.id("\(id)-error"), .class("error"), .attribute(named: "role", value: "alert"), .userText($0))
            })
    }

    /// Genres the reader likes: the starters to tick, and any other typed. They seed discovery.
    static func genreFields(ticked: Set<String>, other: FieldState) -> Node {
        .group(
            .fieldset(
                .class("genres"),
                .element(named: "legend", nodes: [.text("Genres you like")]),
                .forEach(GenreChoices.starters) { genre in
                    .label(
                        .class("check"),
                        .input(
                            .type(.checkbox), .name("genres[]"), .userAttribute("value", genre),
                            .attribute(named: "checked", value: ticked.contains(genre) ? "checked" : nil)),
                        .userText(genre))
                }),
            .field("Other genres", name: "otherGenres", state: other, hint: "Separated by commas, like Cosy crime, Essays"))
    }
}

extension GenreChoices {
    /// A reader's saved genres split for the form: the starters ticked, the rest typed.
    public static func split(_ saved: [String]) -> (ticked: Set<String>, other: String) {
        let starters = Set(starters)
        return (Set(saved.filter(starters.contains)), saved.filter { !starters.contains($0) }.joined(separator: ", "))
    }
}
