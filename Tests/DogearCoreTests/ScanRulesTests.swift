import Testing

@testable import DogearCore

@Suite("Shelf scan rules: access, review, barcodes, boxes, spine text, photo limits")
struct ScanRulesTests {
    @Test("a scan is its reader's alone: anyone else is told it does not exist", arguments: ScanAccess.Action.allCases)
    func access(_ action: ScanAccess.Action) {
        #expect(ScanAccess.decide(action, by: .owner) == .allow)
        #expect(ScanAccess.decide(action, by: .otherReader) == .notFound)
        #expect(ScanAccess.decide(action, by: .anonymous) == .notFound)
    }

    /// (review, status before, status after or nil when refused)
    static let reviews: [(ProposalReview, ProposalStatus, ProposalStatus?)] = [
        (.confirm(corrected: false), .pending, .confirmed),
        (.confirm(corrected: true), .pending, .confirmed),
        (.reject, .pending, .rejected),
        (.confirm(corrected: false), .confirmed, nil),
        (.reject, .confirmed, nil),
        (.confirm(corrected: true), .rejected, nil),
        (.reject, .rejected, nil),
    ]

    @Test("only a pending proposal is reviewed, once", arguments: reviews.indices)
    func review(_ index: Int) throws {
        let (review, before, after) = Self.reviews[index]
        if let after {
            #expect(try review.apply(to: before) == after)
        } else {
            #expect(throws: ProposalReview.Refusal.alreadyReviewed) { try review.apply(to: before) }
        }
    }

    @Test("confirm all takes the pending high-confidence proposals only, in order")
    func confirmAll() {
        let queue: [(String, ProposalStatus, ProposalConfidence, Bool)] = [
            ("a", .pending, .high, true), ("b", .pending, .low, true), ("c", .confirmed, .high, true),
            ("d", .pending, .high, true),
            ("e", .rejected, .high, true), ("f", .pending, .high, false),
        ]
        // "f": a barcode whose ISBN no source knows waits for a title.
        #expect(ProposalReview.confirmAll(queue, status: \.1, confidence: \.2, namesBook: \.3).map(\.0) == ["a", "d"])
    }

    @Test("a photo is kept while its queue waits, for 30 days at most")
    func retention() {
        #expect(ScanRetention.keepsPhoto(pending: 3, ageInDays: 1))
        #expect(!ScanRetention.keepsPhoto(pending: 0, ageInDays: 1))
        #expect(!ScanRetention.keepsPhoto(pending: 3, ageInDays: 30))
    }

    @Test(
        "an EAN-13 is an ISBN only when it starts 978 or 979 and its check digit holds",
        arguments: [
            ("9780140328721", "9780140328721"), ("9791032305690", "9791032305690"), ("9780140328722", nil),
            ("4006381333931", nil), ("978014032872", nil), ("97801403287X1", nil), ("", nil),
        ] as [(String, String?)])
    func ean(symbol: String, isbn: String?) {
        #expect(BarcodeReading.isbn(fromEAN13: symbol)?.isbn13 == isbn)
    }

    @Test("the same book seen on several copies keeps its largest box; others keep theirs, in order")
    func merge() throws {
        let fox = try ISBN("9780140328721")
        let other = try ISBN("9791032305690")
        let merged = BarcodeReading.merge([
            (fox, ScanBox(x: 0, y: 0, width: 10, height: 10)), (other, ScanBox(x: 50, y: 0, width: 5, height: 5)),
            (fox, ScanBox(x: 1, y: 1, width: 20, height: 20)),
        ])
        #expect(merged.map(\.isbn.isbn13) == ["9780140328721", "9791032305690"])
        #expect(merged[0].box == ScanBox(x: 1, y: 1, width: 20, height: 20))
    }

    /// A 400 × 300 photo with a box at (40, 30, 100, 50); where each copy shows it, and back.
    static let copies: [(turns: Int, scale: Double, seen: ScanBox)] = [
        (0, 1, ScanBox(x: 40, y: 30, width: 100, height: 50)),
        (0, 0.5, ScanBox(x: 20, y: 15, width: 50, height: 25)),
        // A quarter turn clockwise: the copy is 300 × 400, the box's left edge now at the top.
        (1, 1, ScanBox(x: 220, y: 40, width: 50, height: 100)),
        (2, 1, ScanBox(x: 260, y: 220, width: 100, height: 50)),
        (3, 2, ScanBox(x: 60, y: 520, width: 100, height: 200)),
    ]

