import DogearCore
import Foundation

/// Every ISBN barcode in a photo, each with its box: ZBar reads each striped region alone (turned
/// straight, then enlarged when its bars are thin), then the whole photo once for what the regions
/// missed. Only EAN-13s that are ISBNs with a holding check digit are kept (Core's `BarcodeReading`).
struct BarcodeReader {
    let zbar: ZBar
    let leptonica: Leptonica

    /// A symbol ZBar decoded, with the corners of where it saw it, in the scanned image's pixels.
    struct Symbol {
        let text: String
        let bounds: ScanBox
    }

    /// `deadline`: the scan's time limit; regions not read by then are left (what was found stays).
    func read(_ photo: ScanPhoto, deadline: ContinuousClock.Instant? = nil) -> [(isbn: ISBN, box: ScanBox)] {
        let regions = BarcodeRegions.find(in: photo.cells)
        var found: [(isbn: ISBN, box: ScanBox)] = []
        var regionISBNs = [Set<String>](repeating: [], count: regions.count)
        func pastDeadline() -> Bool { deadline.map { ContinuousClock.now >= $0 } ?? false }
        for (index, region) in regions.enumerated() {
            if pastDeadline() { return BarcodeReading.merge(found) }
            for isbn in readRegion(region, of: photo) {
                found.append((isbn, region.box))
                regionISBNs[index].insert(isbn.isbn13)
            }
        }
        // Pieces of one barcode that none read alone, read together (`BarcodeRegions.pieces`).
        let unread = regions.indices.filter { regionISBNs[$0].isEmpty }
        for group in BarcodeRegions.pieces(regions, among: unread, cell: photo.cells.cell) {
            if pastDeadline() { return BarcodeReading.merge(found) }
            let box = group.dropFirst().reduce(regions[group[0]].box) { $0.union(regions[$1].box) }
            let whole = BarcodeRegion(
                box: box, across: BarcodeRegions.meanAxis(group.map { regions[$0].across }),
                stripedArea: group.reduce(0) { $0 + regions[$1].stripedArea },
                barLength: group.map { regions[$0].barLength }.max()!)
            for isbn in readRegion(whole, of: photo) {
                found.append((isbn, box))
                for index in group { regionISBNs[index].insert(isbn.isbn13) }
            }
        }
        // The whole photo, for a barcode the regions missed: too faint, cut by a shadow, or so
        // large that its widest bars cut it into regions none of which reads alone. A read is
        // dropped when a region it spans was read alone as another book (it joined that book's
        // half to a neighbour's), or when its pixels show the gap between two barcodes
        // (`BarcodeSpan`, across the bars of the region it covers most). A read spanning several
        // regions must show it is one barcode; one within a region, only that it is not two.
        if pastDeadline() { return BarcodeReading.merge(found) }
        let whole = scan(photo.greyBytes, width: photo.width, height: photo.height)
        for symbol in whole {
            guard let isbn = BarcodeReading.isbn(fromEAN13: symbol.text) else { continue }
            // The regions whose stripes the read covers (their cores, not the margins added for the
            // quiet zones, which reach over a neighbouring book's barcode).
            let touched = regions.indices.filter { (regions[$0].core ?? regions[$0].box).intersects(symbol.bounds) }
            if touched.contains(where: { !regionISBNs[$0].isEmpty && !regionISBNs[$0].contains(isbn.isbn13) }) { continue }
            guard let first = touched.first else {
                found.append((isbn, padded(symbol.bounds, width: photo.width, height: photo.height)))
                continue
            }
            // The bars' direction: the touched region with the most stripes, and those agreeing with it
            // (a page's edge or the shelf's grain striped the other way says nothing of the bars).
            let main = touched.max { regions[$0].stripedArea < regions[$1].stripedArea }!
            let across = BarcodeRegions.meanAxis(
                touched.filter { BarcodeRegions.angleBetween(regions[$0].across, regions[main].across) < .pi / 9 }
                    .map { regions[$0].across })
            let span = BarcodeSpan.judge(
                symbol.bounds, across: across, grey: photo.greyBytes, width: photo.width, height: photo.height)
            guard span == .oneBarcode || (touched.count == 1 && span == .unmeasured) else { continue }
            for index in touched { regionISBNs[index].insert(isbn.isbn13) }
            found.append((isbn, touched.dropFirst().reduce(regions[first].box) { $0.union(regions[$1].box) }))
        }
        return BarcodeReading.merge(found)
    }

