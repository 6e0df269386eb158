/// The Tesseract functions Dogear uses to read spines: its C API (`tesseract/capi.h`, Tesseract 5.3),
/// fed Leptonica images. Handles and iterators are `OpaquePointer`s.
struct Tesseract: Sendable {
    let create: @convention(c) () -> OpaquePointer?
    let delete: @convention(c) (OpaquePointer?) -> Void
    let initialise: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int32) -> Int32
    let setPageSegMode: @convention(c) (OpaquePointer?, Int32) -> Void
    let setImage: @convention(c) (OpaquePointer?, OpaquePointer?) -> Void
    let setSourceResolution: @convention(c) (OpaquePointer?, Int32) -> Void
    let recognize: @convention(c) (OpaquePointer?, OpaquePointer?) -> Int32
    let iterator: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let iteratorDelete: @convention(c) (OpaquePointer?) -> Void
    let pageIterator: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let boundingBox:
        @convention(c) (
            OpaquePointer?, Int32, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?,
            UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?
        ) -> Int32
    let text: @convention(c) (OpaquePointer?, Int32) -> UnsafeMutablePointer<CChar>?
    let confidence: @convention(c) (OpaquePointer?, Int32) -> Float
    let next: @convention(c) (OpaquePointer?, Int32) -> Int32
    let deleteText: @convention(c) (UnsafePointer<CChar>?) -> Void
    let monitorCreate: @convention(c) () -> OpaquePointer?
    let monitorDelete: @convention(c) (OpaquePointer?) -> Void
    let monitorSetDeadline: @convention(c) (OpaquePointer?, Int32) -> Void

    /// `OEM_LSTM_ONLY`, `PSM_SINGLE_BLOCK` and `RIL_TEXTLINE` (capi.h's enums).
    static let lstmOnly: Int32 = 1
    static let singleBlock: Int32 = 6
    static let textLine: Int32 = 2

    init(_ library: SharedLibrary) throws(ScanUnavailable) {
        create = try library.function("TessBaseAPICreate")
        delete = try library.function("TessBaseAPIDelete")
        initialise = try library.function("TessBaseAPIInit2")
        setPageSegMode = try library.function("TessBaseAPISetPageSegMode")
        setImage = try library.function("TessBaseAPISetImage2")
        setSourceResolution = try library.function("TessBaseAPISetSourceResolution")
        recognize = try library.function("TessBaseAPIRecognize")
        iterator = try library.function("TessBaseAPIGetIterator")
        iteratorDelete = try library.function("TessResultIteratorDelete")
        pageIterator = try library.function("TessResultIteratorGetPageIterator")
        boundingBox = try library.function("TessPageIteratorBoundingBox")
        text = try library.function("TessResultIteratorGetUTF8Text")
        confidence = try library.function("TessResultIteratorConfidence")
        next = try library.function("TessResultIteratorNext")
        deleteText = try library.function("TessDeleteText")
        monitorCreate = try library.function("TessMonitorCreate")
        monitorDelete = try library.function("TessMonitorDelete")
        monitorSetDeadline = try library.function("TessMonitorSetDeadlineMSecs")
    }
}
