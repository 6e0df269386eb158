import DogearCore
import DogearScan
import DogearServer
import DogearServices
import DogearStore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `dogear bench scan --photo shelf.jpg --manifest shelf.json [--iterations 5] [--bad a,b,c]`
///
/// Reads a shelf photo drawn by `scripts/scan-photos/make_shelf.py` as a scan reads it: decoded and
/// its barcodes found (the seconds to the barcode proposals, for a 12-megapixel photo with 20),
/// then its spines, and how many of the manifest's books each found,
/// and any ISBN that is on no book. Beside it, the floor: ZBar once over the whole photo, untouched.
/// Then each `--bad` file as an upload would be checked and read: the error said, and the process's
/// peak memory after it (a 20,000 × 20,000 photo is refused before it is decoded, so the peak
/// does not move). Prints one JSON line per figure (`scripts/bench-scan.sh`).
package struct ScanBenchmark {
    package let photo: String
    package let manifest: String?
    package let iterations: Int
    package let bad: [String]

    package struct Manifest: Decodable {
        package struct Book: Decodable {
            package let kind: String
            package let isbn: String
        }
        package let width: Int
        package let height: Int
        package let books: [Book]
    }

    /// The engine on this machine, or why there is nothing to measure.
    static func engine() throws -> ScanEngine {
        switch ScanEngine.onThisMachine {
        case .available(let loaded): return loaded
        case .unavailable(let reason): throw ScanUnavailable(reason: "cannot measure: \(reason.reason)")
        }
    }

    package func run(_ print: (String) -> Void) throws {
        let engine = try Self.engine()
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: photo)))
        let books = try manifest.map { try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: URL(fileURLWithPath: $0))) }
        let truth = Set(books?.books.filter { $0.kind == "barcode" }.map(\.isbn) ?? [])
        let clock = ContinuousClock()
        var barcodeTimes: [Duration] = []
        var spineTimes: [Duration] = []
        var found: Set<String> = []
        var spines = 0
        var size = (0, 0)
        for _ in 0..<max(1, iterations) {
            let start = clock.now
            let decoded = try engine.decode(bytes)
            let barcodes = engine.barcodes(in: decoded)
            barcodeTimes.append(clock.now - start)
            let spinesStart = clock.now
            spines = engine.spines(in: decoded, apartFrom: barcodes.map(\.box), deadline: .now + .seconds(120)).count
            spineTimes.append(clock.now - spinesStart)
            found = Set(barcodes.map(\.isbn.isbn13))
            size = (decoded.width, decoded.height)
        }
        // The floor: ZBar alone, once over the whole grey photo (no regions, no copies).
        let decoded = try engine.decode(bytes)
        let rawStart = clock.now
        let raw = engine.wholePhotoBarcodes(decoded)
        let rawTime = clock.now - rawStart
        BenchFigures.emit(
            "scan", print,
            [
                "figure": "photo", "width": size.0, "height": size.1,
                "megapixels": (Double(size.0 * size.1) / 1e5).rounded() / 10, "iterations": barcodeTimes.count,
                "barcodes_p50_s": BenchFigures.seconds(BenchFigures.percentile(barcodeTimes, 0.5)),
                "barcodes_max_s": BenchFigures.seconds(barcodeTimes.max() ?? .zero),
                "spines_p50_s": BenchFigures.seconds(BenchFigures.percentile(spineTimes, 0.5)),
                "barcodes_expected": truth.count, "barcodes_found": found.intersection(truth).count,
                "barcodes_wrong": truth.isEmpty ? 0 : found.subtracting(truth).count, "spines_read": spines,
                "raw_zbar_s": BenchFigures.seconds(rawTime),
                "raw_zbar_found": Set(raw).intersection(truth).count,
                "raw_zbar_wrong": truth.isEmpty ? 0 : Set(raw).subtracting(truth).count,
                "peak_rss_mb": Self.peakMegabytes(),
            ])
        for path in bad {
            let data = [UInt8]((try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data())
            let start = clock.now
            var outcome = "read"
            do {
                _ = try engine.check(data)
                let photo = try engine.decode(data)
                outcome = "read: \(photo.width) × \(photo.height)"
            } catch {
                outcome = error.message
            }
            BenchFigures.emit(
                "scan", print,
                [
                    "figure": "bad_photo", "file": (path as NSString).lastPathComponent, "bytes": data.count,
                    "said": outcome, "seconds": BenchFigures.seconds(clock.now - start), "peak_rss_mb": Self.peakMegabytes(),
                ])
        }
    }

    /// The process's peak resident memory so far, in megabytes (Linux gives kilobytes).
    package static func peakMegabytes() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return (Double(usage.ru_maxrss) / 1024 * 10).rounded() / 10
    }
}
