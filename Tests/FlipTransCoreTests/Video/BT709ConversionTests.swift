import Testing
@testable import FlipTransCore

struct BT709ConversionTests {
    /// `image` converted, as tightly packed planes.
    func convert(_ image: Image, bands: Int = 2) -> (y: [UInt8], cb: [UInt8], cr: [UInt8]) {
        let chromaWidth = (image.width + 1) / 2, chromaHeight = (image.height + 1) / 2
        var y = [UInt8](repeating: 0, count: image.width * image.height)
        var cb = [UInt8](repeating: 0, count: chromaWidth * chromaHeight), cr = cb
        y.withUnsafeMutableBufferPointer { y in
            cb.withUnsafeMutableBufferPointer { cb in
                cr.withUnsafeMutableBufferPointer { cr in
                    let planes = YUV420Planes(luma: y.baseAddress!, lumaStride: image.width,
                                              cb: cb.baseAddress!, cr: cr.baseAddress!, chromaStride: chromaWidth)
                    BT709Conversion.convert(image, into: planes, bands: bands)
                }
            }
        }
        return (y, cb, cr)
    }

    // The BT.709 limited-range values of the primaries, black and white (ITU-R BT.709 with the
    // 219 and 224 level scales), on an odd size so the extended edges are checked too.
    @Test(arguments: [
        (Color.white, 235, 128, 128), (Color.black, 16, 128, 128),
        (Color(red: 255, green: 0, blue: 0), 63, 102, 240), (Color(red: 0, green: 255, blue: 0), 173, 42, 26),
        (Color(red: 0, green: 0, blue: 255), 32, 240, 118),
    ])
    func solidColoursGiveTheStandardLevels(colour: Color, y: Int, cb: Int, cr: Int) {
        let planes = convert(Image(width: 5, height: 3, filledWith: colour))
        #expect(planes.y.allSatisfy { Int($0) == y })
        #expect(planes.cb.allSatisfy { Int($0) == cb })
        #expect(planes.cr.allSatisfy { Int($0) == cr })
    }

    /// The fixed-point matrix is written as literals (so the compiler can bound its products):
    /// each is the standard's value, from kr = 0.2126, kb = 0.0722, 219 levels of luma and 224
    /// of chroma, luma in units of 1/32768 and chroma of 1/65536.
    @Test func coefficientsAreTheStandardMatrix() {
        typealias K = BT709Conversion.Coefficients
        let kr = 0.2126, kb = 0.0722, kg = 1 - kr - kb
        let lumaScale = 219.0 / 255 * 32768, chromaScale = 224.0 / 255 * 65536
        let blue = chromaScale / (2 * (1 - kb)), red = chromaScale / (2 * (1 - kr))
        func fixed(_ value: Double) -> Int32 { Int32(value.rounded()) }
        #expect([K.yr, K.yg, K.yb] == [kr, kg, kb].map { fixed($0 * lumaScale) })
        #expect([K.cbr, K.cbg, K.cbb] == [fixed(-kr * blue), fixed(-kg * blue), fixed(chromaScale / 2)])
        #expect([K.crr, K.crg, K.crb] == [fixed(chromaScale / 2), fixed(-kg * red), fixed(-kb * red)])
        #expect(K.lumaOffset == (16 << 15) + (1 << 14) && K.chromaOffset == (128 << 19) + (1 << 18))
    }