    @Test("a box found on a turned or scaled copy lands on the photo where the barcode is", arguments: copies.indices)
    func boxes(_ index: Int) {
        let (turns, scale, seen) = Self.copies[index]
        let original = seen.inOriginal(of: .init(quarterTurns: turns, scale: scale), width: 400, height: 300)
        #expect(original == ScanBox(x: 40, y: 30, width: 100, height: 50))
    }

    @Test("a box past the photo's edge is clamped to it")
    func clamped() {
        #expect(
            ScanBox(x: 390, y: -5, width: 50, height: 20).inOriginal(
                of: .init(quarterTurns: 0, scale: 1), width: 400, height: 300)
                == ScanBox(x: 390, y: 0, width: 10, height: 20))
    }

    @Test(
        "spine text becomes a search, or nothing when too little is left",
        arguments: [
            ("THE LEFT HAND\nOF DARKNESS ~ LE GUIN", "the left hand of darkness le guin"),
            ("|| Piranesi || Susanna Clarke ||", "piranesi susanna clarke"),
            ("1984  George Orwell", "1984 george orwell"),
            ("Gideon the Ninth — Tamsyn Muir", "gideon the ninth tamsyn muir"),
            ("|||  ,,  ~", nil), ("x y z", nil), ("", nil),
        ] as [(String, String?)])
    func spine(ocr: String, query: String?) {
        #expect(SpineText.query(from: ocr) == query)
    }

    @Test(
        "a photo's first bytes say what it is, and its size whether it may be read",
        arguments: [
            ([0xFF, 0xD8, 0xFF, 0xE0], 5_000, PhotoLimits.Format.jpeg, nil),
            ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], 5_000, .png, nil),
            (Array("....ftypheic".utf8), 5_000, nil, .heic),
            (Array("%PDF-1.7".utf8), 5_000, nil, .notAnImage),
            ([], 0, nil, .empty),
            ([0xFF, 0xD8, 0xFF, 0xE0], 21 * 1_048_576, nil, .tooLarge(bytes: 21 * 1_048_576)),
        ] as [([UInt8], Int, PhotoLimits.Format?, PhotoLimits.Problem?)])
    func format(head: [UInt8], bytes: Int, format: PhotoLimits.Format?, problem: PhotoLimits.Problem?) throws {
        if let format {
            #expect(try PhotoLimits.format(of: head, totalBytes: bytes) == format)
        } else if let problem {
            #expect(throws: problem) { try PhotoLimits.format(of: head, totalBytes: bytes) }
        }
    }

    @Test("decoded sizes: zero and 20,000 × 20,000 are refused before any pixel is decoded")
    func sizes() throws {
        try PhotoLimits.check(width: 4032, height: 3024)
        #expect(throws: PhotoLimits.Problem.zeroSize) { try PhotoLimits.check(width: 0, height: 3024) }
        #expect(throws: PhotoLimits.Problem.tooManyPixels(width: 20_000, height: 20_000)) {
            try PhotoLimits.check(width: 20_000, height: 20_000)
        }
        #expect(PhotoLimits.Problem.tooManyPixels(width: 20_000, height: 20_000).message.contains("60 megapixels"))
    }
}

