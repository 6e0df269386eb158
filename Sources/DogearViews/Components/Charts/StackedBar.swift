import Foundation
import Plot

/// Shares of a whole as one horizontal bar cut into segments (books by author gender, by region),
/// with a legend. Only the known books are in the bar; the unknown ones are said beside it, never
/// drawn as a share, so each percentage is over its own denominator.
public enum StackedBar {
    public static func render(_ caption: Chart.Caption, parts: [Chart.Point], unknown: Int, unit: String = "books")
        -> Node<HTML.BodyContext>
    {
        let width = 640.0
        let barTop = 8.0
        let barHeight = 28.0
        let known = parts.map(\.value).reduce(0, +)
        let legendRows = (parts.count + 2) / 3
        let height = barTop + barHeight + 12 + Double(legendRows) * 22
        var nodes: [Node<HTML.BodyContext>] = []
        var x = 0.0
        if known == 0 {
            nodes.append(
                Chart.rect(x: 0, y: barTop, width: width, height: barHeight, className: "empty-bar", label: "No known \(unit)"))
        }
        for (index, part) in parts.enumerated() where part.value > 0 {
            let share = width * Double(part.value) / Double(known)
            nodes.append(
                Chart.rect(
                    x: x, y: barTop, width: share, height: barHeight, className: "series-\(index % 8)",
                    label: "\(part.label): \(part.value) of \(known) (\(percent(part.value, known)))"))
            x += share
        }
        for (index, part) in parts.enumerated() {
            let column = Double(index % 3)
            let row = Double(index / 3)
            let y = barTop + barHeight + 12 + row * 22
            nodes.append(Chart.rect(x: column * 213, y: y, width: 12, height: 12, className: "series-\(index % 8)"))
            nodes.append(
                Chart.text("\(part.label) \(percent(part.value, known))", x: column * 213 + 18, y: y + 11, anchor: "start"))
        }
        let note = unknown > 0 ? "\(unknown) \(unknown == 1 ? "book" : "books") not known, left out of these shares." : nil
        var rows = parts.map { ($0.label, "\($0.value) (\(percent($0.value, known)))") }
        rows.append(("Known", String(known)))
        rows.append(("Not known", String(unknown)))
        return Chart.figure(
            caption, width: Int(width), height: Int(height.rounded(.up)), kind: "stacked", svg: nodes,
            table: Chart.table(caption.title, header: ("Which", unit.capitalized), rows: rows), note: note)
    }

    static func percent(_ part: Int, _ whole: Int) -> String {
        guard whole > 0 else { return "–" }
        return "\(Int((Double(part) * 100 / Double(whole)).rounded()))%"
    }
}
