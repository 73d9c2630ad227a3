import FlipTransMedia
import Foundation
import Testing

/// Music under a slideshow, through the real command: the codec each container takes, a track as
/// long as the video, the fade at its end, and shows as long as the music or a given length.
struct SlideshowAudioTests {
    /// A workspace with a.png, b.png, c.png and `tone.wav`: a 440 Hz stereo sine of `seconds`.
    func workspace(toneSeconds seconds: Double = 5) throws -> Workspace {
        let workspace = try Workspace()
        try PNGWriter.write(Workspace.pattern(160, 120, tint: 0), to: workspace.path("c.png"))
        try ExternalTool.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:duration=\(seconds)", "-ac", "2", "tone.wav"], in: workspace.url)
        return workspace
    }

    /// The video's audio as ffmpeg decodes it: mono float samples at 48 kHz.
    func samples(of video: String, in workspace: Workspace) throws -> [Float] {
        let data = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-i", video, "-map", "0:a", "-ac", "1", "-ar", "48000", "-f", "f32le", "-"],
                                        in: workspace.url)
        return data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    }

    func rms(_ samples: ArraySlice<Float>) -> Double {
        (samples.reduce(0) { $0 + Double($1) * Double($1) } / Double(samples.count)).squareRoot()
    }

    static let show = ["slideshow", "a.png", "b.png", "c.png", "--fps", "10", "--hold", "1", "--duration", "0.5", "--audio", "tone.wav"]

    @Test func anMP4GetsAACAsLongAsTheVideoFadingOut() throws {
        let workspace = try workspace()
        let result = try workspace.run(Self.show + ["-o", "show.mp4"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let streams = try ProbedStreams(path: workspace.path("show.mp4"))
        #expect(streams.codecs == ["h264", "aac"])
        // 3 holds of 1 s and 2 transitions of 0.5 s, the first leaving out the frame the second
        // begins with: 39 frames.
        #expect(abs(streams.duration(of: "h264") - 3.9) < 1e-6)
        #expect(abs(streams.duration(of: "aac") - streams.duration(of: "h264")) < 0.1)
        let audio = try samples(of: "show.mp4", in: workspace)
        // The middle at the tone's level, the last half second faded (the default fade is 1.5 s).
        let middle = rms(audio[(48_000 * 3 / 2)..<(48_000 * 2)])
        let end = rms(audio[(4_800 * 34)..<(4_800 * 39)])
        #expect(middle > 0.08) // the sine's amplitude is 1/8: RMS 0.088
        #expect(end < middle * 0.4, "middle \(middle), end \(end)")
        // Nothing names FFmpeg's version: the AAC encoder wrote "Lavc59.37.100" in its first frame.
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: workspace.path("show.mp4"))))
        #expect(!(0..<bytes.count - 4).contains { bytes[$0..<$0 + 4] == [0x4C, 0x61, 0x76, 0x63] }, "no 'Lavc' in the file")
    }

    /// Beside ProRes, made to be edited, the sound is 24-bit PCM of exactly the video's length,
    /// faded and turned up as asked (a volume over 1 held to the samples' range); H.264 in MOV
    /// keeps AAC.
    @Test func proResGetsPCMOfExactlyTheVideosLength() throws {
        let workspace = try workspace()
        let result = try workspace.run(Self.show + ["-o", "show.mov", "--audio-volume", "2"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        #expect(try ProbedStreams(path: workspace.path("show.mov")).codecs == ["prores", "pcm_s24le"])
        let audio = try samples(of: "show.mov", in: workspace)
        #expect(audio.count == 39 * 4_800, "PCM has no priming or padding: \(audio.count) samples")
        let middle = rms(audio[(48_000 * 3 / 2)..<(48_000 * 2)])
        #expect(abs(middle - 0.177) < 0.005, "twice the sine's RMS of 0.088: \(middle)")
        #expect(rms(audio[(4_800 * 34)..<(4_800 * 39)]) < middle * 0.4)
        #expect(audio.allSatisfy { abs($0) <= 0.26 }, "an amplitude of 1/4, nothing wrapped round")
        try ExternalTool.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:duration=5", "-af", "volume=6", "-ac", "2", "loud.wav"], in: workspace.url)
        let loud = try workspace.run(Self.show.map { $0 == "tone.wav" ? "loud.wav" : $0 } + ["-o", "loud.mov", "--audio-volume", "4"])
        #expect(loud.status == 0, "\(loud.stderr)")
        // Each channel's sine, 6 × 0.088 × 4 = 2.1 at its peaks, as it is in the file: not mixed down.
        let stereo = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-i", "loud.mov", "-map", "0:a", "-f", "f32le", "-"], in: workspace.url)
        let clipped = stereo.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        // A 440 Hz sine moves under 0.2 a sample at 48 kHz: a jump from one end to the other is a wrap.
        #expect(clipped.filter { $0 > 0.99 }.count > 10_000 && zip(clipped, clipped.dropFirst(2)).allSatisfy { abs($0 - $1) < 0.5 },
                "held to full scale, not wrapped round")
        // Floats louder than full scale keep their peaks until the volume is applied: 20 × 0.088 × 0.5.
        try ExternalTool.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:duration=5", "-af", "aformat=sample_fmts=flt,volume=20", "-ac", "2",
                                 "-c:a", "pcm_f32le", "hot.wav"], in: workspace.url)
        let hot = try workspace.run(Self.show.map { $0 == "tone.wav" ? "hot.wav" : $0 } + ["-o", "hot.mov", "--audio-volume", "0.5"])
        #expect(hot.status == 0, "\(hot.stderr)")
        let softened = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-i", "hot.mov", "-map", "0:a", "-f", "f32le", "-"], in: workspace.url)
        let peak = softened.withUnsafeBytes { $0.bindMemory(to: Float.self).map(abs).max() ?? 0 }
        #expect(abs(peak - 0.884) < 0.02, "not clipped to 1 before the volume (0.5): \(peak)")
        let h264 = try workspace.run(Self.show + ["-o", "h264.mov", "--codec", "h264"])
        #expect(h264.status == 0, "\(h264.stderr)")
        #expect(try ProbedStreams(path: workspace.path("h264.mov")).codecs == ["h264", "aac"])
    }

    @Test func aWebMGetsOpusOfExactlyTheVideosLength() throws {
        let workspace = try workspace()
        let result = try workspace.run(Self.show + ["-o", "show.webm", "--audio-fade", "0"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try ProbedStreams(path: workspace.path("show.webm")).codecs == ["vp9", "opus"])
        let audio = try samples(of: "show.webm", in: workspace)
        // Opus's decoder drops its pre-skip: exactly 3.9 s of samples, within one frame (4800).
        #expect(abs(audio.count - 39 * 4_800) < 4_800, "\(audio.count) samples")
        // No fade: the end as loud as the middle.
        #expect(rms(audio[(4_800 * 34)..<(4_800 * 39)]) > rms(audio[(48_000 * 3 / 2)..<(48_000 * 2)]) * 0.9)
    }

    /// Music shorter than the show loops, or gives way to silence with a note saying so; its fade
    /// comes at its own end (it was spent on the silence at the video's end).
    @Test func musicShorterThanTheShowLoopsOrGivesWayToSilence() throws {
        let workspace = try workspace(toneSeconds: 1)
        for (loop, expectSound) in [(false, false), (true, true)] {
            let result = try workspace.run(Self.show + ["-o", "show.mp4", "--audio-fade", "0"] + (loop ? ["--audio-loop"] : []))
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.errorLines == (loop ? [] : ["note: tone.wav: the music lasts 1.000 s, 2.900 s less than the video; silence follows it (--audio-loop repeats it, --fit-to-audio makes the show as long)"]))
            let audio = try samples(of: "show.mp4", in: workspace)
            #expect((rms(audio[(48_000 * 2)..<(48_000 * 3)]) > 0.08) == expectSound)
        }
        // The default 1.5 s fade ends with the music, at 1 s: at 0.85 s a sixth of the level at 0.1 s.
        #expect(try workspace.run(Self.show + ["-o", "faded.mp4"]).status == 0)
        let faded = try samples(of: "faded.mp4", in: workspace)
        let (early, late) = (rms(faded[2_400..<7_200]), rms(faded[38_400..<43_200]))
        #expect(late / early < 0.3, "\(late) against \(early)")
    }

    @Test func volumeAndOffsetShapeTheMusic() throws {
        let workspace = try workspace(toneSeconds: 6)
        let result = try workspace.run(Self.show + ["-o", "show.mp4", "--audio-volume", "0.5", "--audio-offset", "5.5", "--audio-fade", "0"])
        #expect(result.status == 0, "\(result.stderr)")
        let audio = try samples(of: "show.mp4", in: workspace)
        // The half second left after the offset at half the level of the same show at full volume, then silence.
        let loud = rms(audio[4_800..<19_200])
        #expect(rms(audio[(48_000 * 2)..<(48_000 * 3)]) < 0.001)
        let full = try workspace.run(Self.show + ["-o", "full.mp4", "--audio-offset", "5.5", "--audio-fade", "0"])
        #expect(full.status == 0)
        let fullLoud = rms(try samples(of: "full.mp4", in: workspace)[4_800..<19_200])
        #expect(abs(loud / fullLoud - 0.5) < 0.05, "\(loud) against \(fullLoud)")
    }

    @Test func fitToAudioAndTotalGiveExactLengths() throws {
        let workspace = try workspace(toneSeconds: 7.3)
        let fit = try workspace.run(Self.show + ["-o", "fit.mp4", "--fit-to-audio"])
        #expect(fit.status == 0, "\(fit.stderr)")
        #expect(try ProbedVideo(path: workspace.path("fit.mp4")).frames == 73)
        let fitStreams = try ProbedStreams(path: workspace.path("fit.mp4"))
        #expect(abs(fitStreams.duration(of: "aac") - 7.3) < 0.1)
        // An MP3 records its length with its encoder's delay and padding (10.527 s for 10.5 s of
        // music at 44.1 kHz), which made the show a frame too long: the length decoded counts.
        try ExternalTool.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:duration=10.5:sample_rate=44100", "-c:a", "libmp3lame", "tone.mp3"], in: workspace.url)
        let mp3 = try workspace.run(["slideshow", "a.png", "b.png", "c.png", "--fps", "29.97", "--duration", "0.5", "--audio", "tone.mp3", "--fit-to-audio", "-o", "mp3.mp4"])
        #expect(mp3.status == 0, "\(mp3.stderr)")
        #expect(try ProbedVideo(path: workspace.path("mp3.mp4")).frames == 315)
        for fit in [["--fit-to-audio"], []] {
            let pastItsEnd = try workspace.run(["slideshow", "a.png", "b.png", "--audio", "tone.mp3", "--audio-offset", "10.51", "-o", "past.mp4"] + fit)
            #expect(pastItsEnd.errorLines == ["Error: --audio-offset 10.51 seconds is past the end of 'tone.mp3' (10.500 seconds)"])
        }
        // 76 frames less two transitions of 5, the first leaving out the frame the second begins
        // with: 67 frames of holds, shared alike.
        let total = try workspace.run("slideshow", "a.png", "b.png", "c.png", "--fps", "10", "--duration", "0.5", "--total", "7.6", "-o", "total.mp4")
        #expect(total.status == 0, "\(total.stderr)")
        #expect(try ProbedVideo(path: workspace.path("total.mp4")).frames == 76)
        let tooShort = try workspace.run("slideshow", "a.png", "b.png", "c.png", "--fps", "10", "--duration", "0.5", "--total", "0.5", "-o", "short.mp4")
        #expect(tooShort.errorLines == ["Error: short.mp4: the transitions alone last 0.9 s, longer than the 0.5 s the show must last; shorten them or show fewer slides"])
    }

    /// A touch trace's drag is known only once the frame's size is (its default distance is a
    /// share of the frame): its frames were added on top of holds that had filled the length
    /// (72 frames for 60), and a length it left no room in was not refused.
    @Test func aTotalLengthAllowsForATouchTracesFrames() throws {
        let workspace = try Workspace()
        try workspace.write("trace.csv", Array("t,x,y\n0,140,60\n0.1,120,60\n0.2,100,60\n0.3,80,60\n0.4,60,60\n0.5,40,60\n".utf8))
        let show = ["slideshow", "a.png", "b.png", "a.png", "--fps", "10", "--transition", "page", "--gesture-file", "trace.csv"]
        let total = try workspace.run(show + ["--total", "6", "-o", "total.mp4"])
        #expect(total.status == 0, "\(total.stderr)")
        #expect(try ProbedVideo(path: workspace.path("total.mp4")).frames == 60)
        let tooShort = try workspace.run(show + ["--total", "0.5", "-o", "short.mp4"])
        #expect(tooShort.status == 1)
        #expect(tooShort.errorLines == ["Error: short.mp4: the transitions alone last 1.1 s, longer than the 0.5 s the show must last; shorten them or show fewer slides"])
        // A batch's check finds it too, in the same words.
        try workspace.write("jobs.jsonl", Array(#"{"slides": ["a.png", "b.png", "a.png"], "output": "job.mp4", "fps": 10, "transition": "page", "gesture-file": "trace.csv", "total": 0.5}"#.utf8))
        let check = try workspace.run("batch", "jobs.jsonl", "--check")
        #expect(check.errorLines.first == "failed: jobs.jsonl: line 1: job.mp4: the transitions alone last 1.1 s, longer than the 0.5 s the show must last; shorten them or show fewer slides", "\(check.stderr)")
        #expect(!workspace.files.contains("short.mp4"))
    }

    /// Ten minutes: timestamps counted in samples leave nothing to drift; the track ends with the
    /// video's last frame. A mono 22.05 kHz tone, so resampling to 48 kHz stereo is on the way.
    @Test func aTenMinuteShowEndsItsSoundWithItsLastFrame() throws {
        let workspace = try Workspace()
        try ExternalTool.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:duration=600:sample_rate=22050", "-ac", "1", "long.flac"], in: workspace.url)
        let result = try workspace.run("slideshow", "a.png", "b.png", "-o", "long.mp4", "--size", "32x32", "--fps", "25", "--duration", "0.4",
                                       "--preset", "ultrafast", "--audio", "long.flac", "--fit-to-audio")
        #expect(result.status == 0, "\(result.stderr)")
        let streams = try ProbedStreams(path: workspace.path("long.mp4"))
        #expect(abs(streams.duration(of: "h264") - 600) < 1e-6)
        #expect(abs(streams.duration(of: "aac") - streams.duration(of: "h264")) < 1.0 / 25, "\(streams.streams)")
    }

    /// Two MP3s joined end to end, stereo at 44.1 kHz then mono at 22.05 kHz: the decoder's frames
    /// change layout and rate part-way, and the second part plays at its own rate, not read as
    /// two channels it does not have (which crashed).
    @Test func musicThatChangesChannelsAndRatePartWayPlaysThrough() throws {
        let workspace = try workspace()
        try ExternalTool.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:duration=2", "-ac", "2", "-ar", "44100", "stereo.mp3"], in: workspace.url)
        try ExternalTool.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:duration=2", "-ac", "1", "-ar", "22050", "mono.mp3"], in: workspace.url)
        let joined = try Data(contentsOf: workspace.url.appending(path: "stereo.mp3")) + Data(contentsOf: workspace.url.appending(path: "mono.mp3"))
        try joined.write(to: workspace.url.appending(path: "joined.mp3"))
        let result = try workspace.run(["slideshow", "a.png", "b.png", "c.png", "--fps", "10", "--hold", "1", "--duration", "0.5",
                                        "--audio", "joined.mp3", "--audio-fade", "0", "-o", "show.mp4"])
        #expect(result.status == 0, "\(result.stderr)")
        let audio = try samples(of: "show.mp4", in: workspace)
        // The sine's RMS is 0.088; mono spread over two channels comes back at least half as loud,
        // and lasts its 2 s: taken at the stereo part's rate it would be over by 3 s.
        #expect(rms(audio[(48_000 / 2)..<(48_000 * 3 / 2)]) > 0.08)
        #expect(rms(audio[(48_000 * 5 / 2)..<(48_000 * 3)]) > 0.04)
        #expect(rms(audio[(48_000 * 33 / 10)..<(48_000 * 38 / 10)]) > 0.04)
    }

    /// Loud 5.1 music mixed down to stereo stays within full scale: each stereo channel sums three
    /// of the six, and Opus keeps float samples, so a plain sum came out at twice full scale.
    @Test func multichannelMusicIsMixedDownWithoutClipping() throws {
        let workspace = try workspace()
        try ExternalTool.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:duration=2,volume=7", "-af", "pan=5.1|c0=c0|c1=c0|c2=c0|c3=c0|c4=c0|c5=c0",
                                 "-c:a", "pcm_f32le", "surround.wav"], in: workspace.url)
        let result = try workspace.run(["slideshow", "a.png", "b.png", "--fps", "10", "--hold", "0.5", "--duration", "0.5",
                                        "--audio", "surround.wav", "--audio-fade", "0", "-o", "show.webm"])
        #expect(result.status == 0, "\(result.stderr)")
        let stereo = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-i", "show.webm", "-map", "0:a", "-f", "f32le", "-"], in: workspace.url)
        let peak = stereo.withUnsafeBytes { $0.bindMemory(to: Float.self).map { abs($0) }.max() ?? 0 }
        // The sine peaks at 0.88 in every channel (1/8 × 7).
        #expect(peak > 0.5 && peak <= 1, "peak \(peak)")
    }

    /// Sound of more channels than can be mixed down is refused before any work, saying so (it
    /// failed at the first frame with "cannot resample the audio (Invalid argument)").
    @Test func musicOfTooManyChannelsIsRefusedWithTheReason() throws {
        let workspace = try workspace()
        // A tenth of a second of silence in 100 channels of 16-bit PCM at 8 kHz.
        let (channels, rate, frames) = (100, 8000, 800)
        func le(_ value: Int, _ bytes: Int) -> [UInt8] { (0..<bytes).map { UInt8((value >> (8 * $0)) & 0xFF) } }
        let data = [UInt8](repeating: 0, count: frames * channels * 2)
        let format = le(1, 2) + le(channels, 2) + le(rate, 4) + le(rate * channels * 2, 4) + le(channels * 2, 2) + le(16, 2)
        let wav = Array("RIFF".utf8) + le(4 + 8 + format.count + 8 + data.count, 4) + Array("WAVE".utf8)
            + Array("fmt ".utf8) + le(format.count, 4) + format + Array("data".utf8) + le(data.count, 4) + data
        try workspace.write("many.wav", wav)
        let result = try workspace.run(["slideshow", "a.png", "b.png", "--fps", "10", "--hold", "0.5", "--duration", "0.5",
                                        "--audio", "many.wav", "-o", "show.mp4"])
        #expect(result.status == 1)
        #expect(result.errorLines == ["Error: many.wav: its sound has 100 channels; at most 64 can be mixed down"])
        #expect(!workspace.files.contains("show.mp4"))
    }

    /// Damage the AAC decoder reports as a feature it lacks ("patches welcome"), rather than as
    /// invalid data, loses its packets as other damage does; it ended the render.
    @Test func damagedMusicPlaysOnPastTheDamage() throws {
        let workspace = try workspace()
        try ExternalTool.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:duration=8", "-c:a", "aac", "long.m4a"], in: workspace.url)
        var music = try Data(contentsOf: workspace.url.appending(path: "long.m4a"))
        let start = music.count * 3 / 4
        for k in 0..<3000 { music[start + k] = UInt8((k * 3 + 11) & 255) }
        try music.write(to: workspace.url.appending(path: "damaged.m4a"))
        let result = try workspace.run(["slideshow", "a.png", "b.png", "--fps", "10", "--duration", "0.5",
                                        "--audio", "damaged.m4a", "--fit-to-audio", "--audio-fade", "0", "-o", "show.mp4"])
        #expect(result.status == 0, "\(result.stderr)")
        let audio = try samples(of: "show.mp4", in: workspace)
        #expect(rms(audio[(48_000 * 7)..<(48_000 * 15 / 2)]) > 0.08)
    }

    /// Music cut short (a partly downloaded MP3 whose header gives its whole length) plays what
    /// there is and says that silence follows; music played whole says nothing.
    @Test func musicCutShortIsNamedWithWhereItEnds() throws {
        let workspace = try workspace()
        try ExternalTool.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:duration=6", "-c:a", "libmp3lame", "-b:a", "128k", "whole.mp3"], in: workspace.url)
        let whole = try Data(contentsOf: workspace.url.appending(path: "whole.mp3"))
        try whole.prefix(40_000).write(to: workspace.url.appending(path: "cut.mp3"))
        let cut = try workspace.run(["slideshow", "a.png", "b.png", "--fps", "10", "--duration", "0.5", "--hold", "2", "--audio", "cut.mp3", "-o", "cut.mp4"])
        #expect(cut.status == 0, "\(cut.stderr)")
        #expect(cut.errorLines.count == 2 && cut.errorLines[1].hasPrefix("warning: cut.mp3: the music ends after 2.")
                && cut.errorLines[1].hasSuffix(" its file gives (cut short or damaged); silence follows"), "\(cut.stderr)")
        #expect(cut.errorLines.first?.hasPrefix("note: cut.mp3: the music lasts 2.") == true)
        // An offset inside the length the file records but past what plays is refused as past its end.
        let past = try workspace.run(["slideshow", "a.png", "b.png", "--audio", "cut.mp3", "--audio-offset", "4", "-o", "past.mp4"])
        #expect(past.status == 1 && past.errorLines.first?.hasPrefix("Error: --audio-offset 4 seconds is past the end of 'cut.mp3' (2.") == true, "\(past.stderr)")
        let played = try workspace.run(["slideshow", "a.png", "b.png", "--fps", "10", "--duration", "0.5", "--hold", "2", "--audio", "whole.mp3", "-o", "whole.mp4"])
        #expect(played.status == 0 && played.errorLines.isEmpty, "\(played.stderr)")
        // Fitted to the music, the show lasts as long as what plays, and says that the file gives more.
        let fitted = try workspace.run(["slideshow", "a.png", "b.png", "--fps", "10", "--duration", "0.5", "--audio", "cut.mp3", "--fit-to-audio", "-o", "fitted.mp4"])
        #expect(fitted.status == 0 && fitted.errorLines.count == 1 && fitted.errorLines[0].hasPrefix("warning: cut.mp3: the music ends after 2.")
                && fitted.errorLines[0].hasSuffix(" its file gives (cut short or damaged); the show is fitted to what plays"), "\(fitted.stderr)")
        #expect((24...26).contains(try ProbedVideo(path: workspace.path("fitted.mp4")).frames))
        let wholeFitted = try workspace.run(["slideshow", "a.png", "b.png", "--fps", "10", "--duration", "0.5", "--audio", "whole.mp3", "--fit-to-audio", "-o", "whole-fitted.mp4"])
        #expect(wholeFitted.status == 0 && wholeFitted.errorLines.isEmpty, "\(wholeFitted.stderr)")
    }

    /// `batch --check` decodes the music as the batch would, so music cut short is told before
    /// any job runs, in the words the render uses: for a job longer than the music, not for a
    /// shorter one nor for music looped.
    @Test func batchCheckTellsOfMusicCutShortAsTheRenderWould() throws {
        let workspace = try workspace()
        try ExternalTool.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:duration=6", "-c:a", "libmp3lame", "-b:a", "128k", "whole.mp3"], in: workspace.url)
        try Data(contentsOf: workspace.url.appending(path: "whole.mp3")).prefix(40_000).write(to: workspace.url.appending(path: "cut.mp3"))
        let show = #"{"slides": ["a.png", "b.png"], "audio": "cut.mp3", "fps": 10, "duration": 0.5, "size": "64x48""#
        try workspace.write("jobs.jsonl", Array([show + #", "hold": 2, "output": "long.mp4"}"#, show + #", "hold": 0.5, "output": "short.mp4"}"#,
                                                 show + #", "hold": 2, "audio-loop": true, "output": "looped.mp4"}"#].joined(separator: "\n").utf8))
        let check = try workspace.run("batch", "jobs.jsonl", "--check")
        #expect(check.status == 0, "\(check.stderr)")
        let warnings = check.errorLines.filter { $0.hasPrefix("warning:") }
        #expect(warnings.count == 1 && warnings[0].hasPrefix("warning: jobs.jsonl: line 1: cut.mp3: the music ends after 2.")
                && warnings[0].hasSuffix(" its file gives (cut short or damaged); silence follows"), "\(check.stderr)")
        let batch = try workspace.run("batch", "jobs.jsonl")
        #expect(batch.status == 0 && batch.errorLines.filter { $0.hasPrefix("warning:") } == warnings, "\(batch.stderr)")
    }

    /// A video file's sound shorter than its picture (Matroska records no length for the sound,
    /// only the file's) is not taken for music cut short, only said to be shorter than the show
    /// (by its length decoded); music of which nothing decodes is named, looped or not.
    @Test func aVideosShortSoundIsNotCutShortAndUndecodableMusicIsNamed() throws {
        let workspace = try workspace()
        try ExternalTool.ffmpeg(["-f", "lavfi", "-i", "testsrc=size=64x48:duration=4", "-f", "lavfi", "-i", "sine=duration=2",
                                 "-c:v", "libx264", "-c:a", "libopus", "clip.mkv"], in: workspace.url)
        let clip = try workspace.run(["slideshow", "a.png", "b.png", "--fps", "10", "--hold", "1.5", "--duration", "0.5", "--audio", "clip.mkv", "-o", "clip.mp4"])
        #expect(clip.status == 0, "\(clip.stderr)")
        #expect(clip.errorLines == ["note: clip.mkv: the music lasts 2.000 s, 1.500 s less than the video; silence follows it (--audio-loop repeats it, --fit-to-audio makes the show as long)"])
        try ExternalTool.ffmpeg(["-f", "lavfi", "-i", "sine=duration=3", "-c:a", "aac", "-movflags", "+faststart", "music.m4a"], in: workspace.url)
        var music = try Data(contentsOf: workspace.url.appending(path: "music.m4a"))
        let data = try #require(music.firstRange(of: Data("mdat".utf8))).upperBound
        for index in data..<music.count { music[index] = UInt8(truncatingIfNeeded: index &* 131) }
        try music.write(to: workspace.url.appending(path: "noise.m4a"))
        for loop in [[], ["--audio-loop"]] {
            let silent = try workspace.run(["slideshow", "a.png", "b.png", "--fps", "10", "--duration", "0.5", "--audio", "noise.m4a", "-o", "silent.mp4"] + loop)
            #expect(silent.status == 0, "\(silent.stderr)")
            #expect(silent.errorLines == ["warning: noise.m4a: no sound could be decoded from it; the video is silent"], "\(loop)")
        }
        // Nothing to fit a show to, and no offset past its end.
        let fitted = try workspace.run(["slideshow", "a.png", "b.png", "--audio", "noise.m4a", "--fit-to-audio", "-o", "fitted.mp4"])
        #expect(fitted.errorLines == ["Error: noise.m4a: no sound could be decoded from it, so there is nothing to fit the show to"])
    }

    /// AAC pads its last frame with silence; looped, that padding was a 5 ms gap (a click) at
    /// every seam. A pass now ends at the length the file gives.
    @Test func loopedAACHasNoGapAtTheSeam() throws {
        let workspace = try workspace()
        try ExternalTool.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=500:duration=2:sample_rate=48000", "-c:a", "aac", "loop.m4a"], in: workspace.url)
        let result = try workspace.run(["slideshow", "a.png", "b.png", "--fps", "10", "--hold", "2.25", "--duration", "0.5",
                                        "--audio", "loop.m4a", "--audio-loop", "--audio-fade", "0", "-o", "show.mp4"])
        #expect(result.status == 0, "\(result.stderr)")
        let audio = try samples(of: "show.mp4", in: workspace)
        // Windows of 2 ms across the seam at 2 s: the sine's RMS is 0.088 in every one.
        let quietest = stride(from: 48_000 * 19 / 10, to: 48_000 * 21 / 10, by: 96).map { rms(audio[$0..<($0 + 96)]) }.min() ?? 0
        #expect(quietest > 0.05, "quietest 2 ms across the seam: \(quietest)")
    }

    /// Music at another rate than 48 kHz loops as one recording: each pass repeats the one before,
    /// sample for sample, across every seam (flushing the resampler at a seam shifted the next
    /// pass by 17 samples, a tick). A 2.5 s tone of 440 Hz at 44.1 kHz, whose passes join in phase.
    @Test(arguments: [0, 0.3])
    func musicAtAnotherRateLoopsWithoutAJumpAtTheSeam(offset: Double) throws {
        let workspace = try workspace(toneSeconds: 2.5)
        let result = try workspace.run(["slideshow", "a.png", "b.png", "--fps", "10", "--hold", "4", "--duration", "0.5", "--audio", "tone.wav",
                                        "--audio-loop", "--audio-offset", String(offset), "--audio-fade", "0", "-o", "show.mp4"])
        #expect(result.status == 0, "\(result.stderr)")
        let audio = try samples(of: "show.mp4", in: workspace)
        let pass = Int((2.5 - offset) * 48_000)
        for seam in [pass, 2 * pass, 3 * pass] {
            let change = (seam + 200..<seam + 4_000).map { abs(audio[$0] - audio[$0 - pass]) }.max() ?? 1
            #expect(change < 0.03, "the pass after \(seam) differs from the one before by \(change)")
        }
    }

    /// Two keys that each set the length are named as keys in a spec and a job line (a spec's
    /// error named neither the spec nor its keys: `--total and --fit-to-audio …`).
    @Test func theLengthSetTwiceIsNamedAsWhereItWasGiven() throws {
        let workspace = try workspace()
        try workspace.write("show.yaml", Array("output: show.mp4\nslides: [a.png, b.png]\naudio: tone.wav\ntotal: 5\nfit-to-audio: true\n".utf8))
        #expect(try workspace.run("slideshow", "--spec", "show.yaml").errorLines == ["Error: show.yaml: key 'total' and 'fit-to-audio' each set the length; give one"])
        try workspace.write("jobs.jsonl", Array(#"{"slides": ["a.png", "b.png"], "output": "show.mp4", "audio": "tone.wav", "total": 5, "fit-to-audio": true}"#.utf8))
        #expect(try workspace.run("batch", "jobs.jsonl").errorLines.first == "Error: jobs.jsonl: line 1: key 'total' and 'fit-to-audio' each set the length; give one")
    }

    /// A loop shorter than the resampler's delay (32 samples at 44.1 kHz) comes out of it with the
    /// next pass: it was taken for music that gives no sound.
    @Test func aLoopOfAFewSamplesIsHeard() throws {
        let workspace = try workspace()
        try ExternalTool.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=1378.125:sample_rate=44100", "-af", "atrim=end_sample=32", "-ac", "2", "tiny.wav"], in: workspace.url)
        let result = try workspace.run(["slideshow", "a.png", "b.png", "--fps", "10", "--duration", "0.5", "--total", "2",
                                        "--audio", "tiny.wav", "--audio-loop", "--audio-fade", "0", "-o", "show.mp4"])
        #expect(result.status == 0 && result.errorLines.isEmpty, "\(result.stderr)")
        #expect(rms(try samples(of: "show.mp4", in: workspace)[48_000..<72_000]) > 0.05)
    }

    /// Music that does not say how long it is (Matroska written to a pipe, as recordings are) is
    /// used as it comes, and counted as decoded for `--fit-to-audio` (it was refused).
    @Test func musicOfUnknownLengthIsUsedAndCountedToFitTheShow() throws {
        let workspace = try workspace()
        let piped = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-f", "lavfi", "-i", "sine=frequency=440:duration=3",
                                                    "-c:a", "libopus", "-f", "matroska", "-"], in: workspace.url)
        try piped.write(to: workspace.url.appending(path: "piped.mka"))
        let used = try workspace.run(["slideshow", "a.png", "b.png", "--fps", "10", "--hold", "1", "--duration", "0.5",
                                      "--audio", "piped.mka", "--audio-fade", "0", "-o", "show.mp4"])
        #expect(used.status == 0, "\(used.stderr)")
        #expect(rms(try samples(of: "show.mp4", in: workspace)[(48_000 / 2)..<(48_000 * 2)]) > 0.08)
        let fitted = try workspace.run(["slideshow", "a.png", "b.png", "--fps", "10", "--audio", "piped.mka", "--fit-to-audio", "-o", "fit.mp4"])
        #expect(fitted.status == 0, "\(fitted.stderr)")
        #expect(try ProbedVideo(path: workspace.path("fit.mp4")).frames == 30)
    }

    /// NTSC rates, as decimals or fractions: an exact time base, frames counted at the rate, and
    /// the sound as long as the picture.
    @Test(arguments: ["29.97", "30000/1001", "23.976"])
    func ntscRatesAreExact(rate: String) throws {
        let workspace = try workspace()
        let result = try workspace.run(Self.show + ["-o", "show.mp4", "--fps", rate])
        #expect(result.status == 0, "\(result.stderr)")
        let expected = rate == "23.976" ? (24000.0 / 1001, "24000/1001") : (30000.0 / 1001, "30000/1001")
        let video = try ProbedVideo(path: workspace.path("show.mp4"))
        // 3 holds of 1 s, 2 transitions of 0.5 s, each rounded to whole frames at the rate, less
        // the frame the second transition begins with.
        #expect(video.frames == 3 * Int((expected.0).rounded()) + 2 * Int((0.5 * expected.0).rounded()) - 1)
        let rateOut = try ExternalTool.run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=r_frame_rate",
                                                        "-of", "csv=p=0", "show.mp4"], in: workspace.url)
        #expect(String(decoding: rateOut, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == expected.1)
        let streams = try ProbedStreams(path: workspace.path("show.mp4"))
        #expect(abs(streams.duration(of: "aac") - streams.duration(of: "h264")) < 1 / expected.0)
    }

    @Test(arguments: [
        (["--audio-loop"], "Error: --audio-loop needs --audio FILE"),
        (["--audio", "missing.mp3"], "Error: missing.mp3: no such file"),
        (["--audio", "a.png"], "Error: a.png: no sound in it (FFmpeg finds no audio stream)"),
        (["--audio", "tone.wav", "--audio-offset", "9"], "Error: --audio-offset 9 seconds is past the end of 'tone.wav' (5.000 seconds)"),
        (["--audio", "tone.wav", "--audio-volume", "5"], "Error: --audio-volume must be between 0 and 4, got 5"),
        (["--audio", "tone.wav", "--total", "9", "--fit-to-audio"], "Error: --total and --fit-to-audio each set the length; give one"),
        (["--audio", "tone.wav", "--fit-to-audio", "--audio-loop"],
         "Error: --audio-loop does nothing with --fit-to-audio: the show ends when the music does; give one of them"),
        (["--audio", "long.wav", "--fit-to-audio"], "Error: --fit-to-audio would make a show of more than 3600 s, the longest a show may last, of 'long.wav'; give a later --audio-offset, or --total instead"),
    ])
    func badMusicOptionsFailInOneLine(arguments: [String], error: String) throws {
        let workspace = try workspace()
        // Silence at 8 kHz: over an hour in 59 MB, written in moments.
        if arguments.contains("long.wav") {
            try ExternalTool.ffmpeg(["-f", "lavfi", "-i", "anullsrc=r=8000:cl=mono", "-t", "3700", "long.wav"], in: workspace.url)
        }
        let result = try workspace.run(["slideshow", "a.png", "b.png", "-o", "show.mp4"] + arguments)
        #expect(result.status == 1)
        #expect(result.errorLines == [error])
        #expect(!workspace.files.contains("show.mp4"))
    }

    /// A format that cannot hold sound is named with what would: on standard output, the formats
    /// it takes there.
    @Test(arguments: [("show.gif", "Error: show.gif: an animated GIF cannot hold sound; --audio needs .mp4, .webm, .mkv or .mov"),
                      ("-", "Error: -: a YUV4MPEG2 stream cannot hold sound; --audio needs --format webm or mkv")])
    func musicInAFormatWithoutSoundIsRefused(output: String, error: String) throws {
        let workspace = try workspace()
        let before = workspace.files
        let result = try workspace.run(["slideshow", "a.png", "b.png", "--audio", "tone.wav", "-o", output])
        #expect(result.status == 1)
        #expect(result.errorLines == [error])
        #expect(workspace.files == before)
    }

    /// A music key out of range in a spec, or one without the music, is named as the spec's key,
    /// with the spec: it was reported as an option the user never typed, without the file.
    @Test(arguments: [("audio: tone.wav\naudio-volume: 9\n", "Error: show.yaml: key 'audio-volume' must be between 0 and 4, got 9"),
                      ("audio-fade: 2\n", "Error: show.yaml: key 'audio-fade' needs 'audio: FILE'"),
                      ("audio: tone.wav\nfit-to-audio: true\naudio-loop: true\n",
                       "Error: show.yaml: key 'audio-loop' does nothing with 'fit-to-audio': the show ends when the music does; give one of them")])
    func aSpecsBadMusicKeyIsNamedAsItsKey(music: String, error: String) throws {
        let workspace = try workspace()
        try workspace.write("show.yaml", Array((music + "slides: [a.png, b.png]\n").utf8))
        let result = try workspace.run(["slideshow", "--spec", "show.yaml", "-o", "show.mp4"])
        #expect(result.status == 1)
        #expect(result.errorLines == [error])
    }

    @Test func aSpecTakesTheSameKeysAndTheCommandLineOverridesIt() throws {
        let workspace = try workspace()
        try workspace.write("show.yaml", Array("""
            output: show.mp4
            fps: 10
            hold: 1
            duration: 0.5
            audio: tone.wav
            audio-fade: 0
            fit-to-audio: true
            slides: [a.png, b.png, c.png]
            """.utf8))
        let result = try workspace.run("slideshow", "--spec", "show.yaml")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try ProbedVideo(path: workspace.path("show.mp4")).frames == 50)
        #expect(try ProbedStreams(path: workspace.path("show.mp4")).codecs == ["h264", "aac"])
        // Beside the spec: another rate and another file; the spec's fit still applies.
        let overridden = try workspace.run("slideshow", "--spec", "show.yaml", "--fps", "20", "-o", "other.mp4")
        #expect(overridden.status == 0, "\(overridden.stderr)")
        #expect(try ProbedVideo(path: workspace.path("other.mp4")).frames == 100)
        // A length set beside the spec replaces the spec's, set either way: they were refused
        // together as two lengths.
        let total = try workspace.run("slideshow", "--spec", "show.yaml", "--total", "3", "-o", "total.mp4")
        #expect(total.status == 0, "\(total.stderr)")
        #expect(try ProbedVideo(path: workspace.path("total.mp4")).frames == 30)
        try workspace.write("total.yaml", Array("output: t.mp4\nfps: 10\naudio: tone.wav\ntotal: 3\nslides: [a.png, b.png, c.png]\n".utf8))
        let fit = try workspace.run("slideshow", "--spec", "total.yaml", "--fit-to-audio")
        #expect(fit.status == 0, "\(fit.stderr)")
        #expect(try ProbedVideo(path: workspace.path("t.mp4")).frames == 50)
        // Fitting and looping the music, one set beside the spec and the other in it, do not
        // clash either: the one beside it wins.
        try workspace.write("looped.yaml", Array("output: l.mp4\nfps: 10\naudio: tone.wav\naudio-loop: true\nslides: [a.png, b.png, c.png]\n".utf8))
        let fitLooped = try workspace.run("slideshow", "--spec", "looped.yaml", "--fit-to-audio")
        #expect(fitLooped.status == 0, "\(fitLooped.stderr)")
        #expect(try ProbedVideo(path: workspace.path("l.mp4")).frames == 50)
        // Holds of 1 s and turns of 0.5 s at 10 fps, as the spec sets them, not fitted to 5 s.
        let loopFitted = try workspace.run("slideshow", "--spec", "show.yaml", "--audio-loop", "-o", "lf.mp4")
        #expect(loopFitted.status == 0, "\(loopFitted.stderr)")
        #expect(try ProbedVideo(path: workspace.path("lf.mp4")).frames == 3 * 10 + 2 * 5 - 1)
    }
}
