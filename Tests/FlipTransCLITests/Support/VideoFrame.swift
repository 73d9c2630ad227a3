import FlipTransCore
import FlipTransMedia
import Foundation

/// One frame of a video, as the independent ffmpeg program decodes it, read back as an image.
enum VideoFrame {
    static func frame(_ index: Int, of video: String, in workspace: Workspace) throws -> Image {
        let name = "frame-\(index)-\(UUID().uuidString).png"
        try ExternalTool.ffmpeg(["-i", video, "-vf", "select=eq(n\\,\(index))", "-frames:v", "1", name], in: workspace.url)
        defer { try? FileManager.default.removeItem(atPath: workspace.path(name)) }
        return try ImageDecoder.decode(contentsOf: workspace.path(name))
    }
}
