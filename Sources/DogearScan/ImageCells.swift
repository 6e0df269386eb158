import Foundation

/// A grey photo cut into square cells, each with how strong its edges are and how much they point
/// one way (the structure tensor): bars are strong and all one way, print is strong every way,
/// paper and wood are weak. What both the barcode finder and the spine finder look at.
struct ImageCells {
    let width: Int
    let height: Int
    let cell: Int
    let columns: Int
    let rows: Int
    /// Mean squared gradient of the cell's pixels.
    var energy: [Double]
    /// 0 (edges every way) to 1 (all one way).
    var coherence: [Double]
    /// The direction across the edges, in radians in (-π/2, π/2], clockwise from the x axis.
    var direction: [Double]

    var count: Int { columns * rows }

    init(grey: [UInt8], width: Int, height: Int) {
        self.width = width
        self.height = height
        // Cells small enough for a 120-pixel barcode or a spine's line of type to cover several.
        cell = max(8, max(width, height) / 400)
        columns = grey.count == width * height ? width / cell : 0
        rows = grey.count == width * height ? height / cell : 0
        // Every other pixel on big photos: the cell's statistics barely change, the time quarters.
        let step = cell >= 12 ? 2 : 1
        var xx = [Double](repeating: 0, count: columns * rows)
        var yy = xx
        var xy = xx
        let (cell, columns, rows, width) = (cell, columns, rows, width)
        grey.withUnsafeBufferPointer { pixels in
            var y = 1
            while y < rows * cell - 1 {
                let row = y * width
                let cellRow = (y / cell) * columns
                var x = 1
                while x < columns * cell - 1 {
                    let gx = Double(Int(pixels[row + x + 1]) - Int(pixels[row + x - 1]))
                    let gy = Double(Int(pixels[row + width + x]) - Int(pixels[row - width + x]))
                    let index = cellRow + x / cell
                    xx[index] += gx * gx
                    yy[index] += gy * gy
                    xy[index] += gx * gy
                    x += step
                }
                y += step
            }
        }
        let samples = Double((cell / step) * (cell / step))
        energy = [Double](repeating: 0, count: columns * rows)
        coherence = energy
        direction = energy
        for index in 0..<(columns * rows) {
            let total = xx[index] + yy[index]
            guard total > 0 else { continue }
            energy[index] = total / samples
            coherence[index] =
                ((xx[index] - yy[index]) * (xx[index] - yy[index]) + 4 * xy[index] * xy[index]).squareRoot() / total
            direction[index] = 0.5 * atan2(2 * xy[index], xx[index] - yy[index])
        }
    }
}
