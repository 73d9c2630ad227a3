import Testing
@testable import FlipTransCore

/// Along a covered run the texel point is found exactly only at the ends of each stretch and
/// stepped between them; `PreparedPanel.stretchLength` chooses the stretch from a closed-form
/// bound on how far the stepped point strays. Here every pixel of such stretches is projected
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
                        let length = PreparedPanel.stretchLength(from: first, weight: weight, weightStep: m.g, longest: 32)
                        guard let end = panel.texelPoint(atX: Float(x + length) + 0.5, y: centreY) else { continue }
                        stretches += 1
                        longest = max(longest, length)
                        let step = first.step(to: end, count: length)
                        // The tolerance in texels, a pixel's worth where a pixel spans more, plus
                        // the float rounding of the exact points themselves (1/4096 texel).
                        let perPixel = Double(max(abs(first.dsdx), abs(first.dtdx))) / Double(TexelPoint.one)
                        let allowed = Double(PreparedPanel.tolerance) * max(1, perPixel) + 1.0 / 4096
                        for k in 1..<length {
                            let stepped = first.advanced(by: step, count: k)
                            guard let exact = panel.texelPoint(atX: Float(x + k) + 0.5, y: centreY) else { continue }
                            let straying = Double(max(abs(stepped.s - exact.s), abs(stepped.t - exact.t))) / Double(TexelPoint.one)
                            #expect(straying <= allowed, "\(type(of: transition).name) \(tiles) at \(t), row \(y), x \(x) + \(k) of \(length): \(straying) texels off")
                        }
                    }
                }
            }
        }
        #expect(stretches > 1000, "only \(stretches) stretches checked")
        #expect(longest == 32, "no stretch reached 32 pixels")
    }
}
