import Plot

/// Vertical bars, one per labelled value (books per month, pages per year). The scale starts at 0
/// and ends at the largest value; each bar carries its number in its own `<title>` (a tooltip).
public enum BarChart {
    public static func render(_ caption: Chart.Caption, points: [Chart.Point], unit: String) -> Node<HTML.BodyContext> {
        let width = 640.0
        let height = 220.0
        let top = 16.0
        let bottom = 28.0
        let left = 8.0
        let plot = height - top - bottom
        let largest = max(points.map(\.value).max() ?? 0, 1)
        let slot = (width - left * 2) / Double(max(points.count, 1))
        let barWidth = slot * 0.7
        var nodes: [Node<HTML.BodyContext>] = [
            Chart.line(x1: left, y1: top + plot, x2: width - left, y2: top + plot, className: "baseline")
        ]
        for (index, point) in points.enumerated() {
            let barHeight = plot * Double(point.value) / Double(largest)
            let x = left + slot * Double(index) + (slot - barWidth) / 2
            nodes.append(
                Chart.rect(
                    x: x, y: top + plot - barHeight, width: barWidth, height: barHeight, className: "bar",
                    label: "\(point.label): \(Chart.grouped(point.value)) \(point.value == 1 ? Chart.singular(unit) : unit)"))
            if point.value > 0 {
                nodes.append(
                    Chart.text(Chart.grouped(point.value), x: x + barWidth / 2, y: top + plot - barHeight - 4, className: "value")
                )
            }
            nodes.append(Chart.text(point.label, x: x + barWidth / 2, y: height - 8))
        }
        return Chart.figure(
            caption, width: Int(width), height: Int(height), kind: "bars", svg: nodes,
            table: Chart.table(
                caption.title, header: ("Which", unit.capitalized), rows: points.map { ($0.label, Chart.grouped($0.value)) }))
    }
}
