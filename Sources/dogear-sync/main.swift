import DogearClient
import DogearSync
import Foundation

/// dogear-sync: keeps a reader's library in a local SQLite file, through the generated client.
///
///     dogear-sync --server http://localhost:8080 --token TOKEN --database library.sqlite [--watch 30] [--times N]
///
/// Prints a JSON line per sync: pages, upserts, tombstones, whether it started over, milliseconds.
/// `--watch` syncs again every so many seconds until stopped; `--times` syncs N times in a row (for
/// timing a sync with nothing new).
let arguments = CommandLine.arguments.dropFirst()
func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), arguments.index(after: index) < arguments.endIndex else { return nil }
    return arguments[arguments.index(after: index)]
}
guard let server = option("--server").flatMap(URL.init(string:)),
    let token = option("--token") ?? ProcessInfo.processInfo.environment["DOGEAR_TOKEN"],
    let database = option("--database")
else {
    FileHandle.standardError.write(
        Data(
            "usage: dogear-sync --server URL --token TOKEN (or DOGEAR_TOKEN) --database PATH [--watch SECONDS] [--times N] [--limit N]\n"
                .utf8
        ))
    exit(64)
}
let watch = option("--watch").flatMap(Double.init)
var times = option("--times").flatMap(Int.init) ?? 1
let mirror = try await SyncMirror.open(
    path: database, client: .dogear(server: server.appendingPathComponent("").absoluteURL, token: token),
    pageSize: option("--limit").flatMap(Int.init) ?? 1_000)
repeat {
    let started = ContinuousClock.now
    let report = try await mirror.sync()
    let elapsed = ContinuousClock.now - started
    let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    print(
        #"{"pages": \#(report.pages), "upserts": \#(report.upserts), "tombstones": \#(report.tombstones), "startedOver": \#(report.startedOver), "ms": \#(String(format: "%.1f", milliseconds))}"#
    )
    if let watch { try await Task.sleep(for: .seconds(watch)) }
    times -= 1
} while watch != nil || times > 0
try await mirror.close()
