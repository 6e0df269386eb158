/// How a phone's JPEG says it should be turned to stand upright: the EXIF Orientation tag (0x0112),
/// read from the file's APP1 segment without decoding the picture. A camera stores the sensor's
/// pixels as they came and writes the turn here, so a shelf shot in portrait would otherwise be
/// scanned lying on its side.
public struct ExifOrientation: Equatable, Sendable {
    /// The tag's value, 1–8 (1: upright).
    public let value: Int

    /// Clockwise quarter turns that stand the picture upright (after the mirroring, if any).
    public var quarterTurns: Int {
        switch value {
        case 3, 4: return 2
        case 5, 6: return 1
        case 7, 8: return 3
        default: return 0
        }
    }

    /// Whether the picture is also mirrored left to right (values 2, 4, 5, 7; rare outside selfies).
    public var mirrored: Bool { [2, 4, 5, 7].contains(value) }

    public static let upright = ExifOrientation(value: 1)

    /// The orientation a JPEG declares; upright when it declares none or the data is not a JPEG.
    public static func read(_ bytes: [UInt8]) -> ExifOrientation {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return .upright }
        var index = 2
        while index + 4 <= bytes.count, bytes[index] == 0xFF {
            let marker = bytes[index + 1]
            // Start of scan or end of image: the metadata segments are all before it.
            if marker == 0xDA || marker == 0xD9 { break }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            guard length >= 2, index + 2 + length <= bytes.count else { break }
            if marker == 0xE1, let found = tiffOrientation(bytes[(index + 4)..<(index + 2 + length)]) {
                return found
            }
            index += 2 + length
        }
        return .upright
    }

    private static func tiffOrientation(_ segment: ArraySlice<UInt8>) -> ExifOrientation? {
        let start = segment.startIndex
        guard segment.count >= 14, Array(segment[start..<(start + 6)]) == Array("Exif\0\0".utf8) else { return nil }
        let tiff = start + 6
        let little: Bool
        switch (segment[tiff], segment[tiff + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func number(_ at: Int, _ size: Int) -> Int? {
            guard at >= tiff, at + size <= segment.endIndex else { return nil }
            let raw = segment[at..<(at + size)]
            return (little ? Array(raw.reversed()) : Array(raw)).reduce(0) { $0 << 8 | Int($1) }
        }
        guard let ifd = number(tiff + 4, 4), let entries = number(tiff + ifd, 2) else { return nil }
        for entry in 0..<min(entries, 512) {
            let at = tiff + ifd + 2 + entry * 12
            guard let tag = number(at, 2) else { return nil }
            if tag == 0x0112, let value = number(at + 8, 2), (1...8).contains(value) {
                return ExifOrientation(value: value)
            }
        }
        return nil
    }
}
