import Dispatch

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
            DispatchQueue.concurrentPerform(iterations: bandCount) { band in
                convert(rowPairs: (rowPairs * band / bandCount)..<(rowPairs * (band + 1) / bandCount), of: pixels, into: planes)
            }
        }
    }

    /// Converts luma rows 2·p and 2·p + 1 and chroma row p for each p in `rowPairs`: a pair needs
    /// no other rows, so the renderer converts each stripe of rows right after drawing it.
    package static func convert(rowPairs: Range<Int>, of pixels: PixelRows<UInt32>, into planes: YUV420Planes) {
        // Per column of a row pair, its Cb and Cr before filtering across columns (see below).
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 4 * ((pixels.width + 1) / 2)) { columns in
            for pair in rowPairs {
                convertRowPair(pair, of: pixels, into: planes, columns: columns.baseAddress!)
            }
        }
    }

    /// The matrix in 16-bit fixed point: luma from one pixel, chroma from the weighted sum of
    /// eight (hence 3 more bits). `BT709ConversionTests` derives each from the standard's
    /// kr = 0.2126, kb = 0.0722 and the 219 and 224 level scales. Literals, so the compiler knows
    /// every product is of two 16-bit numbers and multiplies eight lanes at once (SSE2 has no
    /// 32-bit multiply: from values it cannot bound, a product of four lanes takes nine instructions).
    enum Coefficients {
        static let yr: Int32 = 11966, yg: Int32 = 40254, yb: Int32 = 4064
        static let cbr: Int32 = -6596, cbg: Int32 = -22189, cbb: Int32 = 28784
        static let crr: Int32 = 28784, crg: Int32 = -26145, crb: Int32 = -2639
        static let lumaOffset: Int32 = (16 << 16) + (1 << 15), chromaOffset: Int32 = (128 << 19) + (1 << 18)
    }

    /// Luma rows 2·pair and 2·pair + 1 (the last row repeated for an odd height) and chroma row
    /// `pair`. `columns` has room for four values per chroma sample.
    @inline(__always)
    private static func convertRowPair(_ pair: Int, of pixels: PixelRows<UInt32>, into planes: YUV420Planes,
                                       columns: UnsafeMutablePointer<Int32>) {
        let width = pixels.width, height = pixels.height
        let top = pixels.row(2 * pair)
        let bottom = pixels.row(min(2 * pair + 1, height - 1))
        convertLuma(top, width: width, into: planes.luma + 2 * pair * planes.lumaStride)
        if 2 * pair + 1 < height {
            convertLuma(bottom, width: width, into: planes.luma + (2 * pair + 1) * planes.lumaStride)
        }
        // Chroma in plain loops the compiler vectorises as it does luma: first each column's Cb
        // and Cr over both rows, even and odd columns apart, so that the 1-2-1 filter across
        // columns reads each at unit stride.
        let samples = (width + 1) / 2
        let cb = (even: columns, odd: columns + samples), cr = (even: columns + 2 * samples, odd: columns + 3 * samples)
        typealias K = Coefficients
        func column(_ x: Int, into i: Int, of cbColumns: UnsafeMutablePointer<Int32>, _ crColumns: UnsafeMutablePointer<Int32>) {
            let upper = top[x], lower = bottom[x]
            let r = Int32(upper & 0xFF) &+ Int32(lower & 0xFF)
            let g = Int32(upper &>> 8 & 0xFF) &+ Int32(lower &>> 8 & 0xFF)
            let b = Int32(upper &>> 16 & 0xFF) &+ Int32(lower &>> 16 & 0xFF)
            cbColumns[i] = K.cbr &* r &+ K.cbg &* g &+ K.cbb &* b
            crColumns[i] = K.crr &* r &+ K.crg &* g &+ K.crb &* b
        }
        for i in 0..<(width / 2) {
            column(2 * i, into: i, of: cb.even, cr.even)
            column(2 * i + 1, into: i, of: cb.odd, cr.odd)
        }
        if width % 2 == 1 {
            // The last column has no right neighbour: it stands in for one (the edge extended).
            column(width - 1, into: samples - 1, of: cb.even, cr.even)
            (cb.odd[samples - 1], cr.odd[samples - 1]) = (cb.even[samples - 1], cr.even[samples - 1])
        }
        filterColumns(cb, samples: samples, into: planes.cb + pair * planes.chromaStride)
        filterColumns(cr, samples: samples, into: planes.cr + pair * planes.chromaStride)
    }

    /// Chroma sample i from columns 2i − 1, 2i and 2i + 1 weighted 1-2-1 (the edges extended):
    /// odd column i − 1, even column i and odd column i.
    @inline(__always)
    private static func filterColumns(_ columns: (even: UnsafeMutablePointer<Int32>, odd: UnsafeMutablePointer<Int32>), samples: Int,
                                      into chroma: UnsafeMutablePointer<UInt8>) {
        func sample(_ left: Int32, _ centre: Int32, _ right: Int32) -> UInt8 {
            UInt8(truncatingIfNeeded: (left &+ 2 &* centre &+ right &+ Coefficients.chromaOffset) &>> 19)
        }
        let (even, odd) = columns
        chroma[0] = sample(even[0], even[0], odd[0])
        for i in 1..<max(1, samples) {
            chroma[i] = sample(odd[i - 1], even[i], odd[i])
        }
    }

    /// One row of luma: a plain loop over 32-bit lanes, which the compiler vectorises.
    @inline(__always)
    private static func convertLuma(_ row: UnsafePointer<UInt32>, width: Int, into luma: UnsafeMutablePointer<UInt8>) {
        typealias K = Coefficients
        for x in 0..<width {
            let pixel = row[x]
            let r = Int32(pixel & 0xFF), g = Int32(pixel &>> 8 & 0xFF), b = Int32(pixel &>> 16 & 0xFF)
            luma[x] = UInt8(truncatingIfNeeded: (K.yr &* r &+ K.yg &* g &+ K.yb &* b &+ K.lumaOffset) &>> 16)
        }
    }
}
