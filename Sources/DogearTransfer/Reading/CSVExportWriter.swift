import CSV
import Foundation

/// A CSV export written a row at a time by the CSV library, in chunks: the library writes one
/// character per call to its stream, so rows are written to memory and handed to the file 200 at
/// a time (a system call per character made a 10,000-row export take seconds). Every cell is
/// neutralised against formula injection (`SpreadsheetCell`).
public final class CSVExportWriter {
    private let stream: OutputStream
    /// An entry's rows: one, or one per edition the reader has (Goodreads).
    private let rows: (BackupEntry) -> [[String]]
    private var pending: [[String]] = []

    init(stream: OutputStream, header: [String], rows: @escaping (BackupEntry) -> [[String]]) throws {
        self.stream = stream
        self.rows = rows
        pending.append(header)
    }

    public func write(_ entry: BackupEntry) throws {
        for row in rows(entry) { pending.append(row.map(SpreadsheetCell.neutralized)) }
        if pending.count >= 200 { try flush() }
    }

    /// Writes what is left and the final line end.
    public func finish() throws {
        try flush()
    }

    private func flush() throws {
        guard !pending.isEmpty else { return }
        let memory = OutputStream(toMemory: ())
        memory.open()
        let csv = try CSVWriter(stream: memory)
        for values in pending { try csv.write(row: values) }
        csv.stream.close()
        var data = memory.property(forKey: .dataWrittenToMemoryStreamKey) as? Data ?? Data()
        data.append(UInt8(ascii: "\n"))
        pending.removeAll(keepingCapacity: true)
        try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < bytes.count {
                let written = stream.write(
                    bytes.baseAddress!.assumingMemoryBound(to: UInt8.self) + offset, maxLength: bytes.count - offset)
                if written <= 0 { throw TransferWriteError(underlying: stream.streamError) }
                offset += written
            }
        }
    }
}
