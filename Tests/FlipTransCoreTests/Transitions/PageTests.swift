import Foundation
import FlipTransCore
import Testing

/// The page transition against docs/transitions/page.md: where each half goes, exact end frames,
/// the edge-on sheet at e = ½, the projection, and the shadows.
struct PageTests {
    static let sizes = [PixelSize(width: 64, height: 48), PixelSize(width: 63, height: 47)]
    static let reverseOrNot = [false, true]

    // MARK: Where the halves go

    @Test(arguments: PageTests.sizes, Direction.allCases)
    func staticHalvesArePixelExactThroughout(size: PixelSize, direction: Direction) throws {
        let (a, b) = (patterned(size, seed: 1), patterned(size, seed: 2))
        let halves = PageTests.halves(size, direction)
        for reverse in PageTests.reverseOrNot {
            let page = try Page(direction: direction, reverse: reverse)
            // Stage 1 leaves A's facing page alone; stage 2 leaves B's reveal page alone.
            for e in [0.05, 0.25, 0.45, 0.499] {
                let frame = render(page, a, b, e)
                #expect(bytes(of: frame, in: halves.staying) == bytes(of: a, in: halves.staying), "e = \(e)")
            }
            for e in [0.501, 0.55, 0.75, 0.95] {
                let frame = render(page, a, b, e)
                #expect(bytes(of: frame, in: halves.turning) == bytes(of: b, in: halves.turning), "e = \(e)")
            }
        }
    }

    @Test(arguments: PageTests.sizes, PageTests.reverseOrNot)
    func firstFrameIsAAndLastFrameIsBExactly(size: PixelSize, reverse: Bool) throws {
        // Translucent images on a transparent background: a hidden page must not show through.
        let (a, b) = (patterned(size, seed: 3, translucent: true), patterned(size, seed: 4, translucent: true))
        for direction in Direction.allCases {
            let page = try Page(direction: direction, reverse: reverse)
            let timing = page.defaultTiming
            #expect(render(page, a, b, timing.progress(at: 0)) == a, "\(direction)")
            #expect(render(page, a, b, timing.progress(at: 1)) == b, "\(direction)")
        }
    }

    /// The turning page hides the page it lifts off (stage 1) and the one it comes down on (stage
    /// 2) even where it is transparent, as it did lying flat: the page under it does not show
    /// through all at once the moment it moves. Under reverse perspective too.
    @Test(arguments: Direction.allCases, PageTests.reverseOrNot)
    func turningPageHidesThePageUnderIt(direction: Direction, reverse: Bool) throws {
        let size = PageTests.sizes[0]
        let (clear, red) = (Image(width: size.width, height: size.height, filledWith: .transparent),
                            Image(width: size.width, height: size.height, filledWith: PageTests.red))
        let page = try Page(direction: direction, reverse: reverse)
        let halves = PageTests.halves(size, direction)
        // Turned by 9° (stage 1) or 9° short of flat (stage 2), the page still covers the middle of its half.
        for (e, a, b, half) in [(0.05, clear, red, halves.turning), (0.95, red, clear, halves.staying)] {
            let frame = render(page, a, b, e)
            let (x, y) = (half.x + half.width / 2, half.y + half.height / 2)
            #expect(frame.pixel(x: x, y: y) == (0, 0, 0, 0), "e = \(e): (\(x), \(y))")
        }
    }

    /// The renderer copies a panel only while it sits still and has no gradient; a copy is the
    /// cheap path, and the only exact one once images are not sampled at texel centres.
    @Test(arguments: Direction.allCases, PageTests.reverseOrNot)
    func endFramesAreMadeOfStillUngradedPages(direction: Direction, reverse: Bool) throws {
        let page = try Page(direction: direction, reverse: reverse)
        for e in [0.0, 1.0] {
            let scene = page.scene(of: [PageTests.white, PageTests.white], progress: e, background: .black)
            #expect(scene.panels.count == 2)
            #expect(scene.panels.allSatisfy { $0.transform == .identity && $0.shading.gradient == nil }, "e = \(e)")
        }
    }