    /// The ISBNs in one region: its copy turned straight, then at twice and three times the size.
    private func readRegion(_ region: BarcodeRegion, of photo: ScanPhoto) -> [ISBN] {
        // ZBar scans rows and columns, so bars upright or lying down need no turn; only the tilt
        // between them does.
        var tilt = region.across
        if tilt > .pi / 4 { tilt -= .pi / 2 }
        if tilt < -.pi / 4 { tilt += .pi / 2 }
        var clip = clipped(photo.grey, to: region.box)
        defer { leptonica.destroy(&clip) }
        guard clip != nil else { return [] }
        // A thin barcode enlarged and cut to black and white can read wrong with a holding check
        // digit, the same wrong way on many scan lines. So an ISBN counts when two different copies
        // read it (or the photo's own pixels do, untouched).
        var votes: [String: Int] = [:]
        // Bars a few pixels wide need no enlarging, and a large region enlarged four times over was
        // most of a scan's time. The module's width, from below: a whole EAN-13 is 95 modules wide
        // and its bars some 70 long, so its stripes cover about 6,650 square modules, and a piece
        // of one cut off by its widest bars keeps the bars' length (80 leaves room for short
        // bars). A barcode printed short is underestimated, and enlarged as before.
        let module = max((Double(region.stripedArea) / 6650).squareRoot(), Double(region.barLength) / 80)
        let factors = module >= 3 ? [1.0] : [1.0, 2.0, 3.0, 4.0]
        for factor in factors {
            // Enlarged before it is turned: turning thin bars first would smear them together.
            var enlarged = factor == 1 ? nil : leptonica.scale(clip, Float(factor), Float(factor))
            defer { leptonica.destroy(&enlarged) }
            var straight =
                abs(tilt) > 0.05
                ? leptonica.rotate(enlarged ?? clip, Float(-tilt), Leptonica.rotateAreaMap, Leptonica.bringInWhite, 0, 0)
                : nil
            defer { leptonica.destroy(&straight) }
            guard let image = straight ?? enlarged ?? clip, let bytes = ScanPhoto.bytes(of: image, leptonica: leptonica)
            else { continue }
            let width = Int(leptonica.width(image))
            let height = Int(leptonica.height(image))
            // Enlarged thin bars are grey smudges; cut at the middle grey they are bars again.
            for variant in [bytes, Self.thresholded(bytes)] {
                let symbols = scan(variant, width: width, height: height)
                let isbns = Set(symbols.compactMap { BarcodeReading.isbn(fromEAN13: $0.text) })
                if factor == 1, straight == nil, variant == bytes, !isbns.isEmpty { return Array(isbns) }
                for isbn in isbns { votes[isbn.isbn13, default: 0] += 1 }
                let agreed = votes.filter { $0.value >= 2 }.keys
                if !agreed.isEmpty { return agreed.compactMap { try? ISBN($0) } }
            }
        }
        return []
    }

    /// Black and white, cut halfway between the region's dark and light (its 5th and 95th
    /// percentiles, so a speck does not set them).
    static func thresholded(_ bytes: [UInt8]) -> [UInt8] {
        var histogram = [Int](repeating: 0, count: 256)
        for value in bytes { histogram[Int(value)] += 1 }
        func percentile(_ fraction: Double) -> Int {
            let target = Int(Double(bytes.count) * fraction)
            var seen = 0
            for (value, count) in histogram.enumerated() {
                seen += count
                if seen > target { return value }
            }
            return 255
        }
        let cut = UInt8((percentile(0.05) + percentile(0.95)) / 2)
        return bytes.map { $0 > cut ? 255 : 0 }
    }

    /// ZBar over one grey image, EAN-13 only.
    func scan(_ bytes: [UInt8], width: Int, height: Int) -> [Symbol] {
        guard width > 0, height > 0, bytes.count == width * height else { return [] }
        let scanner = zbar.scannerCreate()
        let image = zbar.imageCreate()
        defer {
            zbar.imageDestroy(image)
            zbar.scannerDestroy(scanner)
        }
        _ = zbar.scannerSetConfig(scanner, ZBar.allSymbologies, ZBar.configEnable, 0)
        _ = zbar.scannerSetConfig(scanner, ZBar.ean13, ZBar.configEnable, 1)
        zbar.imageSetFormat(image, ZBar.grey)
        zbar.imageSetSize(image, UInt32(width), UInt32(height))
        return bytes.withUnsafeBytes { raw -> [Symbol] in
            zbar.imageSetData(image, raw.baseAddress, UInt(raw.count), nil)
            guard zbar.scanImage(scanner, image) > 0 else { return [] }
            var symbols: [Symbol] = []
            var symbol = zbar.firstSymbol(image)
            while let current = symbol {
                if zbar.symbolType(current) == ZBar.ean13, let data = zbar.symbolData(current) {
                    let count = zbar.locationSize(current)
                    let xs = (0..<count).map { Int(zbar.locationX(current, $0)) }
                    let ys = (0..<count).map { Int(zbar.locationY(current, $0)) }
                    let left = xs.min() ?? 0
                    let top = ys.min() ?? 0
                    symbols.append(
                        Symbol(
                            text: String(cString: data),
                            bounds: ScanBox(
                                x: left, y: top, width: (xs.max() ?? 0) - left + 1, height: (ys.max() ?? 0) - top + 1)))
                }
                symbol = zbar.nextSymbol(current)
            }
            return symbols
        }
    }

    private func clipped(_ pix: Leptonica.Pix, to box: ScanBox) -> Leptonica.Pix? {
        var rectangle = leptonica.boxCreate(Int32(box.x), Int32(box.y), Int32(box.width), Int32(box.height))
        defer { leptonica.boxDestroy(&rectangle) }
        return leptonica.clipRectangle(pix, rectangle, nil)
    }

    /// ZBar's points lie on its scan lines, inside the bars: the box grows to take the whole code in.
    private func padded(_ box: ScanBox, width: Int, height: Int) -> ScanBox {
        let margin = max(box.width, box.height) / 4 + 4
        let left = max(0, box.x - margin)
        let top = max(0, box.y - margin)
        return ScanBox(
            x: left, y: top, width: min(width, box.x + box.width + margin) - left,
            height: min(height, box.y + box.height + margin) - top)
    }
}
