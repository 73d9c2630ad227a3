/// The planes of an 8-bit 4:2:0 picture to be filled: luma at full size, Cb and Cr at half the
/// width and height (rounded up). Rows are `stride` bytes apart. For FlipTransMedia's encoder,
/// which owns the planes.
package struct YUV420Planes: @unchecked Sendable {
    package var luma: UnsafeMutablePointer<UInt8>, lumaStride: Int
    package var cb: UnsafeMutablePointer<UInt8>, cr: UnsafeMutablePointer<UInt8>, chromaStride: Int

    package init(luma: UnsafeMutablePointer<UInt8>, lumaStride: Int,
                cb: UnsafeMutablePointer<UInt8>, cr: UnsafeMutablePointer<UInt8>, chromaStride: Int) {
        (self.luma, self.lumaStride, self.cb, self.cr, self.chromaStride) = (luma, lumaStride, cb, cr, chromaStride)
    }

    /// The planes from chroma row `pair` (luma row 2 · `pair`) down, that row now the first.
    package func fromRowPair(_ pair: Int) -> YUV420Planes {
        YUV420Planes(luma: luma + 2 * pair * lumaStride, lumaStride: lumaStride,
                     cb: cb + pair * chromaStride, cr: cr + pair * chromaStride, chromaStride: chromaStride)
    }
}

