import FlipTransCore

/// What common players (TVs, older phones, browsers' hardware decoders) can play of H.264: the
/// High profile up to level 4.2, i.e. 1920×1080 at up to 60 fps. A larger frame, or a faster
/// rate, makes x264 pick a higher level; `--crf 0` makes it lossless, in the High 4:4:4
/// Predictive profile, which almost no player decodes. Both still encode; the user is told.
public enum H264Compatibility {
    /// A level's limits: macroblocks (16×16) per frame and per second (ITU-T H.264, table A-1),
    /// and on each side at most √(8 × those per frame) (A.3.1), so a long thin frame needs a
    /// higher level than its area does.
    struct Level {
        let name: String
        let frameMacroblocks: Int
        let macroblocksPerSecond: Int

        func holds(across: Int, down: Int, perSecond: Int) -> Bool {
            let side = Int(Double(8 * frameMacroblocks).squareRoot())
            return across * down <= frameMacroblocks && perSecond <= macroblocksPerSecond && across <= side && down <= side
        }
    }

    static let levels = [
        Level(name: "4.2", frameMacroblocks: 8_704, macroblocksPerSecond: 522_240),
        Level(name: "5", frameMacroblocks: 22_080, macroblocksPerSecond: 589_824),
        Level(name: "5.1", frameMacroblocks: 36_864, macroblocksPerSecond: 983_040),
        Level(name: "5.2", frameMacroblocks: 36_864, macroblocksPerSecond: 2_073_600),
        Level(name: "6", frameMacroblocks: 139_264, macroblocksPerSecond: 4_177_920),
        Level(name: "6.1", frameMacroblocks: 139_264, macroblocksPerSecond: 8_355_840),
        Level(name: "6.2", frameMacroblocks: 139_264, macroblocksPerSecond: 16_711_680),
    ]

    /// One-line warnings for an H.264 video of `size` at `fps` frames a second and `crf`.
    public static func warnings(path: String, size: PixelSize, fps: FrameRate, crf: Int?) -> [String] {
        var warnings: [String] = []
        let (across, down) = ((size.width + 15) / 16, (size.height + 15) / 16)
        let rate = Int((Double(across * down) * fps.perSecond).rounded(.up))
        if !levels[0].holds(across: across, down: down, perSecond: rate) {
            // Past the last level, the stream is labelled 6.2 all the same, and only software decoders play it.
            let needed = levels.first { $0.holds(across: across, down: down, perSecond: rate) }.map { "H.264 level \($0.name), which many TVs, older phones and browsers cannot play" }
                ?? "more than H.264's highest level (6.2), which no hardware decoder plays"
            warnings.append("warning: \(path): \(size) at \(fps) fps needs \(needed); 1920x1080 or smaller at up to 60 fps (level 4.2) plays everywhere")
        }
        if crf == 0 {
            warnings.append("warning: \(path): --crf 0 makes lossless H.264 (the High 4:4:4 Predictive profile), which most players cannot play; --crf 1 or more gives the High profile they do")
        }
        return warnings
    }
}
