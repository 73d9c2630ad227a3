import Testing
@testable import FlipTransCore

/// Along a covered run the texel point is found exactly only at the ends and the middle of each
/// stretch and stepped between them (`SteppedPoint`); `PreparedPanel.stretchLength` chooses the
/// stretch from a closed-form bound on how far the stepped point strays. Here every pixel of such
/// stretches is projected
/// exactly and compared with the stepped point, for panels seen in mild perspective (a flip of
/// the whole frame) and in strong perspective (a small tile's own flip and clock, each with its
/// own vanishing point and eye distance).
struct StretchLengthTests {
    static let frame = PixelSize(width: 640, height: 360)

    static func panels(_ transition: any Transition, tiles: String, at t: Double) throws -> [PreparedPanel] {
        let clip = try TransitionClip(transition: transition, tiling: try Tiling.parse(tiles: tiles, stagger: 0, order: "row", seed: 0),
                                      duration: 1, fps: 30)
        let images = [Image(width: frame.width, height: frame.height), Image(width: frame.width, height: frame.height)]
        return clip.scene(of: images, at: t, background: .black).panels.compactMap { PreparedPanel(panel: $0, frame: frame) }
    }

    @Test(arguments: ["1x1", "8x4"], [0.15, 0.45, 0.8])
    func steppedPointsStayWithinTheToleranceOfExactOnes(tiles: String, t: Double) throws {
        let transitions: [any Transition] = [try Flip(), try Flip(direction: .up), try Clock(settings: TransitionSettings())]
        var stretches = 0, longest = 0
        for transition in transitions {
            for panel in try Self.panels(transition, tiles: tiles, at: t) {
                for y in stride(from: panel.rows.lowerBound, to: panel.rows.upperBound, by: 17) {
                    let centreY = Float(y) + 0.5
                    for x in stride(from: 0, to: Self.frame.width - 1, by: 11) {
                        let m = panel.screenToTexel
                        let weight = m.g * (Float(x) + 0.5) + m.h * centreY + m.i
                        guard let first = panel.texelPoint(atX: Float(x) + 0.5, y: centreY), weight > 0 else { continue }
                        let length = PreparedPanel.stretchLength(from: first, weight: weight, weightStep: m.g,
                                                                 longest: PreparedPanel.longestStretch)
                        guard let end = panel.texelPoint(atX: Float(x + length) + 0.5, y: centreY) else { continue }
                        stretches += 1
                        longest = max(longest, length)
                        var stepped = SteppedPoint(from: first, middle: panel.middleOfStretch(from: x, count: length, y: centreY), to: end,
                                                   count: length, tolerance: PreparedPanel.partTolerance(from: first))
                        // The tolerance in texels, a pixel's worth where a pixel spans more, plus
                        // the float rounding of the exact points themselves (1/4096 texel).
                        let perPixel = Double(max(abs(first.dsdx), abs(first.dtdx))) / Double(TexelPoint.one)
                        let allowed = Double(PreparedPanel.tolerance) * max(1, perPixel) + 1.0 / 4096
                        var k = 0
                        while k < length {
                            let part = stepped.pixelsInPart(atMost: length - k, remaining: length - k)
                            for _ in 0..<part {
                                if let exact = panel.texelPoint(atX: Float(x + k) + 0.5, y: centreY) {
                                    let straying = Double(max(abs(stepped.point.s - exact.s), abs(stepped.point.t - exact.t))) / Double(TexelPoint.one)
                                    #expect(straying <= allowed, "\(type(of: transition).name) \(tiles) at \(t), row \(y), x \(x) + \(k) of \(length): \(straying) texels off")
                                }
                                // Where the stretch is sampled unclamped, only its ends are checked
                                // against the texture's edges: every point must lie in their range
                                // widened by the overshoot.
                                let range = (s: min(first.s, end.s) - stepped.overshoot.s...max(first.s, end.s) + stepped.overshoot.s,
                                             t: min(first.t, end.t) - stepped.overshoot.t...max(first.t, end.t) + stepped.overshoot.t)
                                #expect(range.s.contains(stepped.point.s) && range.t.contains(stepped.point.t),
                                        "\(type(of: transition).name) \(tiles) at \(t), row \(y), x \(x) + \(k) of \(length): outside its ends' range")
                                stepped.advance()
                                k += 1
                            }
                            stepped.stepped(part)
                        }
                    }
                }
            }
        }
        #expect(stretches > 1000, "only \(stretches) stretches checked")
        #expect(longest == PreparedPanel.longestStretch, "no stretch reached \(PreparedPanel.longestStretch) pixels")
    }
}