/// Frames to video colour: R′G′B′ to Y′CbCr with the BT.709 matrix, limited ("TV") range, 4:2:0
/// — what every player assumes for HD video, and what the encoders tag. Chroma is sited as
/// H.264 and VP9 expect by default: level with the even luma columns, between each pair of
/// rows, so each chroma sample filters its 2×3 neighbourhood with weights 1-2-1 across.
package enum BT709Conversion {
    /// Converts `frame` (premultiplied RGBA already composited over the background, so alpha
    /// is ignored) into `planes`, splitting the rows across the cores.
    package static func convert(_ frame: Image, into planes: YUV420Planes, bands: Int = ProcessInfoCores.active) {
        let rowPairs = (frame.height + 1) / 2
        let bandCount = max(1, min(bands, rowPairs))
        frame.withPixels { pixels in
            ParallelWork.perform(iterations: bandCount) { band in
                convert(rowPairs: (rowPairs * band / bandCount)..<(rowPairs * (band + 1) / bandCount), of: pixels, into: planes)
            }
        }
    }

    /// Converts luma rows 2·p and 2·p + 1 and chroma row p for each p in `rowPairs`: a pair needs
    /// no other rows, so the renderer converts each stripe of rows right after drawing it. Given
    /// `columns` (starting on an even column), only their luma and the chroma samples level with
    /// them (which read one column more on either side), leaving the rest of the planes as they are.
    package static func convert(rowPairs: Range<Int>, of pixels: PixelRows<UInt32>, columns: Range<Int>? = nil,
                                into planes: YUV420Planes) {
        let columns = columns ?? 0..<pixels.width
        precondition(columns.lowerBound % 2 == 0 && columns.lowerBound >= 0 && columns.upperBound <= pixels.width,
                     "columns within the frame, from an even one")
        for pair in rowPairs {
            convertRowPair(pair, of: pixels, columns: columns, into: planes)
        }
    }

    /// The matrix in fixed point. Luma from one pixel in units of 1/32768: every coefficient then
    /// fits a signed 16-bit lane, so the compiler multiplies with SSE2's 16-bit multiply-add.
    /// Chroma from the 1-2-1 weighted sum of six pixels (eight weights, hence 3 more bits) in
    /// units of 1/65536. `BT709ConversionTests` derives each from the standard's kr = 0.2126,
    /// kb = 0.0722 and the 219 and 224 level scales. Literals, so the compiler knows every
    /// product is of two 16-bit numbers (SSE2 has no 32-bit multiply: from values it cannot
    /// bound, a product of four lanes takes nine instructions).
    enum Coefficients {
        static let yr: Int32 = 5983, yg: Int32 = 20127, yb: Int32 = 2032
        static let cbr: Int32 = -6596, cbg: Int32 = -22189, cbb: Int32 = 28784
        static let crr: Int32 = 28784, crg: Int32 = -26145, crb: Int32 = -2639
        static let lumaOffset: Int32 = (16 << 15) + (1 << 14), chromaOffset: Int32 = (128 << 19) + (1 << 18)
    }

    /// Luma rows 2·pair and 2·pair + 1 (the last row repeated for an odd height) and chroma row
    /// `pair`, in `columns` (from an even one).
    @inline(__always)
    private static func convertRowPair(_ pair: Int, of pixels: PixelRows<UInt32>, columns: Range<Int>, into planes: YUV420Planes) {
        let height = pixels.height, (left, count) = (columns.lowerBound, columns.count)
        let top = pixels.row(2 * pair)
        let bottom = pixels.row(min(2 * pair + 1, height - 1))
        convertLuma(top + left, width: count, into: planes.luma + 2 * pair * planes.lumaStride + left)
        if 2 * pair + 1 < height {
            convertLuma(bottom + left, width: count, into: planes.luma + (2 * pair + 1) * planes.lumaStride + left)
        }
        convertChroma(top, bottom, width: pixels.width, samples: (left / 2)..<((columns.upperBound + 1) / 2),
                      into: planes.cb + pair * planes.chromaStride, planes.cr + pair * planes.chromaStride)
    }

    /// Chroma samples `samples` of a row from rows `top` and `bottom`, `width` pixels wide:
    /// sample i from columns 2i − 1, 2i and 2i + 1 weighted 1-2-1 (the edges extended). The
    /// weighted sum of the six pixels is taken before the matrix, which is linear: the same
    /// integers as the matrix applied to each and summed, for one product a channel instead of six.
    @inline(__always)
    private static func convertChroma(_ top: UnsafePointer<UInt32>, _ bottom: UnsafePointer<UInt32>, width: Int, samples: Range<Int>,
                                      into cb: UnsafeMutablePointer<UInt8>, _ cr: UnsafeMutablePointer<UInt8>) {
        typealias K = Coefficients
        // A column's red and blue summed over both rows as two 16-bit fields of one lane, and its
        // green and alpha likewise (alpha's sum overflows the lane's top, and is never read):
        // one addition sums two channels, and eight 8-bit values never carry out of a field.
        func columnSums(_ x: Int) -> (redBlue: UInt32, green: UInt32) {
            let upper = top[x], lower = bottom[x]
            let redBlue = (upper & 0x00FF_00FF) &+ (lower & 0x00FF_00FF)
            return (redBlue, (upper &+ lower &- redBlue) &>> 8)
        }
        func sample(_ left: Int, _ centre: Int, _ right: Int, into i: Int) {
            let l = columnSums(left), c = columnSums(centre), r = columnSums(right)
            let redBlue = l.redBlue &+ c.redBlue &<< 1 &+ r.redBlue, green = l.green &+ c.green &<< 1 &+ r.green
            // Each sum is at most 8 · 255, under 4096: masked so, the compiler knows it a 16-bit number.
            let red = Int32(redBlue & 0xFFF), blue = Int32(redBlue &>> 16 & 0xFFF), g = Int32(green & 0xFFF)
            let u = K.cbr &* red &+ K.cbg &* g &+ K.cbb &* blue &+ K.chromaOffset
            let v = K.crr &* red &+ K.crg &* g &+ K.crb &* blue &+ K.chromaOffset
            // Both lie in 16...240, so clamping changes nothing; unlike truncating, it keeps every
            // bit of the products wanted, so the compiler keeps the 16-bit multiplies.
            cb[i] = UInt8(clamping: u &>> 19)
            cr[i] = UInt8(clamping: v &>> 19)
        }
        guard !samples.isEmpty else { return }
        guard width > 1 else { return sample(0, 0, 0, into: 0) }
        if samples.lowerBound == 0 { sample(0, 0, 1, into: 0) }
        // The samples with both neighbours in the row (wrapping arithmetic: 2i + 1 < width, and
        // the compiler then vectorises the loop).
        let first = max(samples.lowerBound, 1), end = min(samples.upperBound, width / 2)
        if first < end {
            for i in first..<end {
                sample(2 &* i &- 1, 2 &* i, 2 &* i &+ 1, into: i)
            }
        }
        if width % 2 == 1, samples.contains(width / 2) {
            // The last column has no right neighbour: it stands in for one.
            sample(width - 2, width - 1, width - 1, into: width / 2)
        }
    }

    /// One row of luma: a plain loop over 32-bit lanes, which the compiler vectorises.
    @inline(__always)
    static func convertLuma(_ row: UnsafePointer<UInt32>, width: Int, into luma: UnsafeMutablePointer<UInt8>) {
        typealias K = Coefficients
        for x in 0..<width {
            let pixel = row[x]
            let r = Int32(pixel & 0xFF), g = Int32(pixel &>> 8 & 0xFF), b = Int32(pixel &>> 16 & 0xFF)
            luma[x] = UInt8(truncatingIfNeeded: (K.yr &* r &+ K.yg &* g &+ K.yb &* b &+ K.lumaOffset) &>> 15)
        }
    }
}
