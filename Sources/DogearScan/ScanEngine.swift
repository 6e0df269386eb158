import DogearCore

/// Reads shelf photos: decodes and stands them upright, finds their ISBN barcodes, and reads their
/// spines. Built once at start from the libraries on the machine; what is missing is said, not
/// crashed on (`ScanEngine.load`).
public struct ScanEngine: Sendable {
    let leptonica: Leptonica
    let zbar: ZBar
    let tesseract: Tesseract?
    let tessdata: String?
    /// Why spines are not read here (Tesseract or its English data missing), when they are not;
    /// barcodes are still read.
    public let spinesUnavailable: ScanUnavailable?

    /// Where each library is looked for: Debian's sonames first, then the `-dev` packages' links.
    public struct LibraryNames: Sendable {
        public var leptonica = ["liblept.so.5", "libleptonica.so.6", "liblept.so", "libleptonica.so"]
        public var zbar = ["libzbar.so.0", "libzbar.so"]
        public var tesseract = ["libtesseract.so.5", "libtesseract.so"]

        public init() {}
    }

    /// What this machine can do: an engine, or why shelf scanning is unavailable.
    public enum Availability: Sendable {
        case available(ScanEngine)
        case unavailable(ScanUnavailable)
    }

    /// Opens the libraries. `tessdata` is Tesseract's data folder (nil: its built-in default, where
    /// Debian's `tesseract-ocr-eng` puts `eng.traineddata`).
    public static func load(names: LibraryNames = LibraryNames(), tessdata: String? = nil) -> Availability {
        do {
            let leptonica = try Leptonica(SharedLibrary(anyOf: names.leptonica))
            let zbar = try ZBar(SharedLibrary(anyOf: names.zbar))
            var tesseract: Tesseract?
            var spinesUnavailable: ScanUnavailable?
            do {
                let loaded = try Tesseract(SharedLibrary(anyOf: names.tesseract))
                try checkEnglish(loaded, tessdata: tessdata)
                tesseract = loaded
            } catch {
                spinesUnavailable = error
            }
            return .available(
                ScanEngine(
                    leptonica: leptonica, zbar: zbar, tesseract: tesseract, tessdata: tessdata,
                    spinesUnavailable: spinesUnavailable))
        } catch {
            return .unavailable(error)
        }
    }

    private static func checkEnglish(_ tesseract: Tesseract, tessdata: String?) throws(ScanUnavailable) {
        let api = tesseract.create()
        defer { tesseract.delete(api) }
        guard tesseract.initialise(api, tessdata, "eng", Tesseract.lstmOnly) == 0 else {
            throw ScanUnavailable(reason: "Tesseract has no English data (tesseract-ocr-eng is not installed)")
        }
    }

    /// The photo decoded and upright, or why it cannot be read (limits first, from its bytes and
    /// header, before any pixel is decoded).
    public func decode(_ bytes: [UInt8]) throws(ScanPhoto.Failure) -> ScanPhoto {
        try ScanPhoto(bytes: bytes, leptonica: leptonica)
    }

    /// The photo's size, or why it cannot be read, from its bytes and header alone (no decoding):
    /// what an upload is checked with before it is queued.
    public func check(_ bytes: [UInt8]) throws(ScanPhoto.Failure) -> (width: Int, height: Int) {
        try ScanPhoto.check(bytes, leptonica: leptonica)
    }

    /// Everything a photo gives: decoded, its barcodes read, then its spines apart from them until
    /// `deadline`. Synchronous and CPU-bound: run it off the request threads.
    public func read(_ bytes: [UInt8], deadline: ContinuousClock.Instant) throws(ScanPhoto.Failure) -> PhotoReading {
        let photo = try decode(bytes)
        // Decoding is bounded by the photo's limits (60 megapixels); reading by the deadline.
        let barcodes = self.barcodes(in: photo, deadline: deadline)
        let spines = self.spines(in: photo, apartFrom: barcodes.map(\.box), deadline: deadline)
        return PhotoReading(
            jpeg: photo.jpeg, width: photo.width, height: photo.height, barcodes: barcodes, spines: spines,
            spinesCutShort: tesseract != nil && ContinuousClock.now >= deadline)
    }

    /// Every ISBN barcode in the photo, once each, with its box in the upright photo's pixels.
    public func barcodes(in photo: ScanPhoto, deadline: ContinuousClock.Instant? = nil) -> [(isbn: ISBN, box: ScanBox)] {
        BarcodeReader(zbar: zbar, leptonica: leptonica).read(photo, deadline: deadline)
    }

    /// ZBar once over the whole photo, untouched: the floor the benchmark prints beside the reader
    /// (faster, and it misses thin barcodes and can join two books' halves).
    public func wholePhotoBarcodes(_ photo: ScanPhoto) -> [String] {
        BarcodeReader(zbar: zbar, leptonica: leptonica).scan(photo.greyBytes, width: photo.width, height: photo.height)
            .map(\.text)
    }

    /// The spines' text, each with its box, apart from the barcodes already read (their digits are
    /// print too); empty when spines cannot be read here, and as far as it got when the deadline
    /// passed first.
    public func spines(in photo: ScanPhoto, apartFrom barcodes: [ScanBox] = [], deadline: ContinuousClock.Instant)
        -> [SpineReading]
    {
        guard let tesseract else { return [] }
        return SpineReader(tesseract: tesseract, leptonica: leptonica, dataPath: tessdata)
            .read(photo, apartFrom: barcodes, deadline: deadline)
    }
}

/// What one photo gave, in the upright photo's pixels.
public struct PhotoReading: Sendable {
    /// The upright photo, re-encoded without its metadata.
    public let jpeg: [UInt8]
    public let width: Int
    public let height: Int
    public let barcodes: [(isbn: ISBN, box: ScanBox)]
    public let spines: [SpineReading]
    /// The time limit came before every spine was read.
    public let spinesCutShort: Bool
}
