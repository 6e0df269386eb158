import DogearCore
import DogearScan
import Foundation

/// `dogear bench scan --sets DIR[,DIR]`: for each folder of photos, what plain ZBar reads (once over
/// the whole photo, untouched) beside what the scan proposes, over every photo in it, and on how
/// many photos the scan proposed fewer of the right ISBNs than ZBar read (which should be none).
/// A folder holds either drawn shelves (`name.jpg` with its `name.json` manifest) or real photos
/// listed in a `photos.json` (`{"photos": [{"file", "isbn"}]}`).
struct ScanSetBenchmark {
    let folders: [String]

    private struct RealManifest: Decodable {
        struct Photo: Decodable {
            let file: String
            let isbn: String
        }
        let photos: [Photo]
    }

    /// Each photo's path and the ISBNs of the barcodes on it.
    static func photos(in folder: String) throws -> [(path: String, isbns: Set<String>)] {
        let url = URL(fileURLWithPath: folder)
        if let data = try? Data(contentsOf: url.appendingPathComponent("photos.json")) {
            return try JSONDecoder().decode(RealManifest.self, from: data).photos.map {
                (url.appendingPathComponent($0.file).path, [$0.isbn])
            }
        }
        return try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".jpg") }.sorted().compactMap {
            name in
            let manifest = url.appendingPathComponent(String(name.dropLast(4)) + ".json")
            guard let data = try? Data(contentsOf: manifest) else { return nil }
            let books = try JSONDecoder().decode(ScanBenchmark.Manifest.self, from: data).books
            return (url.appendingPathComponent(name).path, Set(books.filter { $0.kind == "barcode" }.map(\.isbn)))
        }
    }

    func run(engine: ScanEngine, _ print: (String) -> Void) throws {
        for folder in folders {
            var (barcodes, scanFound, zbarFound, scanWrong, zbarWrong, fewer) = (0, 0, 0, 0, 0, 0)
            let photos = try Self.photos(in: folder)
            for (path, truth) in photos {
                let decoded = try engine.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
                let scan = Set(engine.barcodes(in: decoded).map(\.isbn.isbn13))
                let zbar = Set(engine.wholePhotoBarcodes(decoded).compactMap { BarcodeReading.isbn(fromEAN13: $0)?.isbn13 })
                barcodes += truth.count
                scanFound += scan.intersection(truth).count
                zbarFound += zbar.intersection(truth).count
                scanWrong += scan.subtracting(truth).count
                zbarWrong += zbar.subtracting(truth).count
                fewer += zbar.intersection(truth).isSubset(of: scan) ? 0 : 1
            }
            BenchFigures.emit(
                "scan", print,
                [
                    "figure": "photo_set", "set": (folder as NSString).lastPathComponent, "photos": photos.count,
                    "barcodes": barcodes, "scan_found": scanFound, "raw_zbar_found": zbarFound, "scan_wrong": scanWrong,
                    "raw_zbar_wrong": zbarWrong, "photos_where_scan_found_fewer": fewer,
                ])
        }
    }
}
