import Testing
@testable import FlipTransCore

/// Panels that meet edge to edge (Seams.swift): the pixels along the shared edge blend the two
/// panels and nothing of the background.
struct SeamsTests {
    let frame = PixelSize(width: 96, height: 64)
    let white = TestImages.solid(96, 64, .white)

    /// The part of the white image between columns `columns`, squeezed across to `width` pixels
    /// and moved right by `shift` (a fraction, so it is resampled and antialiased).
    func strip(_ columns: Range<Int>, width: Double? = nil, shift: Double) -> Panel {
        let squeeze = (width ?? Double(columns.count)) / Double(columns.count)
        let transform = Transform3D.translation(-Double(columns.lowerBound), 0)
            .then(.scale(squeeze, 1))
            .then(.translation(Double(columns.lowerBound) + shift, 0))
        return Panel(image: white, region: PixelRect(x: columns.lowerBound, y: 8, width: columns.count, height: 48),
                     transform: transform, perspective: Perspective(eyeDistance: 500, vanishingPoint: Point(48, 32)))
    }

    func row(_ panels: [Panel]) -> [UInt8] {
        let image = Renderer().render(Scene(size: frame, background: .transparent, panels: panels))
        return (0..<frame.width).map { image.pixel(x: $0, y: 30).a }
    }

    @Test(arguments: [false, true])
    func panelsMeetingAtAFractionalEdgeLeaveNoSeam(rightFirst: Bool) {
        // Both halves moved 0.3 px: they meet at x = 40.3, inside pixel 40. Antialiased
        // separately, that pixel would be 0.7 + 0.3 · 0.3 covered: alpha 201.
        let (left, right) = (strip(10..<40, shift: 0.3), strip(40..<70, shift: 0.3))
        let alphas = row(rightFirst ? [right, left] : [left, right])
        #expect(abs(Int(alphas[10]) - 179) <= 1 && abs(Int(alphas[70]) - 77) <= 1, "outer edges stay antialiased")
        #expect(alphas[11..<70].allSatisfy { $0 == 255 }, "seam: \(Array(alphas[38...42]))")
    }

    @Test func theEarlierPanelReachesNoFurtherThanTheLaterOne() {
        // The later panel is a quarter-pixel sliver, x ∈ [40.5, 40.75]: the earlier one, ending
        // at 40.5, may reach under it but not past it into pixel 41.
        let alphas = row([strip(10..<40, shift: 0.5), strip(40..<41, width: 0.25, shift: 0.5)])
        #expect(alphas[41] == 0)
        #expect(alphas[40] >= 191 && alphas[40] <= 210, "pixel 40 is 0.75 covered: \(alphas[40])")
    }
}
