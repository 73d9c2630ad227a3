import FlipTransCore
import FlipTransMixer
import Foundation
import XCTest

/// MLT's `melt` (what Kdenlive and Shotcut render with) mixing two images with each transition:
/// `melt a.png out=49 b.png out=49 -mix 25 -mixer frei0r.fliptrans-<name> position=0=0;-1=1`.
///
/// How MLT maps the mix to position: the mix is 25 frames, frames 25–49 of the 75-frame output
/// (frames 25–49 of A under frames 0–24 of B). MLT evaluates the keyframes `0=0;-1=1` (−1 is the
/// mix's last frame) at the frame's offset i in the mix, so frame 25 + i gets position i/24 —
/// exactly the time fraction of frame i of a 25-frame `fliptrans` clip, t = i/(n − 1). (The
/// plugin's `time` argument, i/fps in seconds, is not used.) Without the keyframes position stays
/// at its default 0 and the mix shows A throughout.
final class MeltTests: XCTestCase {
    private var images: TestImages!
    private var plugins: URL!

    override func setUpWithError() throws {
        images = try TestImages()
        plugins = try Plugin.installedFolder(in: images.folder)
        try images.profile.write(to: images.url("profile"), atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        images = nil
    }

    /// The decoded video against `fliptrans still` at the same time fraction, ≥ 40 dB. The video
    /// is lossless H.264 4:4:4 (CRF 0, in Matroska: see `Melt`) made from RGB frames
    /// (`mlt_image_format=rgb`), so what differs is the YUV round trip alone (RGB to YUV in MLT's
    /// encoder, back in ffmpeg's decoder). By default MLT's consumer takes its frames as YUV
    /// 4:2:2, its own format, and a video is usually 4:2:0 and lossy: the colour edges where
    /// panels meet then bring some frames down to 30–39 dB, which measures the chroma
    /// subsampling, not the plugin (59 dB without it). MLT's RGBA output itself is byte-exact
    /// (testTheMixerOutputIsExact).
    func testEachTransitionMatchesFliptransStillThroughAVideo() throws {
        for type in MixerTransitions.offered() {
            let video = images.url("\(type.name).mkv")
            try melt(type, options: [], into: video, consumer: ["vcodec=libx264", "pix_fmt=yuv444p", "crf=0", "mlt_image_format=rgb", "an=1"])
            let frames = try Tool.rgbFrames(of: video, width: TestImages.width, height: TestImages.height)
            XCTAssertEqual(frames.count, 75, "\(type.name): 50 + 50 frames overlapping by 25")
            guard frames.count == 75 else { continue }
            for i in [1, 6, 12, 18, 23] {
                let still = try Fliptrans.still(images, at: Double(i) / 24, options: ["--transition", type.name])
                let quality = psnr(frames[25 + i], still)
                XCTAssertGreaterThanOrEqual(quality, 40, "\(type.name): mix frame \(i) against fliptrans still --at \(i)/24")
            }
            XCTAssertGreaterThanOrEqual(psnr(frames[24], try Fliptrans.still(images, at: 0, options: [])), 40, "before the mix: A")
            XCTAssertGreaterThanOrEqual(psnr(frames[50], try Fliptrans.still(images, at: 1, options: [])), 40, "after the mix: B")
        }
    }

    /// Straight to PNG frames, without YUV: every frame of the mix is `fliptrans still`'s, byte
    /// for byte, with a style set through MLT's properties.
    func testTheMixerOutputIsExact() throws {
        let type = Fold.self
        let video = images.url("frames.nut")
        try melt(type, options: ["fold=cubic", "orientation=horizontal"], into: video, consumer: ["vcodec=png", "pix_fmt=rgba", "an=1"])
        let frames = try Tool.rgbFrames(of: video, width: TestImages.width, height: TestImages.height)
        XCTAssertEqual(frames.count, 75)
        guard frames.count == 75 else { return }
        for i in [3, 12, 20] {
            let frame = frames[25 + i]
            let still = try Fliptrans.still(images, at: Double(i) / 24, options: ["--fold", "cubic", "--orientation", "horizontal"])
            XCTAssertEqual(psnr(frame, still), .infinity, "mix frame \(i)")
        }
    }

    /// `melt -query transition=frei0r.fliptrans-<name>` lists the plugin's parameters, in order,
    /// with MLT's types for frei0r's.
    func testMeltListsEachTransitionsParameters() throws {
        let mltType: [MixerParameter.Kind: String] = [.double: "float", .bool: "boolean", .string: "string", .color: "color"]
        for type in MixerTransitions.offered() {
            let service = "frei0r." + MixerTransitions.pluginName(of: type)
            let listing = try Tool.succeed("melt", ["-query", "transition=" + service], environment: ["FREI0R_PATH": plugins.path]).text
            XCTAssertTrue(listing.contains("identifier: \(service)"), listing)
            let titles = listing.split(separator: "\n").compactMap { line -> String? in
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                return trimmed.hasPrefix("title: ") ? String(trimmed.dropFirst("title: ".count)) : nil
            }
            let parameters = MixerParameter.all(for: type)
            XCTAssertEqual(Array(titles.dropFirst()), parameters.map(\.name), "\(type.name)")
            let types = listing.split(separator: "\n").compactMap { line -> String? in
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                return trimmed.hasPrefix("type: ") && !trimmed.hasSuffix("transition") ? String(trimmed.dropFirst("type: ".count)) : nil
            }
            XCTAssertEqual(types, parameters.map { mltType[$0.kind]! }, "\(type.name)")
        }
    }

    /// What the plugin does under MLT's slices (`threads=2` on the transition): MLT constructs it
    /// at half the height and calls it for each half at once, so each half turns as a frame of
    /// its own — the top half of the output is the transition of the top halves. Kdenlive and
    /// Shotcut do not set `threads` on transitions; README's "frei0r plugin" section says not to.
    func testUnderMLTSlicesEachSliceTurnsAsAFrameOfItsOwn() throws {
        guard ProcessInfo.processInfo.activeProcessorCount >= 2 else {
            throw XCTSkip("MLT slices no further than there are processors")
        }
        let video = images.url("slices.nut")
        try melt(Flip.self, options: ["threads=2"], into: video, consumer: ["vcodec=png", "pix_fmt=rgba", "an=1"])
        let half = TestImages.height / 2
        for name in ["a", "b"] {
            try Tool.succeed("ffmpeg", ["-v", "error", "-y", "-i", images.url("\(name).png").path, "-vf", "crop=\(TestImages.width):\(half):0:0",
                                        images.url("top-\(name).png").path])
        }
        let i = 8
        let frames = try Tool.rgbFrames(of: video, width: TestImages.width, height: TestImages.height)
        XCTAssertEqual(frames.count, 75)
        guard frames.count == 75 else { return }
        let frame = frames[25 + i]
        let stillFile = images.url("top-still.png")
        try Tool.succeed(Fliptrans.executable.path, ["still", images.url("top-a.png").path, images.url("top-b.png").path, "--at", "\(Double(i) / 24)",
                                                     "-o", stillFile.path, "-q"])
        let topStill = try Tool.rgbFrames(of: stillFile, width: TestImages.width, height: half)[0]
        XCTAssertEqual(psnr(Array(frame[0..<topStill.count]), topStill), .infinity)
    }

    /// Renders the mix into `output` with MLT's avformat consumer and its `consumer` properties.
    private func melt(_ type: any Transition.Type, options: [String], into output: URL, consumer: [String]) throws {
        let service = "frei0r." + MixerTransitions.pluginName(of: type)
        let arguments = ["-silent", "-profile", images.url("profile").path,
                         images.url("a.png").path, "out=49", images.url("b.png").path, "out=49",
                         "-mix", "25", "-mixer", service, "position=0=0;-1=1"] + options
        try Melt.render(arguments, properties: consumer + ["real_time=-1"], into: output, in: images.folder,
                        environment: ["FREI0R_PATH": plugins.path])
    }
}

extension TestImages {
    /// An MLT profile of the images' size: 25 fps, square pixels, progressive, BT.709.
    var profile: String {
        """
        description=fliptrans tests
        frame_rate_num=25
        frame_rate_den=1
        width=\(TestImages.width)
        height=\(TestImages.height)
        progressive=1
        sample_aspect_num=1
        sample_aspect_den=1
        display_aspect_num=\(TestImages.width)
        display_aspect_den=\(TestImages.height)
        colorspace=709

        """
    }
}
