import Dispatch

/// The planes of an 8-bit 4:2:0 picture to be filled: luma at full size, Cb and Cr at half the
/// width and height (rounded up). Rows are `stride` bytes apart.
public struct YUV420Planes: @unchecked Sendable {
    public var luma: UnsafeMutablePointer<UInt8>, lumaStride: Int
    public var cb: UnsafeMutablePointer<UInt8>, cr: UnsafeMutablePointer<UInt8>, chromaStride: Int

    public init(luma: UnsafeMutablePointer<UInt8>, lumaStride: Int,
                cb: UnsafeMutablePointer<UInt8>, cr: UnsafeMutablePointer<UInt8>, chromaStride: Int) {
        (self.luma, self.lumaStride, self.cb, self.cr, self.chromaStride) = (luma, lumaStride, cb, cr, chromaStride)
    }
}

/// Frames to video colour: R′G′B′ to Y′CbCr with the BT.709 matrix, limited ("TV") range, 4:2:0
/// — what every player assumes for HD video, and what the encoders tag. Chroma is sited as
/// H.264 and VP9 expect by default: level with the even luma columns, between each pair of
/// rows, so each chroma sample filters its 2×3 neighbourhood with weights 1-2-1 across.
public enum BT709Conversion {
    /// Converts `frame` (premultiplied RGBA already composited over the background, so alpha
    /// is ignored) into `planes`, splitting the rows across the cores.
    public static func convert(_ frame: Image, into planes: YUV420Planes, bands: Int = ProcessInfoCores.active) {
        let rowPairs = (frame.height + 1) / 2
        let coefficients = Coefficients()
        let bandCount = max(1, min(bands, rowPairs))
        frame.pixels.withUnsafeBytes { bytes in
            let pixels = SendablePointer(UnsafeMutablePointer(mutating: bytes.bindMemory(to: UInt32.self).baseAddress!))
            DispatchQueue.concurrentPerform(iterations: bandCount) { band in
                for pair in (rowPairs * band / bandCount)..<(rowPairs * (band + 1) / bandCount) {
                    convertRowPair(pair, of: pixels.pointer, width: frame.width, height: frame.height, into: planes,
                                   coefficients: coefficients)
                }
            }
        }
    }

    /// The matrix in 16-bit fixed point: luma from one pixel, chroma from the weighted sum of
    /// eight (hence 3 more bits). Plain stored values, so the loops read them from registers.
    private struct Coefficients {
        let yr, yg, yb, cbr, cbg, cbb, crr, crg, crb: Int
        let lumaOffset = (16 << 16) + (1 << 15), chromaOffset = (128 << 19) + (1 << 18)

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
    /// `pair`.
    @inline(__always)
    private static func convertRowPair(_ pair: Int, of pixels: UnsafePointer<UInt32>, width: Int, height: Int,
                                       into planes: YUV420Planes, coefficients k: Coefficients) {
        let top = pixels + 2 * pair * width
        let bottom = pixels + min(2 * pair + 1, height - 1) * width
        convertLuma(top, width: width, into: planes.luma + 2 * pair * planes.lumaStride, coefficients: k)
        if 2 * pair + 1 < height {
            convertLuma(bottom, width: width, into: planes.luma + (2 * pair + 1) * planes.lumaStride, coefficients: k)
        }
        let cb = planes.cb + pair * planes.chromaStride, cr = planes.cr + pair * planes.chromaStride
        /// Column x's R, G, B summed over both rows.
        @inline(__always)
        func column(_ x: Int) -> (r: Int, g: Int, b: Int) {
            let upper = channels(top[x]), lower = channels(bottom[x])
            return (upper.r &+ lower.r, upper.g &+ lower.g, upper.b &+ lower.b)
        }
        // Left of the first column is the first column again: the edge is extended.
        var left = column(0)
        for i in 0..<((width + 1) / 2) {
            let centre = column(2 * i)
            let right = 2 * i + 1 < width ? column(2 * i + 1) : centre
            let r = left.r &+ 2 &* centre.r &+ right.r, g = left.g &+ 2 &* centre.g &+ right.g
            let b = left.b &+ 2 &* centre.b &+ right.b
            cb[i] = UInt8(truncatingIfNeeded: (k.cbr &* r &+ k.cbg &* g &+ k.cbb &* b &+ k.chromaOffset) &>> 19)
            cr[i] = UInt8(truncatingIfNeeded: (k.crr &* r &+ k.crg &* g &+ k.crb &* b &+ k.chromaOffset) &>> 19)
            left = right
        }
    }

    /// One row of luma: a plain loop over 32-bit lanes, which the compiler vectorises.
    @inline(__always)
    private static func convertLuma(_ row: UnsafePointer<UInt32>, width: Int, into luma: UnsafeMutablePointer<UInt8>,
                                    coefficients k: Coefficients) {
        let yr = Int32(k.yr), yg = Int32(k.yg), yb = Int32(k.yb), offset = Int32(k.lumaOffset)
        for x in 0..<width {
            let pixel = row[x]
            let r = Int32(pixel & 0xFF), g = Int32(pixel &>> 8 & 0xFF), b = Int32(pixel &>> 16 & 0xFF)
            luma[x] = UInt8(truncatingIfNeeded: (yr &* r &+ yg &* g &+ yb &* b &+ offset) &>> 16)
        }
    }

    @inline(__always)
    private static func channels(_ pixel: UInt32) -> (r: Int, g: Int, b: Int) {
        (Int(pixel & 0xFF), Int(pixel &>> 8 & 0xFF), Int(pixel &>> 16 & 0xFF))
    }
}