    /// Random pixels (alpha too, which is ignored; many channels at 0 or 255, the extremes of
    /// every sum), odd and even widths on both sides of the vector loops' lengths, against the
    /// fixed-point formula written out pixel by pixel: luma from each pixel in units of
    /// 1/65536, each chroma sample the sum of its six pixels' matrix products weighted 1-2-1
    /// (the edges extended), shifted once. The conversion sums the pixels before one matrix
    /// product, and takes luma in units of 1/32768: the same integers, so the same bytes.
    @Test(arguments: [(1, 1), (2, 3), (3, 2), (7, 5), (16, 2), (33, 3), (67, 4), (130, 1), (131, 3)])
    func randomPixelsMatchThePerPixelFormulaExactly(width: Int, height: Int) {
        var state = UInt32(width * 977 + height)
        let pixels = (0..<(width * height * 4)).map { _ -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            switch state >> 29 { case 0: return 0; case 1: return 255; default: return UInt8(state >> 21 & 0xFF) }
        }
        let image = Image(width: width, height: height, pixels: pixels)
        let planes = convert(image)
        func rgb(_ x: Int, _ y: Int) -> [Int] {
            let at = (min(y, height - 1) * width + min(max(x, 0), width - 1)) * 4
            return (0..<3).map { Int(pixels[at + $0]) }
        }
        for y in 0..<height {
            for x in 0..<width {
                let c = rgb(x, y)
                let luma = (11966 * c[0] + 40254 * c[1] + 4064 * c[2] + (16 << 16) + (1 << 15)) >> 16
                #expect(Int(planes.y[y * width + x]) == luma, "luma at \(x), \(y)")
            }
        }
        for pair in 0..<((height + 1) / 2) {
            for i in 0..<((width + 1) / 2) {
                var (cb, cr) = (0, 0)
                for (dx, weight) in [(-1, 1), (0, 2), (1, 1)] {
                    for row in [2 * pair, 2 * pair + 1] {
                        let c = rgb(2 * i + dx, row)
                        cb += weight * (-6596 * c[0] - 22189 * c[1] + 28784 * c[2])
                        cr += weight * (28784 * c[0] - 26145 * c[1] - 2639 * c[2])
                    }
                }
                let at = pair * ((width + 1) / 2) + i, offset = (128 << 19) + (1 << 18)
                #expect(Int(planes.cb[at]) == (cb + offset) >> 19, "Cb sample \(i), row pair \(pair)")
                #expect(Int(planes.cr[at]) == (cr + offset) >> 19, "Cr sample \(i), row pair \(pair)")
            }
        }
    }

    @Test func chromaIsSitedOnTheEvenColumns() {
        // A red column on black. Sited on even columns, chroma sample i filters columns
        // 2i − 1, 2i, 2i + 1 with weights ¼, ½, ¼: red at column 2 counts half in sample 1;
        // red at column 3 counts a quarter in samples 1 and 2.
        func redColumn(_ x: Int) -> [UInt8] {
            var image = Image(width: 8, height: 2, filledWith: .black)
            for row in 0..<2 { image.pixels[(row * 8 + x) * 4] = 255 }
            return convert(image).cr
        }
        #expect(redColumn(2) == [128, 184, 128, 128])
        #expect(redColumn(3) == [128, 156, 156, 128])
    }

    /// Every sample of noise, odd and even sizes, against the conversion written out plainly:
    /// each pixel's matrix product in real numbers, chroma averaged over the two rows and the
    /// columns 2i − 1, 2i, 2i + 1 weighted 1-2-1 (the edges extended), rounded once. The
    /// fixed-point conversion may differ by its rounding, never by more than one level.
    @Test(arguments: [(7, 5), (8, 4), (1, 3), (33, 2)])
    func noiseMatchesThePlainFormula(width: Int, height: Int) {
        let image = TestImages.noise(width, height, seed: UInt32(width * 31 + height))
        let planes = convert(image)
        func rgb(_ x: Int, _ y: Int) -> [Double] {
            let at = (min(y, height - 1) * width + min(max(x, 0), width - 1)) * 4
            return (0..<3).map { Double(image.pixels[at + $0]) / 255 }
        }
        let kr = 0.2126, kb = 0.0722, kg = 1 - kr - kb
        var worst = 0.0
        for y in 0..<height {
            for x in 0..<width {
                let c = rgb(x, y)
                let luma = 16 + 219 * (kr * c[0] + kg * c[1] + kb * c[2])
                worst = max(worst, abs(luma - Double(planes.y[y * width + x])))
            }
        }
        for pair in 0..<((height + 1) / 2) {
            for i in 0..<((width + 1) / 2) {
                var sum = [0.0, 0.0, 0.0]
                for (dx, weight) in [(-1, 0.25), (0, 0.5), (1, 0.25)] {
                    for row in [2 * pair, 2 * pair + 1] {
                        let c = rgb(2 * i + dx, row)
                        for channel in 0..<3 { sum[channel] += weight * 0.5 * c[channel] }
                    }
                }
                let luma = kr * sum[0] + kg * sum[1] + kb * sum[2]
                let cb = 128 + 224 * (sum[2] - luma) / (2 * (1 - kb)), cr = 128 + 224 * (sum[0] - luma) / (2 * (1 - kr))
                let at = pair * ((width + 1) / 2) + i
                worst = max(worst, abs(cb - Double(planes.cb[at])), abs(cr - Double(planes.cr[at])))
            }
        }
        #expect(worst <= 1, "largest difference \(worst) levels")
    }