    @Test(arguments: PageTests.sizes, Direction.allCases)
    func turningPageMeetsTheSpineWithoutGap(size: PixelSize, direction: Direction) throws {
        let page = try Page(direction: direction, shadow: 0)
        let halves = PageTests.halves(size, direction)
        let (red, blue) = (Image(width: size.width, height: size.height, filledWith: PageTests.red),
                           Image(width: size.width, height: size.height, filledWith: PageTests.blue))
        for (e, onPage) in [(0.25, halves.turning), (0.75, halves.staying)] {
            let frame = render(page, red, blue, e)
            let expected: (UInt8, UInt8, UInt8, UInt8) = e < 0.5 ? (255, 0, 0, 255) : (0, 0, 255, 255)
            // The turning page's first pixel row or column beside the spine, at its middle.
            let pixel = PageTests.pixelBesideSpine(of: onPage, direction: direction)
            #expect(frame.pixel(x: pixel.x, y: pixel.y) == expected, "e = \(e)")
        }
    }

    // MARK: The sheet is edge-on at e = ½

    @Test(arguments: PageTests.sizes, Direction.allCases)
    func sheetIsOnlyASliverAroundHalfway(size: PixelSize, direction: Direction) throws {
        let halves = PageTests.halves(size, direction)
        let (red, blue) = (Image(width: size.width, height: size.height, filledWith: PageTests.red),
                           Image(width: size.width, height: size.height, filledWith: PageTests.blue))
        let flat = PageTests.compose(red, on: halves.staying, blue)
        let spineLength = direction.isHorizontal ? size.height : size.width
        for reverse in PageTests.reverseOrNot {
            let page = try Page(direction: direction, reverse: reverse, shadow: 0)
            #expect(render(page, red, blue, 0.5) == flat)
            for (e, side) in [(0.498, halves.turning), (0.502, halves.staying)] {
                let changed = differingPixels(render(page, red, blue, e), flat)
                let sliver = PageTests.pixelBesideSpine(of: side, direction: direction)
                // At most one pixel row or column beside the spine, on the side the sheet stands
                // over. The sheet is still there (not culled early); under reverse perspective its
                // converging edges make the renderer's coverage estimate drop the thinnest slivers.
                #expect(changed.count <= spineLength, "e = \(e), reverse = \(reverse)")
                #expect(reverse || !changed.isEmpty, "e = \(e)")
                #expect(changed.allSatisfy { direction.isHorizontal ? $0.x == sliver.x : $0.y == sliver.y },
                        "e = \(e), reverse = \(reverse)")
            }
        }
    }

    // MARK: Geometry

    /// X = o.x + (x − o.x)·D/(D − z) with o = (32, 24) on the spine, D = ±4.667 × 32, and the
    /// free edge at x = 32 + 32·cos ψ, z = 32·sin ψ (values worked out separately from that formula).
    @Test(arguments: [(30.0, false, 63.038084450, -2.879769618, 50.879769618),
                      (30.0, true, 57.031100813, 2.322430811, 45.677569189),
                      (60.0, false, 51.645487785, -5.468231677, 53.468231677),
                      (60.0, true, 45.495690793, 3.756463810, 44.243536190)])
    func frontPageCornersFollowTheProjection(angle: Double, reverse: Bool, freeX: Double, freeTop: Double, freeBottom: Double) throws {
        let size = PixelSize(width: 64, height: 48)
        let page = try Page(reverse: reverse)
        let scene = page.scene(of: [patterned(size, seed: 5), patterned(size, seed: 6)], progress: angle / 180, background: .black)
        let front = try #require(scene.panels.last)
        let corners = try #require(front.projectedCorners)
        let expected = [Point(32, 0), Point(freeX, freeTop), Point(freeX, freeBottom), Point(32, 48)]
        #expect(zip(corners, expected).allSatisfy { abs($0.x - $1.x) < 1e-6 && abs($0.y - $1.y) < 1e-6 }, "\(corners)")
    }

    @Test(arguments: [30.0, 60.0], PageTests.reverseOrNot)
    func upwardFrontPageCornersFollowTheProjection(angle: Double, reverse: Bool) throws {
        let size = PixelSize(width: 64, height: 48)
        let page = try Page(direction: .up, reverse: reverse)
        let scene = page.scene(of: [patterned(size, seed: 5), patterned(size, seed: 6)], progress: angle / 180, background: .black)
        let corners = try #require(scene.panels.last?.projectedCorners)
        // Bottom half turning about y = 24 toward the viewer; o = (32, 24), page width 24.
        let d = (reverse ? -1 : 1) * 4.667 * 24
        let radians = angle * .pi / 180
        let k = d / (d - 24 * sin(radians))
        let freeY = 24 + 24 * cos(radians) * k
        let expected = [Point(0, 24), Point(64, 24), Point(32 + 32 * k, freeY), Point(32 - 32 * k, freeY)]
        #expect(zip(corners, expected).allSatisfy { abs($0.x - $1.x) < 1e-9 && abs($0.y - $1.y) < 1e-9 }, "\(corners)")
    }

    @Test(arguments: Direction.allCases)
    func turningPagesLiftTowardTheViewer(direction: Direction) throws {
        let size = PixelSize(width: 64, height: 48)
        let page = try Page(direction: direction)
        for e in [0.25, 0.75] {
            let scene = page.scene(of: [patterned(size, seed: 7), patterned(size, seed: 8)], progress: e, background: .black)
            let sheet = try #require(scene.panels.last)
            let r = sheet.region
            let middle = sheet.transform.apply(Vector3(Double(r.x) + Double(r.width) / 2, Double(r.y) + Double(r.height) / 2, 0))
            #expect(middle.z > 5, "e = \(e): z = \(middle.z)")
        }
    }

    // MARK: Shadows

    /// The flat page under the sheet, where the sheet does not cover it, is darkened by
    /// (1/3)·cos ψ in stage 1 (the reveal, in B) and (1/3)·cos(180° − ψ) in stage 2 (the facing,
    /// in A); ψ = 63° or 117° puts the sheet's free edge near x = 50 or 14.
    @Test(arguments: [(0.35, 58..<64), (0.65, 0..<6)])
    func castShadowDarkensTheUncoveredFlatPage(e: Double, columns: Range<Int>) throws {
        let size = PixelSize(width: 64, height: 48)
        // The shaded page is white, the sheet over it black, so any overlap would show.
        let (a, b) = e < 0.5 ? (PageTests.black, PageTests.white) : (PageTests.white, PageTests.black)
        let psi = 180 * e * .pi / 180
        let expected = 255 * (1 - abs(cos(psi)) / 3)
        for (page, level) in [(try Page(), expected), (try Page(shadow: 0), 255), (try Page(reverse: true), 255)] {
            let frame = render(page, a, b, e)
            var wrong: [String] = []
            for y in 0..<size.height {
                for x in columns {
                    let p = frame.pixel(x: x, y: y)
                    let isGrey = p.r == p.g && p.g == p.b && p.a == 255
                    if !isGrey || abs(Double(p.r) - level) > 1 { wrong.append("(\(x), \(y)): \(p)") }
                }
            }
            #expect(wrong.isEmpty, "expected grey \(level), \(wrong.count) pixels are not: \(wrong.prefix(3))")
        }
    }

    @Test(arguments: Direction.allCases)
    func creaseIsDarkestJustOffTheSpine(direction: Direction) throws {
        let size = PixelSize(width: 64, height: 48)
        let page = try Page(direction: direction)
        let halves = PageTests.halves(size, direction)
        // Crease opacity 0.1·2e in stage 1 and 0.1·(2 − 2e) in stage 2: 0.05 at both e.
        for (e, sheet) in [(0.25, halves.turning), (0.75, halves.staying)] {
            let scene = page.scene(of: [PageTests.white, PageTests.white], progress: e, background: .black)
            let shading = try #require(scene.panels.last?.shading)
            func alpha(_ fraction: Double) -> Double {
                let p = PageTests.pointAcross(sheet, direction: direction, fraction: fraction)
                return shading.alpha(atX: p.x, y: p.y)
            }
            #expect(abs(alpha(0) - 0.025) < 1e-9, "e = \(e)")
            #expect(abs(alpha(0.05) - 0.05) < 1e-9, "e = \(e)")
            #expect(abs(alpha(0.275) - 0.025) < 1e-9, "e = \(e)")
            #expect(alpha(0.5) == 0 && alpha(1) == 0, "e = \(e)")
        }
    }

    @Test func zeroShadowLeavesEverythingUndarkened() throws {
        let shaded = try Page()
        let unshaded = try Page(shadow: 0)
        for e in [0.2, 0.4, 0.6, 0.8] {
            // White pages cover the frame whatever turns, so only shading can change a pixel.
            #expect(render(unshaded, PageTests.white, PageTests.white, e) == PageTests.white, "e = \(e)")
            #expect(render(shaded, PageTests.white, PageTests.white, e) != PageTests.white, "e = \(e)")
        }
    }

    // MARK: Options

    @Test(arguments: [0.0, -150, .infinity, .nan])
    func nonPositivePerspectiveIsRejected(perspective: Double) {
        let error = #expect(throws: ParameterError.self) { try Page(perspective: perspective) }
        #expect(error?.description.hasPrefix("perspective must be more than 0 pixels, got ") == true)
    }

    @Test func negativeShadowIsRejected() {
        #expect(throws: ParameterError(parameter: "shadow", value: "-1", expected: "between 0 and 4")) { try Page(shadow: -1) }
    }

    @Test func registeredAsPage() throws {
        let transition = try TransitionRegistry.standard.make("page", settings: TransitionSettings(direction: .up, perspective: 300))
        let page = try #require(transition as? Page)
        #expect(page.direction == .up && page.eyeDistance == 300 && page.defaultTiming as? TimingCurve == .easeInOut)
    }
}

