import Testing
@testable import FlipTransCore

/// Any frame drawn over any other, not only over the one before it: frames of other transitions,
/// of boards, seen nearly edge-on, with panels appearing and disappearing, from semi-transparent
/// images over a transparent background, at odd sizes whose damage reaches the first and last
/// columns. Each must come out byte for byte the frame drawn whole.
extension FrameDamageTests {
    static let pairCases = [Case("flip"), Case("flip", perspective: 20), Case("page"), Case("page", ["reverse": "true"]),
                            Case("page", perspective: 15), Case("fold"), Case("fold", ["fold": "cubic"]),
                            Case("fold", ["fold": "cubic"], perspective: 15), Case("clock"), Case("clock", direction: .up),
                            Case("clock", direction: .up, perspective: 10), Case("cards"), Case("cards", direction: .up, perspective: 15),
                            Case("flip", tiles: "4x3", stagger: 0.08, order: "random"),
                            Case("clock", tiles: "3x2", stagger: 0.15, order: "diagonal", perspective: 12),
                            Case("page", tiles: "2x3", stagger: 0.15, order: "row")]

    /// A picture of `size` holding `bytes` (as `bytes(of:)` gives them).
    func picture(_ size: PixelSize, holding bytes: [UInt8]) throws -> YUV420Picture {
        let picture = try YUV420Picture(size: size)
        picture.planes.luma.update(from: bytes, count: bytes.count)
        return picture
    }

    /// Every frame of each transition over every other frame of it, and frames of different
    /// transitions over each other (a fixed pseudo-random choice of pairs).
    @Test(arguments: [(PixelSize(width: 61, height: 37), 3), (PixelSize(width: 33, height: 25), 1)])
    func anyFrameDrawnOverAnyOtherIsTheWholeFrame(size: PixelSize, bands: Int) throws {
        let images = [patterned(size, seed: 3, translucent: true), TestImages.noise(size.width, size.height, seed: 9)]
        let renderer = Renderer(bands: bands)
        var scenes: [(test: Int, scene: Scene)] = []
        for (index, test) in FrameDamageTests.pairCases.enumerated() {
            // Every other case over a transparent background.
            let background: Color = index % 2 == 0 ? .transparent : .black
            scenes += try self.scenes(test, frames: 6, images: images, background: background).map { (index, $0) }
        }
        var whole: [(bytes: [UInt8], drawn: DrawnScene)] = []
        for (_, scene) in scenes {
            let picture = try YUV420Picture(size: size)
            let drawn = try renderer.render(scene, convertingInto: picture.planes)
            whole.append((bytes(of: picture), drawn))
        }
        var pairs: [(Int, Int)] = []
        for new in scenes.indices {
            for old in scenes.indices where scenes[old].test == scenes[new].test && old != new { pairs.append((new, old)) }
        }
        var random = SplitMix64(seed: 11)
        for _ in 0..<150 { pairs.append((random.next(below: scenes.count), random.next(below: scenes.count))) }
        var failures = 0
        for (new, old) in pairs {
            let picture = try picture(size, holding: whole[old].bytes)
            try renderer.render(scenes[new].scene, convertingInto: picture.planes, over: whole[old].drawn)
            let matches = bytes(of: picture) == whole[new].bytes
            if !matches { failures += 1 }
            #expect(matches || failures > 5, "\(FrameDamageTests.pairCases[scenes[new].test].testDescription) frame \(new % 6) over \(FrameDamageTests.pairCases[scenes[old].test].testDescription) frame \(old % 6)")
        }
        #expect(failures == 0)
    }
}

extension FrameDamageTests {
    /// One panel of a frame shaded otherwise, all else alike (its outline, and so every seam, is
    /// the same): only that panel is drawn again, and the picture is the whole frame's.
    @Test func onePanelShadedOtherwiseIsTheWholeFrame() throws {
        let size = PixelSize(width: 33, height: 25)
        let images = [patterned(size, seed: 3, translucent: true), patterned(size, seed: 8, translucent: true)]
        let renderer = Renderer(bands: 2)
        var failures: [String] = []
        for test in FrameDamageTests.pairCases {
            for (frame, scene) in try scenes(test, frames: 4, images: images, background: .transparent).enumerated() {
                let picture = try YUV420Picture(size: size)
                let drawn = try renderer.render(scene, convertingInto: picture.planes)
                let held = bytes(of: picture)
                for panel in scene.panels.indices {
                    var shaded = scene
                    shaded.panels[panel].shading = Shading(opacity: scene.panels[panel].shading.opacity == 0.6 ? 0.3 : 0.6)
                    let over = try self.picture(size, holding: held)
                    try renderer.render(shaded, convertingInto: over.planes, over: drawn)
                    if try bytes(of: over) != wholePicture(of: shaded, bands: 2) {
                        failures.append("\(test.testDescription) frame \(frame) panel \(panel)")
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(10))")
    }
}

extension FrameDamageTests {
    /// A panel whose seam is pushed under a later panel at a sharp corner (its side meets the seam
    /// at about 10°, and the later panel's side, nearly in line with the seam, does not confine
    /// the push): the pushed strip runs along the seam some pixels past the panel's own outline,
    /// under the later panel. Shaded otherwise, the panel must be drawn again there too.
    @Test func aSeamPushedPastASharpCornerIsDrawnAgain() throws {
        let size = PixelSize(width: 61, height: 37)
        func hinged(_ degrees: Double) -> Transform3D {
            Transform3D.translation(0, -20).then(.rotationX(degrees: degrees)).then(.translation(0, 20))
        }
        // Both meet along the row y = 20 from x = 10 to 50, leaning away from the eye, towards
        // vanishing points far to the right and far to the left.
        let earlier = Panel(image: TestImages.noise(61, 40, seed: 1), region: PixelRect(x: 10, y: 0, width: 40, height: 20),
                            transform: hinged(60), perspective: Perspective(eyeDistance: 30, vanishingPoint: Point(200, 15)))
        let later = Panel(image: TestImages.noise(61, 40, seed: 2), region: PixelRect(x: 10, y: 20, width: 40, height: 20),
                          transform: hinged(-60), perspective: Perspective(eyeDistance: 30, vanishingPoint: Point(-200, 24)))
        let before = Scene(size: size, background: .black, panels: [earlier, later])
        var after = before
        after.panels[0].shading = Shading(opacity: 0.8)
        let renderer = Renderer(bands: 1)
        let picture = try YUV420Picture(size: size)
        let drawn = try renderer.render(before, convertingInto: picture.planes)
        try renderer.render(after, convertingInto: picture.planes, over: drawn)
        // The strip reaches columns 2–7 of row 20, outside the outline's columns: the panel's
        // columns are widened to where its pushed edges let it reach (`widenColumnsToPushedEdges`).
        let (drawnOver, whole) = (bytes(of: picture), try wholePicture(of: after, bands: 1))
        let differing = drawnOver.indices.filter { drawnOver[$0] != whole[$0] }
        #expect(differing.isEmpty, "bytes (luma row 20 from \(20 * size.width)) differing: \(differing)")
    }
}
