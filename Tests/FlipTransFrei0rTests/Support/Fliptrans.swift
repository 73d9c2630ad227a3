import Foundation

/// The `fliptrans` executable built beside the tests, for `fliptrans still`.
enum Fliptrans {
    static let executable = builtExecutable("fliptrans")

    /// An executable of this package, built beside the tests (in the folder of the test bundle or
    /// one above it).
    static func builtExecutable(_ name: String) -> URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), folder.path != "/" {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent(name)
    }

    /// The frame of `fliptrans still` at time fraction `t`, as packed RGB.
    static func still(_ images: TestImages, at t: Double, options: [String]) throws -> [UInt8] {
        let output = images.url("still-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: output) }
        try Tool.succeed(executable.path, ["still", images.url("a.png").path, images.url("b.png").path, "--at", "\(t)", "-o", output.path, "-q"] + options)
        return try Tool.rgbFrames(of: output, width: TestImages.width, height: TestImages.height)[0]
    }
}
