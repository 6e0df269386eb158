import Plot

/// A running total through the year (cumulative pages by month) against a goal's steady line from 0
/// to its target: above the dashed line is ahead.
public enum LineChart {
    public static func render(_ caption: Chart.Caption, points: [Chart.Point], goal: Int?, unit: String)
        -> Node<HTML.BodyContext>
    {
        let width = 640.0
        let height = 220.0
        let top = 16.0
        let bottom = 28.0
        let left = 8.0
        let right = 8.0
        let plot = height - top - bottom
        var running: [Int] = []
        for point in points { running.append((running.last ?? 0) + point.value) }
        let largest = max(running.last ?? 0, goal ?? 0, 1)
        let step = (width - left - right) / Double(max(points.count, 1))
        let y = { (value: Int) in top + plot - plot * Double(value) / Double(largest) }
        var nodes: [Node<HTML.BodyContext>] = [
            Chart.line(x1: left, y1: top + plot, x2: width - right, y2: top + plot, className: "baseline")
        ]
        if let goal {
            nodes.append(Chart.line(x1: left, y1: y(0), x2: width - right, y2: y(goal), className: "goal-line"))
            nodes.append(
                Chart.text("Goal \(Chart.grouped(goal))", x: width - right, y: y(goal) - 4, anchor: "end", className: "value"))
        }
        var path = "M\(Chart.number(left)) \(Chart.number(y(0)))"
        for (index, total) in running.enumerated() {
            path += " L\(Chart.number(left + step * Double(index + 1))) \(Chart.number(y(total)))"
        }
        nodes.append(.element(named: "path", nodes: [.attribute(named: "d", value: path), .class("running")]))
        for (index, point) in points.enumerated() {
            nodes.append(Chart.text(point.label, x: left + step * (Double(index) + 0.5), y: height - 8))
        }
        if let last = running.last {
            nodes.append(
                Chart.text(
                    Chart.grouped(last), x: left + step * Double(running.count), y: y(last) - 6, anchor: "end", className: "value"
                ))
        }
        var rows = zip(points, running).map { ($0.label, Chart.grouped($1)) }
        if let goal { rows.append(("Goal", Chart.grouped(goal))) }
        return Chart.figure(
            caption, width: Int(width), height: Int(height), kind: "line", svg: nodes,
            table: Chart.table(caption.title, header: ("By the end of", "\(unit.capitalized) so far"), rows: rows))
    }
}
