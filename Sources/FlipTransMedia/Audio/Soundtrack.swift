import FlipTransCore

/// Music under a video: any audio FFmpeg decodes (MP3, AAC/M4A, WAV, FLAC, Opus, or a video
/// file's sound), started `offset` seconds in, scaled by `volume`, looped when `loop` is set and
/// it is shorter than the video, and faded out over the last `fadeOut` seconds of the video or
/// of shorter music. The
/// track written is exactly as long as the video (silence after music that ends early).
public struct Soundtrack: Sendable, Equatable {
    /// The audio file, or a video file whose sound is used.
    public var path: String
    /// Linear gain: 1 leaves the level as it is, 0.5 halves it.
    public var volume: Double
    /// Seconds into the audio where the video's start falls.
    public var offset: Double
    /// True to start the audio over when it ends before the video; false leaves silence after it.
    public var loop: Bool
    /// Seconds of fade at the video's end, or the music's if it ends first; 0 for none.
    public var fadeOut: Double

    /// The fade-out when none is given: long enough not to cut the music off, short enough to
    /// leave the last slide's music alone.
    public static let defaultFadeOut = 1.5
    /// The volumes `checkSettings()` accepts: 0 (silence) … 4.
    public static let volumeRange = 0.0...4.0

    /// Music from `path`, not yet checked: `checkSettings()` checks the numbers and `checkFile()`
    /// the file.
    public init(path: String, volume: Double = 1, offset: Double = 0, loop: Bool = false, fadeOut: Double = Soundtrack.defaultFadeOut) {
        self.path = path
        self.volume = volume
        self.offset = offset
        self.loop = loop
        self.fadeOut = fadeOut
    }

    /// Refuses values out of range, before any file is read: a `ParameterError` naming the
    /// setting as the command line does (`audio-volume`, `audio-offset`, `audio-fade`).
    public func checkSettings() throws {
        guard Self.volumeRange.contains(volume) else {
            throw ParameterError(parameter: "audio-volume", value: NumberRange.format(volume), expected: "between 0 and 4")
        }
        guard offset >= 0, offset.isFinite else {
            throw ParameterError(parameter: "audio-offset", value: NumberRange.format(offset), expected: "a number of seconds, 0 or more")
        }
        guard fadeOut >= 0, fadeOut <= 3600 else {
            throw ParameterError(parameter: "audio-fade", value: NumberRange.format(fadeOut), expected: "between 0 and 3600 seconds")
        }
    }

    /// Opens the file and checks that it holds audio FFmpeg can decode, and that the offset falls
    /// inside what decodes (decoded as far as the offset: a file cut short records more). Music
    /// of which nothing decodes passes, to be told as silence (`MusicShortfall`).
    public func checkFile() throws {
        try checkSettings()
        let recorded = try AudioInput(path: path).duration
        let decoded = try DecodedLengths.seconds(of: path, past: offset).seconds
        guard decoded > 0 else { return }
        try checkOffset(within: min(decoded, recorded ?? .infinity))
    }

    /// The seconds of audio the video will use: from `offset` to the music's end (`playable`).
    /// Music recorded as far longer than `limit` is not decoded; music that is not recorded so
    /// is decoded only a little past `limit`, and then gives what was decoded. Checks the file
    /// as `checkFile()` does.
    public func playableDuration(upTo limit: Double) throws -> Double {
        try checkFile()
        let recorded = try AudioInput(path: path).recordedDuration
        let duration = try recorded.flatMap { $0 - offset > limit + 1 ? $0 - offset : nil } ?? playable(through: limit, recorded: recorded)
        guard duration > 0 else { throw MediaError(.inputUnsupported, path: path, reason: "no sound could be decoded from it, so there is nothing to fit the show to") }
        return duration
    }

    /// What a show fitted to this music, `playable` seconds of it (`playableDuration`), says of
    /// music that plays less than its file records (`MusicShortfall`): the show is that short,
    /// with no silence to tell of, and the user most likely expected the whole.
    public func fittedShortfall(playable: Double) throws -> String? {
        guard let recorded = try AudioInput(path: path).recordedDuration, playable < recorded - offset - MusicShortfall.tolerance else { return nil }
        return MusicShortfall.cutShort(path, heard: playable, given: recorded - offset, then: "the show is fitted to what plays")
    }

    /// Seconds of music from `offset` to its end, or more than `needed` when it goes on past
    /// them: decoded to count them (an MP3 records its encoder's delay and padding in its length,
    /// and music written to a pipe records none), but no more than `recorded`, the length the
    /// file records (FFmpeg's AAC decoder keeps the padding of the last frame that an MP4's edit
    /// list leaves out). `DecodedLengths` keeps each file's count for the process.
    private func playable(through needed: Double, recorded: Double?) throws -> Double {
        min(try DecodedLengths.seconds(of: path, past: offset + needed).seconds, recorded ?? .infinity) - offset
    }

    /// Seconds of music from `offset` to its end, or more than `seconds` when it goes on past
    /// them; nil when looped, which has no end.
    func musicLength(under seconds: Double) throws -> Double? {
        loop ? nil : try playable(through: seconds, recorded: AudioInput(path: path).recordedDuration)
    }

    /// What a render under a video of `seconds` would say of music that gives less than the file
    /// records (`MusicShortfall`), found by decoding it.
    func shortfall(under seconds: Double) throws -> String? {
        let decoded = try DecodedLengths.seconds(of: path, past: offset + seconds)
        let rate = Double(AudioFormat.sampleRate)
        let (delivered, wanted) = (max(0, Int(((decoded.seconds - offset) * rate).rounded())), Int((seconds * rate).rounded()))
        return MusicShortfall(soundtrack: self, delivered: min(delivered, wanted), ended: decoded.ended && delivered < wanted,
                              recordedDuration: try AudioInput(path: path).recordedDuration, wanted: wanted).warning
    }

    /// A note when the music, not looped, ends well before a video of `seconds` (by more than a
    /// quarter of a second): silence follows it, and its fade comes at its own end.
    func noteIfShorter(thanVideoOf seconds: Double) throws -> String? {
        // Music of which nothing decodes is said to be silence (`MusicShortfall`).
        guard let music = try musicLength(under: seconds), music > 0, music < seconds - 0.25 else { return nil }
        return "note: \(path): the music lasts \(Self.seconds(music)) s, \(Self.seconds(seconds - music)) s less than the video; silence follows it (--audio-loop repeats it, --fit-to-audio makes the show as long)"
    }

    private func checkOffset(within duration: Double) throws {
        guard offset < duration else {
            let (offset, path) = (offset, path)
            throw OptionMisuse(option: "audio-offset") { _ in
                "\(NumberRange.format(offset)) seconds is past the end of '\(path)' (\(Self.seconds(duration)) seconds)"
            }
        }
    }

    static func seconds(_ value: Double) -> String { String(format: "%.3f", value) }
}
