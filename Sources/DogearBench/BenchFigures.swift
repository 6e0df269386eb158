import DogearServer
import DogearServices
import DogearStore
import Foundation

/// What every benchmark prints its figures with: percentiles of timings, durations in milliseconds
/// or seconds, and one JSON line per figure tagged with the benchmark's name.
package enum BenchFigures {
    /// The value at share `p` (0.5, 0.99) of the timings, the nearest-rank way.
    package static func percentile(_ values: [Duration], _ p: Double) -> Duration {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .zero }
        return sorted[max(0, min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1))]
    }

    /// Milliseconds, to the microsecond.
    package static func ms(_ duration: Duration) -> Double {
        let value = Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
        return (value * 1_000).rounded() / 1_000
    }

    /// Seconds, to the hundredth.
    package static func seconds(_ duration: Duration) -> Double { (ms(duration) / 1_000 * 100).rounded() / 100 }

    /// A figure of a process's memory from /proc in MB (`VmRSS` now, `VmHWM` the peak so far); this
    /// process's without a pid; 0 where there is none.
    package static func memory(_ field: String, pid: Int32? = nil) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/\(pid.map(String.init) ?? "self")/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
            let kb = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return 0 }
        return (kb / 1024 * 10).rounded() / 10
    }

    /// One JSON line, keys sorted, with `"bench": name`.
    package static func emit(_ bench: String, _ print: (String) -> Void, _ fields: [String: Any]) {
        var object = fields
        object["bench"] = bench
        if let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]),
            let line = String(data: data, encoding: .utf8)
        {
            print(line)
        }
    }
}
