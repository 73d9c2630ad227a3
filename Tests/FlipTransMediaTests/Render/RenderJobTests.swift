import FlipTransCore
import Foundation
import Testing
@testable import FlipTransMedia

/// The render as a library call: images in, a file out, with progress, cancellation and checks
/// before any work.
struct RenderJobTests {
    let directory: TemporaryDirectory
    let a: String, b: String

    init() throws {
        directory = try TemporaryDirectory()
        (a, b) = (directory.file("a.png"), directory.file("b.png"))
        try PNGWriter.write(quadrantImage(width: 64, height: 48), to: a)
        try PNGWriter.write(Image(width: 64, height: 48, filledWith: Color(red: 10, green: 120, blue: 200)), to: b)
    }

    func clip() throws -> TransitionClip { try TransitionClip(transition: try Flip(), duration: 0.2, fps: 30) }

    @Test func aStillIsTheRenderersFrameAsAPNG() throws {
        let output = directory.file("still.png")
        let clip = try clip()
        let job = try RenderJob(images: [a, b], timeline: Timeline(clip: clip, at: 0.3), fps: 30, output: output)
        #expect(job.format.name == "png")
        try job.run()
        let expected = Renderer().render(clip.scene(of: [try ImageDecoder.decode(contentsOf: a), try ImageDecoder.decode(contentsOf: b)],
                                                     at: 0.3, background: .black))
        #expect(try ImageDecoder.decode(contentsOf: output) == expected)
    }

    @Test func progressHearsEveryFrameOfTheTotal() throws {
        let job = try RenderJob(images: [a, b], timeline: Timeline(clip: try clip(), holdFrames: 2), fps: 30,
                                output: directory.file("clip.mp4"))
        var heard: [(Int, Int)] = []
        let statistics = try job.run(progress: { heard.append(($0, $1)) })
        #expect(heard.map(\.0) == Array(1...10) && heard.allSatisfy { $0.1 == 10 })
        #expect(statistics.frames == 10 && statistics.output.framesWritten == 10)
    }

    /// Music cut short (a partly downloaded MP3 whose header gives its whole length) is said once,
    /// before the first frame: music not looped is decoded to its end before the work (it was
    /// said after the last frame, when the whole video had been made).
    @Test func musicCutShortIsSaidBeforeTheFirstFrame() throws {
        let whole = directory.file("whole.mp3"), cut = directory.file("cut.mp3")
        try runFFmpeg(["-f", "lavfi", "-i", "sine=frequency=440:duration=6", "-c:a", "libmp3lame", "-b:a", "128k", whole])
        try Data(contentsOf: URL(fileURLWithPath: whole)).prefix(40_000).write(to: URL(fileURLWithPath: cut))
        // 2 + 0.2 + 2 seconds of video; the music plays for about 2.5.
        let job = try RenderJob(images: [a, b], timeline: Timeline(clip: try clip(), holdFrames: 60), fps: 30,
                                output: directory.file("show.mp4"), soundtrack: Soundtrack(path: cut))
        let heard = HeardEvents()
        try job.run(warning: { heard.append($0) }, progress: { done, _ in if done == 1 { heard.append("frame 1") } })
        let events = heard.events
        let said = events.indices.filter { events[$0].hasPrefix("warning: \(cut): the music ends after 2.") }
        #expect(said.count == 1 && said[0] < events.firstIndex(of: "frame 1") ?? -1, "\(events)")
    }

