import CFFmpeg
import FlipTransCore
import Testing
@testable import FlipTransMedia

/// Frames pushed into a filter graph are taken at once, not queued until a frame is pulled: a
/// GIF's clip palette pulls nothing until the clip's end, and every frame of the clip waited in
/// the graph, holding its picture (a 20-second 720p GIF took over a gigabyte).
struct FilterGraphTests {
    @Test func aPushedFrameIsTakenAtOnce() throws {
        let size = PixelSize(width: 32, height: 16)
        let graph = try FilterGraph("[in0]palettegen=stats_mode=diff[out]", inputs: [FilterGraph.Input(size: size, pixelFormat: AV_PIX_FMT_RGBA)],
                                    fps: 10, path: "clip.gif")
        let frames = try (0..<3).map { index in
            let frame = try OwnedFrame(format: AV_PIX_FMT_RGBA, size: size, path: "clip.gif")
            frame.pointer.pointee.data.0!.update(repeating: UInt8(index * 80), count: Int(frame.pointer.pointee.linesize.0) * size.height)
            frame.pointer.pointee.pts = Int64(index)
            return frame
        }
        for frame in frames { try graph.push(frame.pointer) }
        // Only the caller's reference is left on the frames the graph is done with.
        for frame in frames.prefix(2) { #expect(av_buffer_get_ref_count(frame.pointer.pointee.buf.0) == 1) }
        try graph.push(nil)
        let palette = OwnedFrame()
        #expect(try graph.pull(into: palette.pointer))
        #expect(palette.pointer.pointee.width == 16 && palette.pointer.pointee.height == 16)
    }
}