// MARK: - Helpers

extension PageTests {
    static let red = Color(red: 255, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 255)
    static let white = Image(width: 64, height: 48, filledWith: .white)
    static let black = Image(width: 64, height: 48, filledWith: .black)

    /// docs/transitions/page.md: left and up turn the right or bottom half (the second), right and down the
    /// left or top half.
    static func halves(_ size: PixelSize, _ direction: Direction) -> (turning: PixelRect, staying: PixelRect) {
        let halves = Split.halves(of: size, orientation: direction.isHorizontal ? .horizontal : .vertical)
        return direction == .left || direction == .up ? (halves.second, halves.first) : (halves.first, halves.second)
    }

    /// The pixel of `half` that touches the spine, in the middle of the spine.
    static func pixelBesideSpine(of half: PixelRect, direction: Direction) -> (x: Int, y: Int) {
        let besideSpine = { (start: Int, length: Int, spineAtStart: Bool) in spineAtStart ? start : start + length - 1 }
        switch direction {
        case .left, .right:
            return (besideSpine(half.x, half.width, half.x > 0), half.y + half.height / 2)
        case .up, .down:
            return (half.x + half.width / 2, besideSpine(half.y, half.height, half.y > 0))
        }
    }

    /// The point `fraction` of the way from the spine to the free edge of `half`, across the spine.
    static func pointAcross(_ half: PixelRect, direction: Direction, fraction: Double) -> Point {
        let (x, y, w, h) = (Double(half.x), Double(half.y), Double(half.width), Double(half.height))
        switch direction {
        case .left, .right:
            return Point(half.x > 0 ? x + fraction * w : x + w - fraction * w, y + h / 2)
        case .up, .down:
            return Point(x + w / 2, half.y > 0 ? y + fraction * h : y + h - fraction * h)
        }
    }

    /// `base` with the pixels of `top` inside `rect`.
    static func compose(_ top: Image, on rect: PixelRect, _ base: Image) -> Image {
        var result = base
        for y in rect.y..<(rect.y + rect.height) {
            let row = (y * base.width + rect.x) * 4
            result.pixels.replaceSubrange(row..<(row + rect.width * 4), with: top.pixels[row..<(row + rect.width * 4)])
        }
        return result
    }
}
