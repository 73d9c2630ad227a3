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
        let coefficients = Coefficients()
        // Per column of a row pair, its Cb and Cr before filtering across columns.
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * pixels.width) { columns in
            for pair in rowPairs {
                convertRowPair(pair, of: pixels, into: planes, coefficients: coefficients, columns: columns.baseAddress!)
            }
        }
    }

    /// The matrix in 16-bit fixed point: luma from one pixel, chroma from the weighted sum of
    /// eight (hence 3 more bits). Plain stored values, so the loops read them from registers.
    private struct Coefficients {
        let yr, yg, yb, cbr, cbg, cbb, crr, crg, crb: Int
        let lumaOffset = (16 << 16) + (1 << 15), chromaOffset = (128 << 19) + (1 << 18)

        /// A chroma coefficient as a 32-bit lane value known to fit 16 signed bits.
        @inline(__always)
        static func narrow(_ coefficient: Int) -> Int32 {
            Int32(Int16(coefficient))
        }

        init() {
            let kr = 0.2126, kb = 0.0722, kg = 1 - kr - kb
            let lumaScale = 219.0 / 255 * 65536, chromaScale = 224.0 / 255 * 65536
            func fixed(_ value: Double) -> Int { Int(value.rounded()) }
            (yr, yg, yb) = (fixed(kr * lumaScale), fixed(kg * lumaScale), fixed(kb * lumaScale))
            let blueDifference = chromaScale / (2 * (1 - kb)), redDifference = chromaScale / (2 * (1 - kr))
            (cbr, cbg, cbb) = (fixed(-kr * blueDifference), fixed(-kg * blueDifference), fixed(chromaScale / 2))
            (crr, crg, crb) = (fixed(chromaScale / 2), fixed(-kg * redDifference), fixed(-kb * redDifference))
        }
    }

    /// Luma rows 2·pair and 2·pair + 1 (the last row repeated for an odd height) and chroma row
    /// `pair`. `columns` has room for twice the width.
    @inline(__always)
    private static func convertRowPair(_ pair: Int, of pixels: PixelRows<UInt32>, into planes: YUV420Planes,
                                       coefficients k: Coefficients, columns: UnsafeMutablePointer<Int32>) {
        let width = pixels.width, height = pixels.height
        let top = pixels.row(2 * pair)
        let bottom = pixels.row(min(2 * pair + 1, height - 1))
        convertLuma(top, width: width, into: planes.luma + 2 * pair * planes.lumaStride, coefficients: k)
        if 2 * pair + 1 < height {
            convertLuma(bottom, width: width, into: planes.luma + (2 * pair + 1) * planes.lumaStride, coefficients: k)
        }
        // Chroma in two plain loops the compiler vectorises as it does luma: first each column's
        // Cb and Cr over both rows, then the 1-2-1 filter across columns.
        let cbColumns = columns, crColumns = columns + width
        // Every chroma coefficient fits 16 signed bits: said so, the loop multiplies in 16-bit
        // lanes (where the target has no 32-bit vector multiply, emulating one costs several
        // instructions a lane).
        let cbr = Coefficients.narrow(k.cbr), cbg = Coefficients.narrow(k.cbg), cbb = Coefficients.narrow(k.cbb)
        let crr = Coefficients.narrow(k.crr), crg = Coefficients.narrow(k.crg), crb = Coefficients.narrow(k.crb)
        for x in 0..<width {
            let upper = top[x], lower = bottom[x]
            let r = Int32(upper & 0xFF) &+ Int32(lower & 0xFF)
            let g = Int32(upper &>> 8 & 0xFF) &+ Int32(lower &>> 8 & 0xFF)
            let b = Int32(upper &>> 16 & 0xFF) &+ Int32(lower &>> 16 & 0xFF)
            cbColumns[x] = cbr &* r &+ cbg &* g &+ cbb &* b
            crColumns[x] = crr &* r &+ crg &* g &+ crb &* b
        }
        filterColumns(cbColumns, width: width, into: planes.cb + pair * planes.chromaStride, offset: Int32(k.chromaOffset))
        filterColumns(crColumns, width: width, into: planes.cr + pair * planes.chromaStride, offset: Int32(k.chromaOffset))
    }

    /// Chroma sample i from columns 2i − 1, 2i and 2i + 1 weighted 1-2-1 (the edges extended).
    @inline(__always)
    private static func filterColumns(_ columns: UnsafePointer<Int32>, width: Int, into chroma: UnsafeMutablePointer<UInt8>,
                                      offset: Int32) {
        let samples = (width + 1) / 2
        func sample(_ left: Int32, _ centre: Int32, _ right: Int32) -> UInt8 {
            UInt8(truncatingIfNeeded: (left &+ 2 &* centre &+ right &+ offset) &>> 19)
        }
        // The first and last samples reach past the edge; those between never do.
        chroma[0] = sample(columns[0], columns[0], columns[min(1, width - 1)])
        if samples > 2 {
            for i in 1..<(samples - 1) {
                chroma[i] = sample(columns[2 &* i &- 1], columns[2 &* i], columns[2 &* i &+ 1])
            }
        }
        if samples > 1 {
            let last = samples - 1
            chroma[last] = sample(columns[2 * last - 1], columns[2 * last], columns[min(2 * last + 1, width - 1)])
        }
    }

    /// One row of luma: a plain loop over 32-bit lanes, which the compiler vectorises.
    @inline(__always)
    private static func convertLuma(_ row: UnsafePointer<UInt32>, width: Int, into luma: UnsafeMutablePointer<UInt8>,
                                    coefficients k: Coefficients) {
        // The coefficients fit 16 unsigned bits: said so, the loop multiplies in 16-bit lanes.
        let yr = Int32(UInt16(k.yr)), yg = Int32(UInt16(k.yg)), yb = Int32(UInt16(k.yb)), offset = Int32(k.lumaOffset)
        for x in 0..<width {
            let pixel = row[x]
            let r = Int32(pixel & 0xFF), g = Int32(pixel &>> 8 & 0xFF), b = Int32(pixel &>> 16 & 0xFF)
            luma[x] = UInt8(truncatingIfNeeded: (yr &* r &+ yg &* g &+ yb &* b &+ offset) &>> 16)
        }
    }
}
