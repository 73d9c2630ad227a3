import Foundation

/// Every stream of a media file as the independent `ffprobe` reads it: codec and duration.
struct ProbedStreams {
    let streams: [(codec: String, duration: Double?)]

    init(path: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ffprobe")
        process.arguments = ["-v", "error", "-of", "json", "-show_entries", "stream=codec_name,duration", path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let json = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        streams = (json["streams"] as! [[String: Any]]).map { ($0["codec_name"] as! String, ($0["duration"] as? String).flatMap(Double.init)) }
    }

    var codecs: [String] { streams.map(\.codec) }

    /// The duration ffprobe gives the stream of `codec` (MP4 records it; WebM does not).
    func duration(of codec: String) -> Double {
        streams.first { $0.codec == codec }?.duration ?? .nan
    }
}
