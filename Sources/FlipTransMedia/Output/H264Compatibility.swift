import FlipTransCore

/// What common players (TVs, older phones, browsers' hardware decoders) can play of H.264: the
/// High profile up to level 4.2, i.e. 1920×1080 at up to 60 fps. A larger frame, or a faster
/// rate, makes x264 pick a higher level; `--crf 0` makes it lossless, in the High 4:4:4
/// Predictive profile, which almost no player decodes. Both still encode; the user is told.
public enum H264Compatibility {
    /// A level's limits: macroblocks (16×16) per frame and per second (ITU-T H.264, table A-1).
    struct Level {
        let name: String
        let frameMacroblocks: Int
        let macroblocksPerSecond: Int
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
        let frame = ((size.width + 15) / 16) * ((size.height + 15) / 16)
        let rate = Int((Double(frame) * fps.perSecond).rounded(.up))
        if frame > levels[0].frameMacroblocks || rate > levels[0].macroblocksPerSecond {
            let needed = levels.first { frame <= $0.frameMacroblocks && rate <= $0.macroblocksPerSecond }?.name ?? "over 6.2"
            warnings.append("warning: \(path): \(size) at \(fps) fps needs H.264 level \(needed), which many TVs, older phones and browsers cannot play; 1920x1080 or smaller at up to 60 fps (level 4.2) plays everywhere")
        }
        if crf == 0 {
            warnings.append("warning: \(path): --crf 0 makes lossless H.264 (the High 4:4:4 Predictive profile), which most players cannot play; --crf 1 or more gives the High profile they do")
        }
        return warnings
    }
}
