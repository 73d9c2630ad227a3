import Foundation

/// What the independent `ffprobe` program reads from a video: an oracle the product's own
/// code has no part in.
struct ProbedVideo {
    let codec: String
    let pixelFormat: String
    let width: Int
    let height: Int
    let frames: Int
    let duration: Double
    let colorSpace: String?
    let colorRange: String?

    init(path: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ffprobe")
        process.arguments = ["-v", "error", "-count_frames", "-select_streams", "v:0", "-of", "json",
                             "-show_entries", "stream=codec_name,pix_fmt,width,height,nb_read_frames,color_space,color_range:format=duration",
                             path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let json = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        let stream = (json["streams"] as! [[String: Any]])[0]
        let format = json["format"] as! [String: Any]
        codec = stream["codec_name"] as! String
        pixelFormat = stream["pix_fmt"] as! String
        width = stream["width"] as! Int
        height = stream["height"] as! Int
        frames = Int(stream["nb_read_frames"] as! String)!
        duration = Double(format["duration"] as! String)!
        colorSpace = stream["color_space"] as? String
        colorRange = stream["color_range"] as? String
    }
}
