import DogearCore

/// Boxes meeting and joining, as the barcode and spine finders ask it.
extension ScanBox {
    func intersects(_ other: ScanBox) -> Bool {
        x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
    }

    func union(_ other: ScanBox) -> ScanBox {
        let left = min(x, other.x)
        let top = min(y, other.y)
        return ScanBox(
            x: left, y: top, width: max(x + width, other.x + other.width) - left,
            height: max(y + height, other.y + other.height) - top)
    }
}
