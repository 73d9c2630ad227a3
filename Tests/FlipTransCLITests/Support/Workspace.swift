import FlipTransCore
import FlipTransMedia
import Foundation

/// A scratch folder with two small input images, removed when the test ends.
final class Workspace {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("fliptrans-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try PNGWriter.write(Self.pattern(160, 120, tint: 0), to: path("a.png"))
        try PNGWriter.write(Self.pattern(160, 120, tint: 1), to: path("b.png"))
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    func run(_ arguments: String...) throws -> CommandResult { try Fliptrans.run(arguments, in: url) }
    func run(_ arguments: [String]) throws -> CommandResult { try Fliptrans.run(arguments, in: url) }

    /// Every file in the folder, to check that nothing (not even a temporary file) was left behind.
    var files: Set<String> { Set((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []) }

    func write(_ name: String, _ bytes: [UInt8]) throws {
        try Data(bytes).write(to: url.appendingPathComponent(name))
    }

    /// Smooth colour ramps with a distinct tint per image: easy to encode, easy to tell apart.
    static func pattern(_ width: Int, _ height: Int, tint: Int) -> Image {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                pixels[i] = UInt8(tint == 0 ? 40 + x : 220 - x)
                pixels[i + 1] = UInt8(60 + y)
                pixels[i + 2] = UInt8(tint == 0 ? 200 : 50)
            }
        }
        return Image(width: width, height: height, pixels: pixels)
    }
}
