import FlipTransCore
import FlipTransMedia
import Foundation

/// Frames of a written video as the ffmpeg program decodes them, to compare with what they show.
enum DecodedFrames {
    /// Frame `index` (from 0) of `video` in `workspace`.
    static func frame(_ index: Int, of video: String, in workspace: Workspace) throws -> Image {
        let name = "decoded-\(index)-\(UUID().uuidString).png"
        try ExternalTool.ffmpeg(["-i", video, "-vf", "select=eq(n\\,\(index))", "-frames:v", "1", name], in: workspace.url)
        return try ImageDecoder.decode(contentsOf: workspace.path(name))
    }

    /// The last frame of `video`.
    static func lastFrame(of video: String, in workspace: Workspace) throws -> Image {
        try frame(try ProbedVideo(path: workspace.path(video)).frames - 1, of: video, in: workspace)
    }

    /// The mean difference of two images' colour samples, 0…255: a few units for the same
    /// picture through a lossy codec.
    static func meanDifference(_ a: Image, _ b: Image) -> Double {
        precondition(a.size == b.size, "images of different sizes")
        var total = 0
        for i in stride(from: 0, to: a.pixels.count, by: 4) {
            for lane in 0..<3 { total += abs(Int(a.pixels[i + lane]) - Int(b.pixels[i + lane])) }
        }
        return Double(total) / Double(a.width * a.height * 3)
    }
}
