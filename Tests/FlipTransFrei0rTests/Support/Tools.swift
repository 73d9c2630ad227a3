import Foundation

/// Programs the tests drive: melt, ffmpeg, gst-launch-1.0, ldd, nm.
enum Tool {
    struct Result {
        let status: Int32
        let stdout: Data
        let stderr: String
        var text: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// Runs `program` (found on PATH) to completion in `directory`, with `environment` added.
    @discardableResult
    static func run(_ program: String, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws -> Result {
        guard let executable = find(program) else {
            throw ToolError(description: "\(program) is not installed (Scripts/install-deps.sh installs it)")
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        // stderr goes to a file, so that neither it nor the stdout pipe fills while the other is read.
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("fliptrans-frei0r-stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = try FileHandle(forWritingTo: errorFile)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errors = (try? Data(contentsOf: errorFile)) ?? Data()
        return Result(status: process.terminationStatus, stdout: output, stderr: String(decoding: errors, as: UTF8.self))
    }

    /// Runs and requires exit status 0.
    @discardableResult
    static func succeed(_ program: String, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws -> Result {
        let result = try run(program, arguments, in: directory, environment: environment)
        guard result.status == 0 else {
            throw ToolError(description: "\(program) \(arguments.joined(separator: " ")) exited with \(result.status): \(result.stderr.suffix(2000))")
        }
        return result
    }

    static func find(_ program: String) -> URL? {
        if program.contains("/") { return FileManager.default.isExecutableFile(atPath: program) ? URL(fileURLWithPath: program) : nil }
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let url = URL(fileURLWithPath: String(folder)).appendingPathComponent(program)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }

    /// Every frame of a video or image, decoded by ffmpeg to packed RGB (3 bytes a pixel), each
    /// once (passthrough: no frame dropped or repeated to keep a constant rate), converted with
    /// accurate rounding and the colour matrix the file declares.
    static func rgbFrames(of file: URL, width: Int, height: Int) throws -> [[UInt8]] {
        let data = try succeed("ffmpeg", ["-v", "error", "-i", file.path, "-fps_mode", "passthrough", "-sws_flags", "accurate_rnd+full_chroma_int",
                                          "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]).stdout
        let frameSize = width * height * 3
        return stride(from: 0, to: data.count - frameSize + 1, by: frameSize).map { [UInt8](data[$0..<$0 + frameSize]) }
    }
}

struct ToolError: Error, CustomStringConvertible {
    let description: String
}

/// Peak signal-to-noise ratio in dB between two frames of the same layout (infinite when equal).
func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
    precondition(a.count == b.count, "frames of different sizes")
    var sum = 0.0
    for (x, y) in zip(a, b) {
        let d = Double(x) - Double(y)
        sum += d * d
    }
    let mse = sum / Double(a.count)
    return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
}
