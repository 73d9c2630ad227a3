import CFFmpeg

/// What reading each input found, for `RenderJob.verify` across many jobs: a batch's jobs often
/// share images (a logo, a background) and music, and each is decoded once for all of them. The
/// same image read with another pixel limit or damage policy is decoded again, and music further
/// when a later job is longer.
public final class VerifiedInputs {
    private struct Reading: Hashable {
        /// The path's bytes: a composed and a decomposed "é" are two files.
        let path: [UInt8]
        let pixelLimit: Int
        let acceptsDamage: Bool
    }

    private struct Listening: Hashable {
        let path: [UInt8]
        let offset: Double
    }

    /// The samples music gave from its offset, and whether it ended there.
    private struct Heard {
        let delivered: Int
        let ended: Bool
        let recordedDuration: Double?
    }

    /// The warnings each reading gave, and its error if it failed.
    private var found: [Reading: (warnings: [String], error: Error?)] = [:]
    private var heard: [Listening: Heard] = [:]

    public init() {}

    /// Decodes `path` as a render would, the first time it is read this way; `warning` hears its
    /// warnings each time, and its error is thrown each time.
    func verify(_ path: String, pixelLimit: PixelLimit, damagedImages: DamagedImagePolicy, warning: (String) -> Void) throws {
        let reading = Reading(path: Array(path.utf8), pixelLimit: pixelLimit.maxPixels, acceptsDamage: damagedImages == .accept)
        let result = found[reading] ?? {
            var warnings: [String] = []
            do {
                _ = try ImageDecoder.decode(contentsOf: path, pixelLimit: pixelLimit, damagedImages: damagedImages) { warnings.append($0) }
                return (warnings, nil)
            } catch {
                return (warnings, error)
            }
        }()
        found[reading] = result
        result.warnings.forEach(warning)
        if let error = result.error { throw error }
    }

    /// Decodes `soundtrack` for a video of `seconds` as a render would, further than any earlier
    /// job needed it; `warning` hears of music cut short or damaged (`MusicShortfall`), which
    /// shows only then. A file that cannot be decoded throws.
    func verify(_ soundtrack: Soundtrack, seconds: Double, warning: (String) -> Void) throws {
        let listening = Listening(path: Array(soundtrack.path.utf8), offset: soundtrack.offset)
        let wanted = Int((seconds * Double(AudioFormat.sampleRate)).rounded())
        let known = heard[listening].flatMap { $0.ended || $0.delivered >= wanted ? $0 : nil }
        let result = try known ?? {
            // One pass: looped music that gives any sound gives it again.
            let source = try AudioSource(path: soundtrack.path, offset: soundtrack.offset, loop: false, target: AudioFormat(sampleFormat: AV_SAMPLE_FMT_FLT))
            try source.skim(to: wanted)
            return Heard(delivered: source.delivered, ended: source.isExhausted, recordedDuration: source.recordedDuration)
        }()
        heard[listening] = result
        let shortfall = MusicShortfall(soundtrack: soundtrack, delivered: min(result.delivered, wanted), ended: result.ended && result.delivered < wanted,
                                       recordedDuration: result.recordedDuration, wanted: wanted)
        shortfall.warning.map(warning)
    }
}