    /// Converting only some columns (from an even one) writes their luma and the chroma samples
    /// level with them, the same as converting the whole row, and leaves everything else alone.
    @Test(arguments: [0..<31, 0..<1, 2..<9, 4..<31, 30..<31, 6..<7, 10..<12])
    func columnsAreConvertedAsInTheWholeRowAndNoOthers(columns: Range<Int>) {
        let image = TestImages.noise(31, 6)
        let whole = convert(image)
        let (chromaWidth, height) = (16, 3)
        var y = [UInt8](repeating: 0, count: 31 * 6), cb = [UInt8](repeating: 0, count: chromaWidth * height), cr = cb
        y.withUnsafeMutableBufferPointer { y in
            cb.withUnsafeMutableBufferPointer { cb in
                cr.withUnsafeMutableBufferPointer { cr in
                    let planes = YUV420Planes(luma: y.baseAddress!, lumaStride: 31, cb: cb.baseAddress!, cr: cr.baseAddress!,
                                              chromaStride: chromaWidth)
                    image.withPixels { BT709Conversion.convert(rowPairs: 0..<height, of: $0, columns: columns, into: planes) }
                }
            }
        }
        let samples = (columns.lowerBound / 2)..<((columns.upperBound + 1) / 2)
        for row in 0..<6 {
            for x in 0..<31 {
                #expect(y[row * 31 + x] == (columns.contains(x) ? whole.y[row * 31 + x] : 0), "luma \(x), \(row)")
            }
        }
        for row in 0..<height {
            for i in 0..<chromaWidth {
                let at = row * chromaWidth + i
                #expect(cb[at] == (samples.contains(i) ? whole.cb[at] : 0) && cr[at] == (samples.contains(i) ? whole.cr[at] : 0),
                        "chroma \(i), \(row)")
            }
        }
    }

    @Test func bandsDoNotChangeTheResult() {
        let image = TestImages.noise(30, 17)
        let single = convert(image, bands: 1), several = convert(image, bands: 4)
        #expect(single.y == several.y && single.cb == several.cb && single.cr == several.cr)
    }
}

struct FusedConversionTests {
    // Odd sizes (a last stripe cut short, ending in half a row pair), one band or several, a
    // band drawing one stripe or several, frames of one stripe and of several: converting each
    // stripe as it is drawn, with no frame, gives the picture that converting the rendered
    // frame afterwards does.
    @Test(arguments: [(33, 25, 1), (33, 25, 2), (40, 51, 3), (17, 70, 4), (64, 9, 2)])
    func convertingWhileDrawingGivesTheSamePicture(width: Int, height: Int, bands: Int) throws {
        let scene = try Flip().scene(of: [TestImages.photoLike(width, height), TestImages.noise(width, height)],
                                     progress: 0.3, background: .black)
        let renderer = Renderer(bands: bands)
        let size = PixelSize(width: width, height: height)
        let fused = try YUV420Picture(size: size), separate = try YUV420Picture(size: size)
        try renderer.render(scene, convertingInto: fused.planes)
        BT709Conversion.convert(renderer.render(scene), into: separate.planes, bands: 1)
        let count = width * height + 2 * ((width + 1) / 2) * ((height + 1) / 2)
        #expect(Array(UnsafeBufferPointer(start: fused.planes.luma, count: count))
                == Array(UnsafeBufferPointer(start: separate.planes.luma, count: count)))
    }
}
