import CFFmpeg
import FlipTransCore
import Foundation
import Testing
@testable import FlipTransMedia

struct VideoEncoderTests {
    static let cases: [(VideoFormat, PixelSize, String)] = [
        (.mp4, PixelSize(width: 320, height: 240), "h264"),
        (.mp4, PixelSize(width: 250, height: 144), "h264"),
        (.webm, PixelSize(width: 320, height: 240), "vp9"),
        (.webm, PixelSize(width: 250, height: 144), "vp9"),
    ]

    @Test(arguments: 0..<cases.count)
    func roundTrip(caseIndex: Int) throws {
        let (format, size, codecName) = Self.cases[caseIndex]
        let directory = try TemporaryDirectory()
        let path = directory.file("out.\(format.rawValue)")
        let frameCount = 30, fps: FrameRate = 30
        let frames = (0..<frameCount).map { syntheticFrame($0, size: size) }

        let encoder = try VideoEncoder(writingTo: path, settings: EncoderSettings(format: format, size: size, fps: fps))
        for frame in frames { try encoder.append(frame) }
        #expect(!FileManager.default.fileExists(atPath: path), "nothing at the path before finish()")
        try encoder.finish()
        #expect(encoder.statistics.framesWritten == frameCount)
        #expect(directory.contents == ["out.\(format.rawValue)"], "no temporary file left behind")

        let reader = try FrameReader(contentsOf: path)
        #expect(String(cString: avcodec_get_name(reader.stream.pointee.codecpar.pointee.codec_id)) == codecName)
        let timeBase = reader.stream.pointee.time_base
        let expectedMicroseconds = Int64(frameCount) * Int64(AV_TIME_BASE) / Int64(fps.numerator)
        let tolerance = Int64(AV_TIME_BASE) * Int64(timeBase.num) / Int64(timeBase.den)
        #expect(abs(reader.formatContext.pointee.duration - expectedMicroseconds) <= tolerance,
                "duration \(reader.formatContext.pointee.duration) µs, expected \(expectedMicroseconds)")

