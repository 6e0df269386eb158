/// The few Leptonica functions Dogear uses: decode a photo, stand it upright, grey it, cut, turn
/// and scale copies, and encode the stored JPEG. Signatures from Debian's `leptonica/allheaders.h`
/// (Leptonica 1.82); a `PIX *` is an `OpaquePointer`.
struct Leptonica: Sendable {
    typealias Pix = OpaquePointer

    let readHeaderMem:
        @convention(c) (
            UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?,
            UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?,
            UnsafeMutablePointer<Int32>?
        ) -> Int32
    let readMem: @convention(c) (UnsafePointer<UInt8>?, Int) -> Pix?
    let destroy: @convention(c) (UnsafeMutablePointer<Pix?>?) -> Void
    let width: @convention(c) (Pix?) -> Int32
    let height: @convention(c) (Pix?) -> Int32
    let convertTo8: @convention(c) (Pix?, Int32) -> Pix?
    let convertTo32: @convention(c) (Pix?) -> Pix?
    let rotateOrth: @convention(c) (Pix?, Int32) -> Pix?
    let flipLR: @convention(c) (Pix?, Pix?) -> Pix?
    let scale: @convention(c) (Pix?, Float, Float) -> Pix?
    let rotate: @convention(c) (Pix?, Float, Int32, Int32, Int32, Int32) -> Pix?
    let boxCreate: @convention(c) (Int32, Int32, Int32, Int32) -> OpaquePointer?
    let boxDestroy: @convention(c) (UnsafeMutablePointer<OpaquePointer?>?) -> Void
    let clipRectangle: @convention(c) (Pix?, OpaquePointer?, UnsafeMutablePointer<OpaquePointer?>?) -> Pix?
    let rasterData:
        @convention(c) (Pix?, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?, UnsafeMutablePointer<Int>?) -> Int32
    let writeMemJpeg:
        @convention(c) (UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?, UnsafeMutablePointer<Int>?, Pix?, Int32, Int32)
            -> Int32
    let free: @convention(c) (UnsafeMutableRawPointer?) -> Void

    /// `L_ROTATE_AREA_MAP` and `L_BRING_IN_WHITE` (pix.h).
    static let rotateAreaMap: Int32 = 1
    static let bringInWhite: Int32 = 1

    init(_ library: SharedLibrary) throws(ScanUnavailable) {
        readHeaderMem = try library.function("pixReadHeaderMem")
        readMem = try library.function("pixReadMem")
        destroy = try library.function("pixDestroy")
        width = try library.function("pixGetWidth")
        height = try library.function("pixGetHeight")
        convertTo8 = try library.function("pixConvertTo8")
        convertTo32 = try library.function("pixConvertTo32")
        rotateOrth = try library.function("pixRotateOrth")
        flipLR = try library.function("pixFlipLR")
        scale = try library.function("pixScale")
        rotate = try library.function("pixRotate")
        boxCreate = try library.function("boxCreate")
        boxDestroy = try library.function("boxDestroy")
        clipRectangle = try library.function("pixClipRectangle")
        rasterData = try library.function("pixGetRasterData")
        writeMemJpeg = try library.function("pixWriteMemJpeg")
        free = try library.function("lept_free")
        // Leptonica prints its warnings on stderr; a bad upload is Dogear's to report, once.
        let severity: @convention(c) (Int32) -> Int32 = try library.function("setMsgSeverity")
        _ = severity(6)  // L_SEVERITY_NONE
    }
}
