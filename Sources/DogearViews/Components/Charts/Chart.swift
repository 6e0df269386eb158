import Foundation
import Plot

/// Charts drawn on the server as SVG: no chart script and no library, so they show without a
/// script and print. Every chart is a `<figure>` holding an `<svg role="img">` with its `<title>` and
/// `<desc>` (what a screen reader says), and next to it the same numbers as a table (in a
/// `<details>`, open to anyone, with or without a script). Colours come from classes the stylesheet
/// maps to the palette, light and dark, never from inline styles (the Content-Security-Policy).
public enum Chart {
    /// One labelled number.
    public struct Point: Sendable, Equatable {
        public var label: String
        public var value: Int
        public init(_ label: String, _ value: Int) {
            self.label = label
            self.value = value
        }
    }

    /// A chart's words: `id` makes the title and desc ids unique on the page.
    public struct Caption: Sendable, Equatable {
        public var id: String
        public var title: String
        public var summary: String
        public init(id: String, title: String, summary: String) {
            self.id = id
            self.title = title
            self.summary = summary
        }
    }

    /// The figure around an SVG body and its table.
    static func figure(
        _ caption: Caption, width: Int, height: Int, kind: String, svg: [Node<HTML.BodyContext>],
        table: Node<HTML.BodyContext>, note: String? = nil
    ) -> Node<HTML.BodyContext> {
        .element(
            named: "figure",
            nodes: [
                .class("chart chart-\(kind)"), .id("chart-\(caption.id)"),
                .element(
                    named: "svg",
                    nodes: [
                        .attribute(named: "xmlns", value: "http://www.w3.org/2000/svg"),
                        .attribute(named: "viewBox", value: "0 0 \(width) \(height)"),
                        .attribute(named: "role", value: "img"),
                        .attribute(named: "aria-labelledby", value: "\(caption.id)-title \(caption.id)-desc"),
                        .attribute(named: "focusable", value: "false"),
                        .element(named: "title", nodes: [.id("\(caption.id)-title"), .userText(caption.title)]),
                        .element(named: "desc", nodes: [.id("\(caption.id)-desc"), .userText(caption.summary)]),
                    ] + svg),
                .element(named: "figcaption", nodes: [.userText(caption.title)]),
                .unwrap(note) { .p(.class("chart-note"), .userText($0)) },
                .element(
                    named: "details",
                    nodes: [.class("chart-table"), .element(named: "summary", nodes: [.text("The numbers")]), table]),
            ])
    }

    /// A two-column table: what, how many.
    static func table(_ caption: String, header: (String, String), rows: [(String, String)]) -> Node<HTML.BodyContext> {
        .table(
            .caption(.userText(caption)),
            .thead(
                .tr(
                    .th(.attribute(named: "scope", value: "col"), .text(header.0)),
                    .th(.attribute(named: "scope", value: "col"), .text(header.1)))),
            .tbody(
                .forEach(rows) { row in
                    .tr(.th(.attribute(named: "scope", value: "row"), .userText(row.0)), .td(.userText(row.1)))
                })
        )
    }

    static func rect(x: Double, y: Double, width: Double, height: Double, className: String, label: String? = nil)
        -> Node<HTML.BodyContext>
    {
        .element(
            named: "rect",
            nodes: [
                .attribute(named: "x", value: number(x)), .attribute(named: "y", value: number(y)),
                .attribute(named: "width", value: number(width)), .attribute(named: "height", value: number(height)),
                .class(className),
                .unwrap(label) { .element(named: "title", nodes: [.userText($0)]) },
            ])
    }

    static func text(_ value: String, x: Double, y: Double, anchor: String = "middle", className: String = "axis")
        -> Node<HTML.BodyContext>
    {
        .element(
            named: "text",
            nodes: [
                .attribute(named: "x", value: number(x)), .attribute(named: "y", value: number(y)),
                .attribute(named: "text-anchor", value: anchor), .class(className), .userText(value),
            ])
    }

    static func line(x1: Double, y1: Double, x2: Double, y2: Double, className: String) -> Node<HTML.BodyContext> {
        .element(
            named: "line",
            nodes: [
                .attribute(named: "x1", value: number(x1)), .attribute(named: "y1", value: number(y1)),
                .attribute(named: "x2", value: number(x2)), .attribute(named: "y2", value: number(y2)), .class(className),
            ])
    }

    /// Coordinates with one decimal at most, the same on every machine (snapshot tests compare them).
    static func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.1f", rounded)
    }

    /// "books" → "book", for a count of one.
    static func singular(_ unit: String) -> String { unit.hasSuffix("s") ? String(unit.dropLast()) : unit }

    /// "12,345": thousands grouped the same way everywhere (`Figures`).
    public static func grouped(_ value: Int) -> String { Figures.count(value) }
}
