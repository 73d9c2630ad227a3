import Testing
@testable import FlipTransCore

struct RendererTests {
    let frame = PixelSize(width: 96, height: 64)
    var centre: Point { Point(48, 32) }

    func render(_ panel: Panel, background: Color = .transparent) -> Image {
        Renderer().render(Scene(size: frame, background: background, panels: [panel]))
    }

    @Test func identityPanelIsCopiedExactly() {
        let image = TestImages.noise(96, 64)
        let panel = Panel(image: image, perspective: Perspective(eyeDistance: 500, vanishingPoint: centre))
        #expect(render(panel) == image)
    }

    /// A panel with a clip draws only inside it, resampled or copied; inside, as without (exactly
    /// when copied; to the stepping's tolerance when resampled, as rows then start elsewhere).
    @Test(arguments: [(Transform3D.rotationY(degrees: -40).about(Vector3(48, 32, 0)), 2), (.translation(-7, 5), 0)])
    func panelsAreCutToTheirClip(transform: Transform3D, tolerance: Int) {
        let image = TestImages.rampsAndWaves(96, 64)
        let clip = PixelRect(x: 20, y: 10, width: 33, height: 29)
        var panel = Panel(image: image, transform: transform, perspective: Perspective(eyeDistance: 200, vanishingPoint: centre))
        let whole = render(panel)
        panel.clip = clip
        let cut = render(panel)
        for y in 0..<64 {
            for x in 0..<96 {
                let inside = (clip.x..<(clip.x + clip.width)).contains(x) && (clip.y..<(clip.y + clip.height)).contains(y)
                let drawn = cut.pixel(x: x, y: y)
                let expected: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) = inside ? whole.pixel(x: x, y: y) : (0, 0, 0, 0)
                let differences: [Int] = [Int(drawn.r) - Int(expected.r), Int(drawn.g) - Int(expected.g),
                                          Int(drawn.b) - Int(expected.b), Int(drawn.a) - Int(expected.a)]
                #expect(differences.allSatisfy { abs($0) <= tolerance }, "(\(x), \(y))")
            }
        }
    }

    /// A region reaching past its image draws the part the image has, flat or turned, as if
    /// given that part alone (it once read past the pixels, or trapped building the mipmap).
    @Test(arguments: [Transform3D.identity, .rotationY(degrees: -40).about(Vector3(48, 32, 0))])
    func aRegionPastItsImageDrawsThePartTheImageHas(transform: Transform3D) {
        let image = TestImages.rampsAndWaves(96, 64)
        var panel = Panel(image: image, region: PixelRect(x: 40, y: 32, width: 96, height: 64), transform: transform,
                          perspective: Perspective(eyeDistance: 200, vanishingPoint: centre))
        let past = render(panel)
        panel.region = PixelRect(x: 40, y: 32, width: 56, height: 32)
        #expect(past == render(panel))
        panel.region = PixelRect(x: 100, y: 0, width: 10, height: 10)
        #expect(render(panel) == Image(width: 96, height: 64))
    }

    @Test func halfPixelShiftGivesFractionalEdges() {
        let white = TestImages.solid(96, 64, .white)
        let panel = Panel(image: white, region: PixelRect(x: 0, y: 0, width: 40, height: 64),
                          transform: .translation(10.5, 0), perspective: Perspective(eyeDistance: 500, vanishingPoint: centre))
        let frame = render(panel)
        // The panel spans x ∈ [10.5, 50.5]: pixels 10 and 50 are half covered, 11…49 fully.
        #expect(abs(Int(frame.pixel(x: 10, y: 30).a) - 128) <= 2)
        #expect(abs(Int(frame.pixel(x: 50, y: 30).a) - 128) <= 2)
        #expect(frame.pixel(x: 11, y: 30).a == 255 && frame.pixel(x: 49, y: 30).a == 255)
        #expect(frame.pixel(x: 9, y: 30).a == 0 && frame.pixel(x: 51, y: 30).a == 0)
    }

    @Test func rotatedQuadMatchesItsAnalyticSilhouette() throws {
        // A 64×40 panel centred in the frame, turned −50° about the frame centre.
        let white = TestImages.solid(96, 64, .white)
        let transform = Transform3D.rotationY(degrees: -50).about(Vector3(48, 32, 0))
        let panel = Panel(image: white, region: PixelRect(x: 16, y: 12, width: 64, height: 40), transform: transform,
                          perspective: Perspective(eyeDistance: 200, vanishingPoint: centre))
        let corners = try #require(panel.projectedCorners)
        // Hand-computed: the right edge (32 px right of the pivot) goes to x′ = 48 + 32·cos50°,
        // z = 32·sin50° toward the viewer, and projects by 200/(200 − z); the left edge goes back
        // by the same depth.
        let z = 32 * 0.766044443118978, cosine = 0.6427876096865394
        let right = 48 + 32 * cosine * 200 / (200 - z)
        let left = 48 - 32 * cosine * 200 / (200 + z)
        #expect(abs(corners[1].x - right) < 1e-9 && abs(corners[0].x - left) < 1e-9)
        #expect(abs(corners[1].y - (32 - 20 * 200 / (200 - z))) < 1e-9)
        #expect(abs(corners[0].y - (32 - 20 * 200 / (200 + z))) < 1e-9)

        let frame = render(panel)
        // The covered area equals the trapezoid's: edge pixels carry fractional coverage.
        let area = Panel.signedArea(corners)
        #expect(abs(frame.coveredArea - area) < 0.005 * area)
        // Well inside is opaque, well outside is empty; along the slanted top edge coverage is partial.
        #expect(frame.pixel(x: Int(right) - 2, y: 32).a == 255)
        #expect(frame.pixel(x: Int(left) + 2, y: 32).a == 255)
        #expect(frame.pixel(x: Int(right) + 2, y: 32).a == 0)
        #expect(frame.pixel(x: Int(left) - 2, y: 32).a == 0)
        let topEdgeAlphas = (Int(left) + 1..<Int(right)).map { x in
            (0..<32).map { Int(frame.pixel(x: x, y: $0).a) }.first { $0 > 0 }!
        }
        #expect(topEdgeAlphas.contains { $0 > 0 && $0 < 255 })
    }

    @Test func edgeOnSliverKeepsItsArea() throws {
        // Turned to 89.9° the panel is a sliver about 0.1 pixel wide whose top and bottom edges,
        // foreshortened, run nearly parallel to its sides: its pixels must still be covered by
        // about the sliver's width, not vanish.
        let transform = Transform3D.rotationY(degrees: -89.9).about(Vector3(48, 32, 0))
        let panel = Panel(image: TestImages.solid(96, 64, .white), region: PixelRect(x: 16, y: 12, width: 64, height: 40),
                          transform: transform, perspective: Perspective(eyeDistance: 200, vanishingPoint: centre))
        let area = Panel.signedArea(try #require(panel.projectedCorners))
        #expect(area > 2 && area < 8)
        #expect(abs(render(panel).coveredArea - area) < 0.1 * area)
    }

    @Test func strongPerspectiveSamplesTheExactTexelPoint() throws {
        // Runs of covered pixels step their texel point between exact ones; where perspective
        // bends the path the steps must get shorter. A linear ramp (red = 2·s + 32, green =
        // 2·t + 64 at texel (s, t)) stays linear under bilinear and mipmap filtering, so every
        // interior pixel's colour reveals the texel point it sampled.
        var ramp = Image(width: 96, height: 64)
        for y in 0..<64 {
            for x in 0..<96 {
                let i = (y * 96 + x) * 4
                (ramp.pixels[i], ramp.pixels[i + 1], ramp.pixels[i + 2], ramp.pixels[i + 3]) =
                    (UInt8(2 * x + 32), UInt8(2 * y + 64), 0, 255)
            }
        }
        let panel = Panel(image: ramp, transform: Transform3D.rotationY(degrees: -60).about(Vector3(48, 32, 0)),
                          perspective: Perspective(eyeDistance: 120, vanishingPoint: centre))
        let screenToImage = try #require(Homography(panel: panel).inverse)
        let frame = render(panel)
        var checked = 0
        for y in 0..<frame.height {
            for x in 0..<frame.width where frame.pixel(x: x, y: y).a == 255 {
                let point = screenToImage.apply(Double(x) + 0.5, Double(y) + 0.5)
                let s = point.x - 0.5, t = point.y - 0.5
                // Away from the edges, where filtering clamps.
                guard (4...91).contains(s), (4...59).contains(t) else { continue }
                let pixel = frame.pixel(x: x, y: y)
                #expect(abs(Double(pixel.r) - (2 * s + 32)) <= 1, "red at (\(x), \(y))")
                #expect(abs(Double(pixel.g) - (2 * t + 64)) <= 1, "green at (\(x), \(y))")
                checked += 1
            }
        }
        #expect(checked > 1000)
    }

    @Test func backFaceIsNotDrawn() {
        let panel = Panel(image: TestImages.solid(96, 64, .white),
                          transform: Transform3D.rotationY(degrees: 120).about(Vector3(48, 32, 0)),
                          perspective: Perspective(eyeDistance: 300, vanishingPoint: centre))
        #expect(!panel.isFacingViewer)
        #expect(render(panel).coveredArea == 0)
    }

    /// A tiny texture stretched over much of the frame (a pixel spans 1/16 of a texel: level of
    /// detail −4) is sampled bilinearly from level 0. It used to trap: the fast path took only
    /// −1 for "magnified".
    @Test func aPanelMagnifiedManyTimesIsSampledFromItsImage() {
        var image = TestImages.solid(4, 4, .white)
        image.pixels[0...3] = [0, 0, 0, 255]
        let panel = Panel(image: image, transform: .scale(16, 16), perspective: Perspective(eyeDistance: 500, vanishingPoint: centre))
        let frame = render(panel)
        // Texel (0, 0) is black and its neighbours white: bilinear in between, clamped beyond.
        #expect(frame.pixel(x: 2, y: 2).r == 0 && frame.pixel(x: 60, y: 60).r == 255)
        let between = frame.pixel(x: 16, y: 8)
        #expect(between.r > 60 && between.r < 200, "\(between)")
        #expect(frame.pixel(x: 70, y: 30).a == 0)
    }

    @Test func nearlyEdgeOnCheckerboardIsFilteredNotAliased() {
        // A one-pixel checkerboard at 85°: each screen pixel spans ~10 texels, so a filtered
        // result is mid grey; point sampling would give scattered black and white pixels.
        let panel = Panel(image: TestImages.checkerboard(96, 64),
                          transform: Transform3D.rotationY(degrees: -85).about(Vector3(48, 32, 0)),
                          perspective: Perspective(eyeDistance: 400, vanishingPoint: centre))
        let frame = render(panel, background: .black)
        let interior = (20..<44).map { frame.pixel(x: 48, y: $0) }
        for pixel in interior {
            #expect(abs(Int(pixel.r) - 128) < 40, "unfiltered texel \(pixel.r)")
        }
    }

    @Test func solidShadingDarkensByItsOpacity() {
        let panel = Panel(image: TestImages.solid(96, 64, .white),
                          transform: .translation(0.25, 0), perspective: Perspective(eyeDistance: 500, vanishingPoint: centre),
                          shading: Shading(opacity: 0.4))
        #expect(abs(Int(render(panel).pixel(x: 40, y: 30).r) - 153) <= 1)
    }

    /// A panel of one colour (drawn without lookups, as a card's stock is) shows exactly that
    /// colour, shaded, at every angle: what the lookups give too, as a blend of one colour is
    /// that colour whatever its weights, level or taps.
    @Test(arguments: [0.0, 40, 75])
    func oneColourPanelShowsItsColourExactly(degrees: Double) {
        let colour = Color(red: 200, green: 80, blue: 30)
        let transform = Transform3D.translation(0.25, 0).then(Transform3D.rotationY(degrees: degrees).about(Vector3(48, 32, 0)))
        let panel = Panel(image: TestImages.solid(96, 64, colour), transform: transform,
                          perspective: Perspective(eyeDistance: 200, vanishingPoint: centre), shading: Shading(opacity: 0.4))
        let frame = render(panel)
        let shaded = PixelMath.scale(PixelLanes(200, 80, 30, 255), by: PixelLanes(153, 153, 153, 255))
        var covered = 0
        for y in 0..<64 {
            for x in 0..<96 where frame.pixel(x: x, y: y).a == 255 {
                let pixel = frame.pixel(x: x, y: y)
                #expect(PixelLanes(UInt16(pixel.r), UInt16(pixel.g), UInt16(pixel.b), 255) == shaded, "(\(x), \(y))")
                covered += 1
            }
        }
        #expect(covered > 600)
    }

    @Test func gradientShadingFollowsItsStops() {
        let gradient = Shading.Gradient(from: Point(0, 0), to: Point(96, 0), stops: [(0, 1), (1, 0)])
        let panel = Panel(image: TestImages.solid(96, 64, .white),
                          perspective: Perspective(eyeDistance: 500, vanishingPoint: centre),
                          shading: Shading(opacity: 0.5, gradient: gradient))
        let frame = render(panel)
        // At pixel x the overlay alpha is 0.5·(1 − (x + ½)/96).
        for x in [0, 30, 60, 95] {
            let expected = 255 * (1 - 0.5 * (1 - (Double(x) + 0.5) / 96))
            #expect(abs(Double(frame.pixel(x: x, y: 10).r) - expected) <= 2)
        }
    }

    @Test func transparentBackgroundStaysTransparentAndOpaqueOneFills() {
        let empty = Scene(size: frame, background: .transparent, panels: [])
        #expect(Renderer().render(empty).coveredArea == 0)
        let grey = Color(red: 30, green: 30, blue: 30)
        let filled = Renderer(bands: 3).render(Scene(size: frame, background: grey, panels: []))
        #expect(filled == TestImages.solid(96, 64, grey))
    }
}
