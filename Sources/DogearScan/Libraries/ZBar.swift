/// The ZBar functions Dogear uses to read EAN-13 barcodes from a grey image. Signatures from
/// Debian's `zbar.h` (ZBar 0.23); scanners, images and symbols are `OpaquePointer`s.
struct ZBar: Sendable {
    let scannerCreate: @convention(c) () -> OpaquePointer?
    let scannerDestroy: @convention(c) (OpaquePointer?) -> Void
    let scannerSetConfig: @convention(c) (OpaquePointer?, Int32, Int32, Int32) -> Int32
    let imageCreate: @convention(c) () -> OpaquePointer?
    let imageDestroy: @convention(c) (OpaquePointer?) -> Void
    let imageSetFormat: @convention(c) (OpaquePointer?, UInt) -> Void
    let imageSetSize: @convention(c) (OpaquePointer?, UInt32, UInt32) -> Void
    let imageSetData: @convention(c) (OpaquePointer?, UnsafeRawPointer?, UInt, (@convention(c) (OpaquePointer?) -> Void)?) -> Void
    let scanImage: @convention(c) (OpaquePointer?, OpaquePointer?) -> Int32
    let firstSymbol: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let nextSymbol: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let symbolType: @convention(c) (OpaquePointer?) -> Int32
    let symbolData: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    let locationSize: @convention(c) (OpaquePointer?) -> UInt32
    let locationX: @convention(c) (OpaquePointer?, UInt32) -> Int32
    let locationY: @convention(c) (OpaquePointer?, UInt32) -> Int32

    /// `ZBAR_NONE`, `ZBAR_EAN13`, `ZBAR_CFG_ENABLE` (zbar.h) and the fourcc of 8-bit grey, "Y800".
    static let allSymbologies: Int32 = 0
    static let ean13: Int32 = 13
    static let configEnable: Int32 = 0
    static let grey: UInt = 0x3030_3859  // "Y800", least significant byte first

    init(_ library: SharedLibrary) throws(ScanUnavailable) {
        scannerCreate = try library.function("zbar_image_scanner_create")
        scannerDestroy = try library.function("zbar_image_scanner_destroy")
        scannerSetConfig = try library.function("zbar_image_scanner_set_config")
        imageCreate = try library.function("zbar_image_create")
        imageDestroy = try library.function("zbar_image_destroy")
        imageSetFormat = try library.function("zbar_image_set_format")
        imageSetSize = try library.function("zbar_image_set_size")
        imageSetData = try library.function("zbar_image_set_data")
        scanImage = try library.function("zbar_scan_image")
        firstSymbol = try library.function("zbar_image_first_symbol")
        nextSymbol = try library.function("zbar_symbol_next")
        symbolType = try library.function("zbar_symbol_get_type")
        symbolData = try library.function("zbar_symbol_get_data")
        locationSize = try library.function("zbar_symbol_get_loc_size")
        locationX = try library.function("zbar_symbol_get_loc_x")
        locationY = try library.function("zbar_symbol_get_loc_y")
    }
}