    /// A timeline built by hand that names an image the job lacks, or gives a transition one
    /// image, is refused before any work, not a crash on a loader thread.
    @Test func aTimelineNeedingImagesTheJobLacksIsRefused() throws {
        let output = directory.file("clip.mp4")
        let short = try RenderJob(images: [a], timeline: Timeline(clip: try clip(), holdFrames: 2), fps: 30, output: output)
        #expect(throws: MediaError(.invalidRequest, path: output, reason: "the timeline shows image 1, but the job has images 0 to 0")) { try short.run() }
        let lonely = try RenderJob(images: [a, b], timeline: Timeline(segments: [.transition(try clip(), images: [1])]), fps: 30, output: output)
        #expect(throws: MediaError(.invalidRequest, path: output, reason: "the timeline gives a transition 1 image; it turns from one image to another")) {
            try lonely.probe()
        }
        #expect(directory.contents == ["a.png", "b.png"])
    }

    /// A clip counts its frames at its own rate: a job writing another rate is refused before any
    /// work (a 1-second clip made at 30 fps, written at 60, lasted half a second).
    @Test func aTimelineMadeAtAnotherRateIsRefused() throws {
        let output = directory.file("clip.mp4")
        let job = try RenderJob(images: [a, b], timeline: Timeline(clip: try clip(), holdFrames: 2), fps: 60, output: output)
        #expect(throws: MediaError(.invalidRequest, path: output, reason: "the timeline's transitions are made at 30 fps, and the video is 60 fps; make them at the video's rate")) {
            try job.probe()
        }
        #expect(directory.contents == ["a.png", "b.png"])
    }

    /// Bars of a translucent background have its alpha in every frame, held or turning: they
    /// were drawn into the fitted image and then over the background again (128 came out 192).
    @Test func barsOfATranslucentBackgroundHaveItsAlpha() throws {
        let job = try RenderJob(images: [a, b], frame: FramePolicy(size: PixelSize(width: 64, height: 64), background: Color(red: 255, green: 0, blue: 0, alpha: 128)),
                                timeline: Timeline(clip: try clip(), holdFrames: 2), fps: 30, output: directory.file("f%02d.png"))
        try job.run()
        for number in [1, 3, 5, 10] {
            let frame = try ImageDecoder.decode(contentsOf: directory.file(String(format: "f%02d.png", number)))
            #expect(frame.pixel(x: 0, y: 0).a == 128, "frame \(number)")
        }
    }

    /// A timeline of no frames (one image held for less than half a frame) is refused before any
    /// work, in every format: it wrote an empty, unplayable video and exited as if it had worked.
    @Test(arguments: ["clip.mp4", "clip.webm", "clip.gif", "clip.webp", "clip.apng", "f%03d.png"])
    func aTimelineOfNoFramesIsRefused(name: String) throws {
        let output = directory.file(name)
        let job = try RenderJob(images: [a], timeline: Timeline(segments: [.hold(image: 0, frames: 0)]), fps: 10, output: output)
        let refusal = MediaError(.invalidRequest, path: output, reason: "nothing to write: no frames (an image held for less than half a frame, and no transition); hold it longer")
        #expect(throws: refusal) { try job.check() }
        #expect(throws: refusal) { try job.run() }
        #expect(directory.contents == ["a.png", "b.png"])
    }

    @Test func aCancelledJobStopsAndLeavesNothing() throws {
        let output = directory.file("clip.mp4")
        let job = try RenderJob(images: [a, b], timeline: Timeline(clip: try clip(), holdFrames: 2), fps: 30, output: output)
        var frames = 0
        #expect(throws: CancellationError.self) {
            try job.run(progress: { done, _ in frames = done }, isCancelled: { frames >= 3 })
        }
        #expect(frames == 3)
        #expect(directory.contents == ["a.png", "b.png"])
    }

    /// A slideshow's later images are checked before its first frame: a cancel is heard there,
    /// before each image (a cancelled 150-photo show went on decoding for minutes).
    @Test func aCancelIsHeardWhileLaterImagesAreChecked() throws {
        let images = [a, b] + (1...4).map { directory.file("copy\($0).png") }
        for copy in images.dropFirst(2) { try FileManager.default.copyItem(atPath: a, toPath: copy) }
        let job = try RenderJob(images: images, timeline: .slideshow(holdFrames: Array(repeating: 2, count: 6),
                                transitions: Array(repeating: try clip(), count: 5), loop: false), fps: 30, output: directory.file("show.mp4"))
        // Cancelled from the start: the check asks before its first image (another thread may
        // check every image meanwhile, so no later answer is sure to be asked for).
        var (asked, frames) = (0, 0)
        #expect(throws: CancellationError.self) {
            try job.run(progress: { done, _ in frames = done }, isCancelled: { asked += 1; return true })
        }
        #expect(frames == 0 && asked == 1)
        #expect(!directory.contents.contains("show.mp4"))
    }

    @Test func anAsyncRunWritesTheClip() async throws {
        let output = directory.file("clip.mp4")
        let job = try RenderJob(images: [a, b], timeline: Timeline(clip: try clip(), holdFrames: 2), fps: 30, output: output)
        let statistics = try await job.render()
        #expect(statistics.output.framesWritten == 10)
        #expect(directory.contents == ["a.png", "b.png", "clip.mp4"])
    }

    /// Cancelling the task that awaits the job ends the render, which runs on a thread of its own.
    /// The render waits at its third frame until the task is cancelled: on a loaded machine it
    /// could otherwise finish all its frames before this task ran again.
    @Test func cancellingTheTaskEndsAnAsyncRunAndLeavesNothing() async throws {
        let clip = try TransitionClip(transition: try Flip(), duration: 10, fps: 30)
        let job = try RenderJob(images: [a, b], timeline: Timeline(clip: clip, holdFrames: 0), fps: 30, output: directory.file("clip.mp4"))
        let (frames, heard) = AsyncStream.makeStream(of: Int.self)
        let cancelled = DispatchSemaphore(value: 0)
        let render = Task {
            try await job.render(progress: { done, _ in
                heard.yield(done)
                if done == 3 { cancelled.wait() }
            })
        }
        for await done in frames where done >= 3 { break }
        render.cancel()
        cancelled.signal()
        await #expect(throws: CancellationError.self) { try await render.value }
        heard.finish()
        var last = 0
        for await done in frames { last = done }
        #expect(last < 300)
        #expect(directory.contents == ["a.png", "b.png"])
    }

    /// Every input is probed before the first frame, and every problem is reported together.
    @Test func everyUnreadableInputIsReportedBeforeTheFirstFrame() throws {
        let missing = directory.file("missing.png")
        let text = directory.file("text.heic")
        try Data("not a photo".utf8).write(to: URL(fileURLWithPath: text))
        let job = try RenderJob(images: [a, missing, b, text, missing], timeline: .slideshow(holdFrames: [2, 2, 2, 2, 2],
                                transitions: Array(repeating: try clip(), count: 4), loop: false), fps: 30, output: directory.file("x.mp4"))
        var framesDone = 0
        do {
            try job.run(progress: { done, _ in framesDone = done })
            Issue.record("the job ran")
        } catch let error as InputProblems {
            #expect(error.problems.map { ($0 as? MediaError)?.path } == [missing, text])
            #expect((error.problems[0] as? MediaError)?.reason == "no such file")
            #expect((error.problems[1] as? MediaError)?.reason.hasPrefix("not an image FFmpeg can decode") == true)
        }
        #expect(framesDone == 0)
        #expect(directory.contents == ["a.png", "b.png", "text.heic"])
    }

    @Test func problemsAreFoundBeforeAnyWork() throws {
        let timeline = Timeline(clip: try clip(), holdFrames: 0)
        let overInput = try RenderJob(images: [a, b], timeline: timeline, fps: 30, output: b, format: .mp4)
        #expect(throws: MediaError(.outputRefused, path: b, reason: "output is the same file as input '\(b)'; refusing to overwrite an input")) {
            try overInput.check()
        }
        let tiny = try RenderJob(images: [a, b], frame: FramePolicy(size: PixelSize(width: 8, height: 8)), timeline: timeline,
                                 fps: 30, output: directory.file("x.mp4"))
        let tinyError = #expect(throws: ParameterError.self) { try tiny.check() }
        #expect(tinyError?.description == "size must be WIDTHxHEIGHT with each side between 16 and 8192 pixels, got 8x8")
        // A bound of no pixels made a 16x16 video; a limit under one pixel refused every image as too large.
        for (frame, error) in [(FramePolicy(sizeBound: PixelSize(width: 0, height: 0)), "size-bound must be WIDTHxHEIGHT with each side between 16 and 8192 pixels, got 0x0"),
                               (FramePolicy(pixelLimit: PixelLimit(maxPixels: -1)), "max-pixels must be 1 or more, got -1")] {
            let job = try RenderJob(images: [a, b], frame: frame, timeline: timeline, fps: 30, output: directory.file("x.mp4"))
            #expect((#expect(throws: ParameterError.self) { try job.check() })?.description == error)
        }
        #expect(throws: MediaError(.outputRefused, path: directory.file("x.mp4"), reason: "a PNG image holds one frame; write a video to hold 6")) {
            try RenderJob(images: [a, b], timeline: timeline, fps: 30, output: directory.file("x.mp4"), format: .png).check()
        }
        #expect(directory.contents == ["a.png", "b.png"])
    }

    /// libwebp times frames in 31-bit milliseconds: a WebP of more than about 596.5 hours is refused
    /// before any frame is rendered, and a sink fed past that point throws instead of trapping.
    @Test func aWebPTooLongForLibwebpsTimestampsIsRefusedBeforeAnyWork() throws {
        let output = directory.file("long.webp")
        let clip = try TransitionClip(transition: try Flip(), duration: 2, fps: 1)
        let tooLong = try RenderJob(images: [a, b], timeline: Timeline(clip: clip, holdFrames: 1_073_800), fps: 1, output: output)
        let reason = "an animated WebP lasts at most 596.5 hours (libwebp counts milliseconds in 31 bits), and this one reaches 596.6 hours; write a video (.mp4, .webm) instead"
        #expect(throws: MediaError(.invalidRequest, path: output, reason: reason)) { try tooLong.run() }
        let fits = try RenderJob(images: [a, b], timeline: Timeline(clip: clip, holdFrames: 1_073_700), fps: 1, output: output)
        try fits.probe()
        do {
            let sink = try OutputFormat.webp.open(OutputRequest(path: output, size: PixelSize(width: 16, height: 16), fps: 1))
            try sink.append(Image(width: 16, height: 16, filledWith: .black))
            for _ in 0..<2_147_483 { try sink.repeatLastFrame() }
            #expect(throws: MediaError(.invalidRequest, path: output, reason: reason)) { try sink.append(Image(width: 16, height: 16, filledWith: .black)) }
        }
        #expect(directory.contents == ["a.png", "b.png"])
    }

    /// A program tells failures apart by kind, not by their words: a missing image, a file that
    /// is no image, a cut one, images over the pixel limit (each a problem of its own), an output
    /// it refuses.
    @Test func failuresHaveKinds() throws {
        let notAnImage = directory.file("notes.png"), cut = directory.file("cut.png")
        try Data("not a picture".utf8).write(to: URL(fileURLWithPath: notAnImage))
        let png = try Data(contentsOf: URL(fileURLWithPath: a))
        try png.prefix(png.count / 2).write(to: URL(fileURLWithPath: cut))
        let clip = try clip()
        func kinds(images: [String], output: String = directory.file("out.mp4"), maxPixels: Int? = nil) throws -> [MediaError.Kind?] {
            var frame = FramePolicy()
            if let maxPixels { frame.pixelLimit = PixelLimit(maxPixels: maxPixels) }
            let job = try RenderJob(images: images, frame: frame, timeline: Timeline(clip: clip, holdFrames: 1), fps: 30, output: output)
            do {
                try job.run()
                return []
            } catch {
                return InputProblems.problems(in: error).map { ($0 as? MediaError)?.kind }
            }
        }
        #expect(try kinds(images: [directory.file("none.png"), b]) == [.inputMissing])
        #expect(try kinds(images: [notAnImage, b]) == [.inputUnsupported])
        #expect(try kinds(images: [cut, b]) == [.inputDamaged])
        #expect(try kinds(images: [a, b], maxPixels: 100) == [.inputTooLarge, .inputTooLarge])
        #expect(try kinds(images: [a, b], output: directory.file("missing/out.mp4")) == [.outputRefused])
        #expect(try kinds(images: [a, b], output: a) == [.outputRefused])
        #expect(try kinds(images: [a, b]) == [])
    }
}

/// What a job said, in order, from whichever thread said it.
private final class HeardEvents: @unchecked Sendable {
    private let lock = NSLock()
    private var heard: [String] = []

    func append(_ event: String) { lock.withLock { heard.append(event) } }
    var events: [String] { lock.withLock { heard } }
}
