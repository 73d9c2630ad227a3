/// Frames with transparency to 4:2:0 video with an alpha plane (yuva420p: VP9's alpha, raw
/// streams), from their straight-alpha rows: luma as `BT709Conversion` makes it and alpha from
/// each pixel, and chroma sited as `BT709Conversion`'s but from its 2×3 neighbourhood's colours
/// weighted by their alpha as well. A fully transparent pixel's colour is seen by nobody; an
/// average that counts it (swscale's) tints the visible pixels beside it: an orange logo whose
/// transparent pixels are stored green got a green edge (78 levels off), stored black a brown
/// one. Where all six pixels are transparent, chroma is neutral. Opaque frames come out exactly
/// as `BT709Conversion` makes them.
package enum BT709AlphaConversion {
    /// Converts `frame` into `planes` and the alpha plane `alpha` (full size, rows `alphaStride`
    /// bytes apart), splitting the rows across the cores.
    package static func convert(_ frame: Image, into planes: YUV420Planes, alpha: UnsafeMutablePointer<UInt8>, alphaStride: Int,
                                bands: Int = ProcessInfoCores.active) {
        let rowPairs = (frame.height + 1) / 2
        guard frame.width > 0, rowPairs > 0 else { return }
        let bandCount = max(1, min(bands, rowPairs))
        let alphaPlane = SendablePointer(alpha)
        ParallelWork.perform(iterations: bandCount) { band in
            convert(rowPairs: (rowPairs * band / bandCount)..<(rowPairs * (band + 1) / bandCount), of: frame, into: planes,
                    alpha: alphaPlane.pointer, alphaStride: alphaStride)
        }
    }

    /// Converts luma and alpha rows 2·p and 2·p + 1 and chroma row p for each p in `rowPairs`.
    private static func convert(rowPairs: Range<Int>, of frame: Image, into planes: YUV420Planes,
                                alpha: UnsafeMutablePointer<UInt8>, alphaStride: Int) {
        let (width, height) = (frame.width, frame.height)
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 2 * width) { rows in
            let (top, bottom) = (rows.baseAddress!, rows.baseAddress! + width)
            /// Reads row `y` into `row` and converts its luma and alpha.
            func convertRow(_ y: Int, through row: UnsafeMutablePointer<UInt32>) {
                frame.copyStraightRow(y, into: UnsafeMutableRawBufferPointer(start: row, count: 4 * width).bindMemory(to: UInt8.self))
                BT709Conversion.convertLuma(row, width: width, into: planes.luma + y * planes.lumaStride)
                for x in 0..<width { alpha[y * alphaStride + x] = UInt8(truncatingIfNeeded: row[x] &>> 24) }
            }
            for pair in rowPairs {
                // An odd height's last row stands in for the row below it (converted again, to the same bytes).
                convertRow(2 * pair, through: top)
                convertRow(min(2 * pair + 1, height - 1), through: bottom)
                for i in 0..<((width + 1) / 2) {
                    let (cb, cr) = chroma(top, bottom, columns: (max(2 * i - 1, 0), 2 * i, min(2 * i + 1, width - 1)))
                    planes.cb[pair * planes.chromaStride + i] = cb
                    planes.cr[pair * planes.chromaStride + i] = cr
                }
            }
        }
    }

    /// Cb and Cr of the six pixels of `columns` in rows `top` and `bottom`, weighted 1-2-1
    /// across and by alpha: the matrix applied to their mean colour, as `BT709Conversion` applies
    /// it to the plain sum of eight weights (which that mean, times 8, stands in for).
    private static func chroma(_ top: UnsafePointer<UInt32>, _ bottom: UnsafePointer<UInt32>,
                               columns: (left: Int, centre: Int, right: Int)) -> (cb: UInt8, cr: UInt8) {
        typealias K = BT709Conversion.Coefficients
        // Red, green and blue times weight and alpha, and the weights times alpha.
        var sums = SIMD4<Int32>(repeating: 0)
        func add(_ pixel: UInt32, weight: Int32) {
            let lanes = SIMD4<Int32>(Int32(pixel & 0xFF), Int32(pixel &>> 8 & 0xFF), Int32(pixel &>> 16 & 0xFF), 1)
            sums &+= lanes &* (weight &* Int32(pixel &>> 24))
        }
        add(top[columns.left], weight: 1)
        add(bottom[columns.left], weight: 1)
        add(top[columns.centre], weight: 2)
        add(bottom[columns.centre], weight: 2)
        add(top[columns.right], weight: 1)
        add(bottom[columns.right], weight: 1)
        let weights = sums[3]
        guard weights > 0 else { return (128, 128) }
        let (red, green, blue) = ((8 * sums[0] + weights / 2) / weights, (8 * sums[1] + weights / 2) / weights,
                                  (8 * sums[2] + weights / 2) / weights)
        let u = K.cbr &* red &+ K.cbg &* green &+ K.cbb &* blue &+ K.chromaOffset
        let v = K.crr &* red &+ K.crg &* green &+ K.crb &* blue &+ K.chromaOffset
        return (UInt8(clamping: u &>> 19), UInt8(clamping: v &>> 19))
    }
}
