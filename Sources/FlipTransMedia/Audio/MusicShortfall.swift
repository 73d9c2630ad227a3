/// Music that gave less than the video wanted, told as a warning: music that ended well before
/// the length its stream records was cut short or damaged (a partly downloaded file), and music
/// of which nothing could be decoded is silence. Either leaves silence where the user expects
/// music. Said the same way before a render's work and by a check (`Soundtrack.shortfall`), and
/// by a render as it plays music not said of before (`AudioTrackWriter`: looped, or a library's).
struct MusicShortfall {
    let soundtrack: Soundtrack
    /// Samples decoded, at `AudioFormat.sampleRate`.
    let delivered: Int
    /// True when the music ended while the video wanted more.
    let ended: Bool
    /// The length the audio stream records, in seconds, if it records one.
    let recordedDuration: Double?
    /// The video's length in samples.
    let wanted: Int

    /// Seconds by which music may fall short of what its file records without a word: a file's
    /// recorded length counts its encoder's delay and padding.
    static let tolerance = 0.25

    var warning: String? {
        guard ended else { return nil }
        let path = soundtrack.path
        guard delivered > 0 else { return "warning: \(path): no sound could be decoded from it; the video is silent" }
        guard !soundtrack.loop, let recorded = recordedDuration else { return nil }
        let rate = Double(AudioFormat.sampleRate)
        let expected = min(Double(wanted), (recorded - soundtrack.offset) * rate)
        guard Double(delivered) < expected - rate * Self.tolerance else { return nil }
        return Self.cutShort(path, heard: Double(delivered) / rate, given: recorded - soundtrack.offset, then: "silence follows")
    }

    /// The warning for music at `path` that gave `heard` seconds where its file gives `given`,
    /// and what became of the video (`consequence`).
    static func cutShort(_ path: String, heard: Double, given: Double, then consequence: String) -> String {
        "warning: \(path): the music ends after \(Soundtrack.seconds(heard)) seconds of the \(Soundtrack.seconds(given)) its file gives (cut short or damaged); \(consequence)"
    }
}