        var decoded = 0
        while let frame = try reader.nextFrame() {
            #expect(AVPixelFormat(frame.pointee.format) == AV_PIX_FMT_YUV420P)
            #expect(frame.pointee.color_primaries == AVCOL_PRI_BT709)
            #expect(frame.pointee.color_trc == AVCOL_TRC_BT709)
            #expect(frame.pointee.colorspace == AVCOL_SPC_BT709)
            #expect(frame.pointee.color_range == AVCOL_RANGE_MPEG)
            let image = try #require(try FrameConversion.image(from: frame, path: path, warning: { _ in }))
            if decoded < frames.count {
                let quality = psnr(image, frames[decoded])
                #expect(quality >= 35, "frame \(decoded): PSNR \(quality) dB")
            }
            decoded += 1
        }
        #expect(decoded == frameCount)
    }

    /// A held still is converted once and encoded again for each repeat, at the right times.
    @Test(arguments: [VideoFormat.mp4, .webm])
    func repeatedFramesShowTheLastFrameAgain(format: VideoFormat) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("held.\(format.rawValue)")
        let size = PixelSize(width: 96, height: 64)
        let (a, b) = (syntheticFrame(0, size: size), syntheticFrame(20, size: size))
        let encoder = try VideoEncoder(writingTo: path, settings: EncoderSettings(format: format, size: size, fps: 10))
        #expect(throws: MediaError(.invalidRequest, path: path, reason: "no frame to repeat yet")) { try encoder.repeatLastFrame() }
        try encoder.append(a)
        try encoder.repeatLastFrame()
        try encoder.repeatLastFrame()
        try encoder.append(b)
        try encoder.repeatLastFrame()
        try encoder.finish()
        #expect(encoder.statistics.framesWritten == 5)

        let reader = try FrameReader(contentsOf: path)
        var decoded: [Image] = []
        while let frame = try reader.nextFrame() { decoded.append(try #require(try FrameConversion.image(from: frame, path: path, warning: { _ in }))) }
        let expected = [a, a, a, b, b]
        #expect(decoded.count == expected.count)
        for (index, (image, original)) in zip(decoded, expected).enumerated() {
            let other = original == a ? b : a
            #expect(psnr(image, original) >= 30 && psnr(image, other) < psnr(image, original) - 10, "frame \(index)")
        }
        #expect(reader.formatContext.pointee.duration == 500_000)
    }

    /// Frames the renderer converts into the encoder's own pictures are encoded as they are,
    /// without a copy; a repeat encodes the last picture again; a picture of another's is refused.
    @Test func lentPicturesAreEncodedAsTheyAre() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("lent.y4m")
        let size = PixelSize(width: 96, height: 64)
        let encoder = try VideoEncoder(writingTo: path, settings: EncoderSettings(format: .y4m, size: size, fps: 10))
        #expect(encoder.takesYUV420)
        let first = try encoder.picture(reusing: nil), second = try encoder.picture(reusing: nil)
        let reused = try encoder.picture(reusing: first)
        #expect(first !== second && reused === first)
        let sources = [syntheticFrame(0, size: size), syntheticFrame(20, size: size)]
        let expected = try sources.map { frame in
            let picture = try YUV420Picture(size: size)
            BT709Conversion.convert(frame, into: picture.planes)
            return picture
        }
        BT709Conversion.convert(sources[0], into: first.planes)
        BT709Conversion.convert(sources[1], into: second.planes)
        try encoder.append(converted: first)
        try encoder.repeatLastFrame()
        try encoder.append(converted: second)
        #expect(throws: MediaError(.invalidRequest, path: path, reason: "a \(size) picture that is not one of this \(size) video's")) {
            try encoder.append(converted: try YUV420Picture(size: size))
        }
        try encoder.finish()
        #expect(encoder.statistics.framesWritten == 3 && encoder.statistics.conversionSeconds == 0)

        let reader = try FrameReader(contentsOf: path)
        var lumas: [[UInt8]] = []
        while let frame = try reader.nextFrame() {
            let stride = Int(frame.pointee.linesize.0)
            lumas.append((0..<size.height).flatMap { y in Array(UnsafeBufferPointer(start: frame.pointee.data.0! + y * stride, count: size.width)) })
        }
        let expectedLumas = expected.map { Array(UnsafeBufferPointer(start: $0.planes.luma, count: size.width * size.height)) }
        #expect(lumas == [expectedLumas[0], expectedLumas[0], expectedLumas[1]])
    }

    @Test func mp4PutsTheIndexBeforeTheData() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("fast.mp4")
        let size = PixelSize(width: 64, height: 64)
        let encoder = try VideoEncoder(writingTo: path, settings: EncoderSettings(format: .mp4, size: size, fps: 25))
        for index in 0..<5 { try encoder.append(syntheticFrame(index, size: size)) }
        try encoder.finish()
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func offset(of atom: String) -> Int? {
            let tag = Array(atom.utf8)
            return (0...(bytes.count - 4)).first { Array(bytes[$0..<$0 + 4]) == tag }
        }
        let moov = try #require(offset(of: "moov")), mdat = try #require(offset(of: "mdat"))
        #expect(moov < mdat)
    }

    @Test func rejectsAFrameOfTheWrongSize() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("a.mp4")
        let encoder = try VideoEncoder(writingTo: path, settings: EncoderSettings(format: .mp4, size: PixelSize(width: 64, height: 32), fps: 30))
        #expect(throws: MediaError(.invalidRequest, path: path, reason: "frame is 32x32 but the video is 64x32")) { try encoder.append(Image(width: 32, height: 32)) }
    }

    /// A file's problem names the file; an option's names the option (its description), which the
    /// command line and a job file each word their own way.
    @Test func settingsErrorsNameTheProblem() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("a.mp4")
        func reason(_ settings: EncoderSettings, at target: String? = nil) -> String? {
            do { _ = try VideoEncoder(writingTo: target ?? path, settings: settings); return nil } catch let error as MediaError {
                #expect(error.path == (target ?? path))
                return error.reason
            } catch { return "\(error)" }
        }
        let size = PixelSize(width: 64, height: 64)
        func settings(_ format: VideoFormat, _ options: OutputOptions, size: PixelSize = size) -> EncoderSettings {
            EncoderSettings(format: format, size: size, fps: 30, options: options)
        }
        #expect(throws: ParameterError(parameter: "preset", value: "'medum'", expected: "one of ultrafast, superfast, veryfast, faster, fast, medium, slow, slower, veryslow, placebo for H.264 (x264)", isUnreadable: true)) {
            _ = try VideoEncoder(writingTo: path, settings: settings(.mp4, OutputOptions(preset: "medum")))
        }
        #expect(reason(settings(.mp4, OutputOptions(crf: 60))) == "crf must be between 0 and 51 for H.264 (x264), got 60")
        #expect(reason(settings(.webm, OutputOptions(preset: "fast"))) == "--preset does not apply to VP9 (libvpx), which always uses cpu-used 5; it is for H.264, HEVC and AV1")
        #expect(throws: ParameterError(parameter: "preset", value: "'fast'", expected: "a number from 0 (slowest, best) to 13 (fastest) for AV1 (SVT-AV1)", isUnreadable: true)) {
            _ = try VideoEncoder(writingTo: path, settings: settings(.mp4, OutputOptions(codec: .av1, preset: "fast")))
        }
        #expect(reason(settings(.mp4, OutputOptions(codec: .av1, preset: "14"))) == "preset must be a number from 0 (slowest, best) to 13 (fastest) for AV1 (SVT-AV1), got 14")
        #expect(reason(settings(.mp4, OutputOptions(codec: .av1, crf: 0))) == "crf must be between 1 and 63 for AV1 (SVT-AV1), got 0")
        #expect(reason(settings(.mov, OutputOptions(crf: 20))) == "--crf does not apply to ProRes (prores_ks): its quality is fixed by its profile")
        #expect(reason(settings(.mp4, OutputOptions(codec: .vp9))) == "--codec cannot be vp9 for MP4, which cannot hold VP9 (libvpx); write .webm or .mkv for it, or use --codec h264, --codec hevc or --codec av1 with .mp4")
        #expect(reason(settings(.webm, OutputOptions(codec: .h264))) == "--codec cannot be h264 for WebM, which cannot hold H.264 (x264); write .mp4 or .mkv or .mov for it, or use --codec vp9 or --codec av1 with .webm")
        #expect(reason(settings(.gif, OutputOptions(codec: .h264))) == "--codec does not apply to GIF; it is for .mp4, .webm, .mkv, .mov")
        #expect(reason(settings(.mp4, OutputOptions(lossless: true))) == "--lossless does not apply to MP4; it is for .webp")
        #expect(reason(settings(.mp4, OutputOptions(alpha: true)))?.hasPrefix("H.264 (x264) in MP4 cannot keep transparency") == true)
        // The container's own codecs that keep it come first; the format itself is not offered.
        #expect(reason(settings(.webm, OutputOptions(codec: .av1, alpha: true)))
                == "AV1 (SVT-AV1) in WebM cannot keep transparency (--background transparent or translucent); give --codec vp9, write .mov (ProRes 4444), .webp, .apng, .gif or a PNG sequence ('frames/f%04d.png'), or give an opaque --background")
        #expect(reason(settings(.mkv, OutputOptions(alpha: true)))
                == "H.264 (x264) in Matroska (MKV) cannot keep transparency (--background transparent or translucent); give --codec vp9 or --codec prores, write .webm (VP9), .mov (ProRes 4444), .webp, .apng, .gif or a PNG sequence ('frames/f%04d.png'), or give an opaque --background")
        // On standard output, the formats a pipe carries (it offered files).
        #expect(reason(settings(.y4m, OutputOptions(alpha: true)), at: OutputDestination.standardOutputPath)
                == "YUV4MPEG2 cannot keep transparency (--background transparent or translucent); give --format webm (VP9) or --format nut (raw video), or give an opaque --background")
        #expect(reason(settings(.webm, OutputOptions(codec: .av1, alpha: true)), at: OutputDestination.standardOutputPath)
                == "AV1 (SVT-AV1) in WebM cannot keep transparency (--background transparent or translucent); give --codec vp9, --format nut (raw video), or give an opaque --background")
        #expect(reason(settings(.mkv, OutputOptions(alpha: true)), at: OutputDestination.standardOutputPath)
                == "H.264 (x264) in Matroska (MKV) cannot keep transparency (--background transparent or translucent); give --codec vp9, --codec prores, --format webm (VP9) or --format nut (raw video), or give an opaque --background")
        #expect(reason(settings(.mkv, OutputOptions(codec: .av1), size: PixelSize(width: 64, height: 32))) == "AV1 (SVT-AV1) needs a frame of at least 64x64, got 64x32; use --codec h264, hevc, vp9 or prores")
        #expect(reason(EncoderSettings(format: .mp4, size: PixelSize(width: 63, height: 64), fps: 30)) == "MP4 needs a size positive and even in both dimensions, got 63x64")
        #expect(reason(EncoderSettings(format: .mp4, size: size, fps: 30), at: directory.file("missing/a.mp4"))?.hasSuffix("does not exist") == true)
        #expect(directory.contents.isEmpty)
    }

    @Test func codecRejectsMisspelledOptions() throws {
        let codec = try #require(avcodec_find_encoder_by_name("libx264"))
        let context = OwnedCodecContext(codec: codec)
        context.pointer.pointee.width = 64
        context.pointer.pointee.height = 64
        context.pointer.pointee.pix_fmt = AV_PIX_FMT_YUV420P
        context.pointer.pointee.time_base = AVRational(num: 1, den: 30)
        #expect(throws: MediaError(.invalidRequest, path: "x.mp4", reason: "libx264 does not accept the option(s) crff=20")) {
            try context.open(options: ["preset": "fast", "crff": "20"], path: "x.mp4")
        }
    }
}
