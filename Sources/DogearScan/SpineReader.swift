import DogearCore
import Foundation

/// The text printed down the spines of a photo, each with its box: the tall columns of print
/// (`SpineRegions`) are cut out one at a time, turned a quarter each way (spine type runs top to
/// bottom or bottom to top; a half turn apart when the photo lies sideways), and read by Tesseract as a block; the turn read with more confidence
/// wins. One column at a time, Tesseract sets its black and white for that spine's own colours.
struct SpineReader {
    let tesseract: Tesseract
    let leptonica: Leptonica
    let dataPath: String?

    /// Below this Tesseract's own confidence (0–100), a reading is a guess at wood grain.
    static let minimumConfidence = 50.0

    func read(_ photo: ScanPhoto, apartFrom barcodes: [ScanBox], deadline: ContinuousClock.Instant) -> [SpineReading] {
        let found = SpineRegions.find(in: photo.cells, apartFrom: barcodes)
        let regions = found.boxes
        guard !regions.isEmpty else { return [] }
        let api = tesseract.create()
        defer { tesseract.delete(api) }
        guard tesseract.initialise(api, dataPath, "eng", Tesseract.lstmOnly) == 0 else { return [] }
        // One uniform block of text: the spine's title and author, one or a few lines.
        tesseract.setPageSegMode(api, Tesseract.singleBlock)
        var readings: [SpineReading] = []
        for region in regions {
            guard ContinuousClock.now < deadline else { break }
            var rectangle = leptonica.boxCreate(Int32(region.x), Int32(region.y), Int32(region.width), Int32(region.height))
            var clip = leptonica.clipRectangle(photo.grey, rectangle, nil)
            leptonica.boxDestroy(&rectangle)
            defer { leptonica.destroy(&clip) }
            guard clip != nil else { continue }
            var best: (text: String, confidence: Double)?
            for quarterTurns: Int32 in found.sideways ? [0, 2] : [3, 1] {
                var turned = quarterTurns == 0 ? nil : leptonica.rotateOrth(clip, quarterTurns)
                defer { leptonica.destroy(&turned) }
                guard let image = turned ?? clip, let reading = readBlock(api, image, until: deadline) else { continue }
                if reading.confidence > best?.confidence ?? -1 { best = reading }
            }
            guard let best, best.confidence >= Self.minimumConfidence, SpineText.query(from: best.text) != nil else { continue }
            readings.append(SpineReading(text: best.text, box: region, confidence: best.confidence))
        }
        return readings
    }

    /// One turned column read as a block: its text on one line, and Tesseract's mean confidence.
    private func readBlock(_ api: OpaquePointer?, _ image: Leptonica.Pix, until deadline: ContinuousClock.Instant)
        -> (text: String, confidence: Double)?
    {
        tesseract.setImage(api, image)
        tesseract.setSourceResolution(api, 300)
        let monitor = tesseract.monitorCreate()
        defer { tesseract.monitorDelete(monitor) }
        let left = ContinuousClock.now.duration(to: deadline).components
        let milliseconds = left.seconds * 1000 + left.attoseconds / 1_000_000_000_000_000
        tesseract.monitorSetDeadline(monitor, Int32(clamping: max(1, milliseconds)))
        guard tesseract.recognize(api, monitor) == 0, let iterator = tesseract.iterator(api) else { return nil }
        defer { tesseract.iteratorDelete(iterator) }
        var lines: [String] = []
        var confidences: [Double] = []
        repeat {
            guard let raw = tesseract.text(iterator, Tesseract.textLine) else { continue }
            let text = String(cString: raw).trimmingCharacters(in: .whitespacesAndNewlines)
            tesseract.deleteText(raw)
            guard !text.isEmpty else { continue }
            lines.append(text)
            confidences.append(Double(tesseract.confidence(iterator, Tesseract.textLine)))
        } while tesseract.next(iterator, Tesseract.textLine) != 0
        guard !lines.isEmpty else { return nil }
        return (lines.joined(separator: " "), confidences.reduce(0, +) / Double(confidences.count))
    }

    /// Whether two boxes stand in one column: they overlap across by half the narrower.
    static func sameColumn(_ a: ScanBox, _ b: ScanBox) -> Bool {
        let overlap = min(a.x + a.width, b.x + b.width) - max(a.x, b.x)
        return overlap * 2 >= min(a.width, b.width)
    }
}

/// A spine's text as Tesseract read it, where it is, and how sure it was (0–100).
public struct SpineReading: Equatable, Sendable {
    public let text: String
    public let box: ScanBox
    public let confidence: Double
}