@Suite("Shelf scan rules: a phone photo's EXIF orientation")
struct ExifOrientationTests {
    /// A JPEG's first bytes with an APP1 Exif segment holding one IFD entry: Orientation = `value`.
    static func jpeg(orientation value: Int, bigEndian: Bool) -> [UInt8] {
        func two(_ n: Int) -> [UInt8] { bigEndian ? [UInt8(n >> 8), UInt8(n & 0xFF)] : [UInt8(n & 0xFF), UInt8(n >> 8)] }
        func four(_ n: Int) -> [UInt8] {
            bigEndian ? [0, 0, UInt8(n >> 8), UInt8(n & 0xFF)] : [UInt8(n & 0xFF), UInt8(n >> 8), 0, 0]
        }
        let tiff: [UInt8] =
            (bigEndian ? Array("MM".utf8) : Array("II".utf8)) + two(42) + four(8) + two(1)
            + two(0x0112) + two(3) + four(1) + two(value) + [0, 0] + four(0)
        let app1 = Array("Exif\0\0".utf8) + tiff
        // A JFIF APP0 segment first, as many cameras write, then APP1, then the start of the scan.
        let app0: [UInt8] = [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF\0".utf8) + [1, 1, 0, 0, 1, 0, 1, 0, 0]
        return [0xFF, 0xD8] + app0 + [0xFF, 0xE1] + two16(app1.count + 2) + app1 + [0xFF, 0xDA, 0x00, 0x02]
    }

    static func two16(_ n: Int) -> [UInt8] { [UInt8(n >> 8), UInt8(n & 0xFF)] }

    @Test(
        "the tag says how many quarter turns stand the photo upright, in either byte order",
        arguments: [(1, 0, false), (3, 2, false), (6, 1, false), (8, 3, false), (2, 0, true), (5, 1, true)])
    func orientation(value: Int, turns: Int, mirrored: Bool) {
        for bigEndian in [false, true] {
            let read = ExifOrientation.read(Self.jpeg(orientation: value, bigEndian: bigEndian))
            #expect(read.value == value)
            #expect(read.quarterTurns == turns)
            #expect(read.mirrored == mirrored)
        }
    }

    @Test("no tag, a PNG, a cut-off file or nonsense all read as upright")
    func upright() {
        #expect(ExifOrientation.read([0xFF, 0xD8, 0xFF, 0xDA, 0, 2]) == .upright)
        #expect(ExifOrientation.read([0x89, 0x50, 0x4E, 0x47]) == .upright)
        #expect(ExifOrientation.read(Array(Self.jpeg(orientation: 6, bigEndian: false).prefix(30))) == .upright)
        #expect(ExifOrientation.read([]) == .upright)
        #expect(ExifOrientation.read(Self.jpeg(orientation: 9, bigEndian: true)) == .upright)
    }
}

@Suite("Spine matching: a catalog book against what OCR read")
struct SpineMatchTests {
    /// (read, title, authors, whether it should rank above 0.5)
    static let cases: [(String, String, [String], Bool)] = [
        ("Circe Madeline Miller", "Circe", ["Madeline Miller"], true),
        ("Sirce Madeline Miller", "Circe", ["Madeline Miller"], true),
        ("Pachink Min Jin Lee", "Pachinko", ["Min Jin Lee"], true),
        ("une Frank Herb", "Dune", ["Frank Herbert"], false),
        ("yn the Ninth Tamsyn Muir", "Gideon the Ninth", ["Tamsyn Muir"], true),
        ("Emma Jane Austen", "Persuasion", ["Jane Austen"], false),
        ("Wolf Hall Hilary Mantel", "Wolf Hall", ["Hilary Mantel"], true),
        ("Dracula Bram Stoker", "Frankenstein", ["Mary Shelley"], false),
    ]

    @Test("OCR's slips still match their book; another book by the author does not win", arguments: cases.indices)
    func match(_ index: Int) {
        let (read, title, authors, matches) = Self.cases[index]
        #expect((SpineMatch.score(read: read, title: title, authors: authors) > 0.5) == matches, "\(read) vs \(title)")
    }

    @Test("a spine's best match is chosen for the reader only when it matches well: THE NAME OF THE WIND is not The Wide Window")
    func preselectOnlyAMatch() {
        let read = "THE NAME OF THE WIND"
        let wrong = SpineMatch.score(read: read, title: "The Wide Window", authors: ["Lemony Snicket"])
        let right = SpineMatch.score(read: read, title: "The Name of the Wind", authors: ["Patrick Rothfuss"])
        let slipped = SpineMatch.score(
            read: "THE NAME OF THE WlND ROTHFUSS", title: "The Name of the Wind", authors: ["Patrick Rothfuss"])
        #expect(wrong < SpineMatch.preselectFrom)
        #expect(right >= SpineMatch.preselectFrom)
        #expect(slipped >= SpineMatch.preselectFrom)
    }

    @Test("the right book outranks the author's other book")
    func ranking() {
        let read = "Emma Jane Austen"
        #expect(
            SpineMatch.score(read: read, title: "Emma", authors: ["Jane Austen"])
                > SpineMatch.score(read: read, title: "Persuasion", authors: ["Jane Austen"]))
    }
}
