import ArgumentParser
import FlipTransMedia

/// Music under a slideshow, and the show's length taken from it.
struct AudioArguments: ParsableArguments {
    @Option(help: ArgumentHelp("Music under the video: any audio FFmpeg decodes (MP3, M4A, WAV, FLAC, Opus, or a video's sound); AAC in MP4 and MOV, Opus in WebM and MKV, 24-bit PCM beside ProRes. Trimmed to the video with a fade-out.", valueName: "file"),
            completion: .file())
    var audio: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds of fade-out at the end (default 1.5; 0 for none).", valueName: "seconds"), transform: DecimalArgument.read)
    var audioFade: Double?

    @Flag(inversion: .prefixedNo, help: "Play the music again (from --audio-offset) when it ends before the video (else silence follows it).")
    var audioLoop = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Gain for the music, 0–4 (default 1: as it is).", valueName: "gain"), transform: DecimalArgument.read)
    var audioVolume: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds into the music where the video starts (default 0).", valueName: "seconds"), transform: DecimalArgument.read)
    var audioOffset: Double?

    @Flag(inversion: .prefixedNo, help: "Set the holds so that the show lasts exactly as long as the music (from --audio-offset to its end).")
    var fitToAudio = false

    /// The soundtrack the options describe; options for music without `--audio` are refused.
    func soundtrack() throws -> Soundtrack? {
        guard let audio else {
            let given = [("audio-fade", audioFade != nil), ("audio-loop", audioLoop), ("audio-volume", audioVolume != nil),
                         ("audio-offset", audioOffset != nil), ("fit-to-audio", fitToAudio)].filter(\.1).map(\.0)
            if let first = given.first { throw OptionMisuse(option: first) { "needs " + $0.setting("audio", "FILE") } }
            return nil
        }
        // The show ends with the music, so the music never ends before the show.
        if audioLoop && fitToAudio {
            throw OptionMisuse(option: "audio-loop") { "does nothing with \($0.option("fit-to-audio")): the show ends when the music does; give one of them" }
        }
        // Held to a batch's root before it is read (`--fit-to-audio` decodes it as the show is described).
        if let root = JobRoot.current, !root.contains(audio) { throw CLIError(root.refusal(of: audio)) }
        let soundtrack = Soundtrack(path: audio, volume: audioVolume ?? 1, offset: audioOffset ?? 0, loop: audioLoop,
                                    fadeOut: audioFade ?? Soundtrack.defaultFadeOut)
        try soundtrack.checkSettings()
        return soundtrack
    }
}
