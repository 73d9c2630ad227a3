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

    /// Every file in the folder with its bytes, to check that nothing was written, changed or emptied.
    func snapshot() throws -> [String: Data] {
        try Dictionary(uniqueKeysWithValues: files.map { ($0, try Data(contentsOf: url.appendingPathComponent($0))) })
    }

    /// The options of a render of A to B that takes minutes, to be stopped while it runs.
    static let longRender = ["a.png", "b.png", "--size", "640x480", "--duration", "60", "--preset", "veryslow"]

    /// Waits until the hidden partial file of `output` (in this folder) appears, as it does once
    /// a render is under way; its name, or nil if none appeared within 20 seconds.
    func waitForPartial(of output: String) -> String? {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if let partial = partials(of: output).first { return partial }
            usleep(20_000)
        }
        return nil
    }

    /// The hidden partial files of `output` in this folder.
    func partials(of output: String) -> [String] {
        files.filter { $0.hasPrefix(".\(output).") && $0.hasSuffix(".partial") }.sorted()
    }

    /// Writes an old partial file of `output`, as a run killed an hour ago would have left.
    func writeStalePartial(of output: String, random: String = "0123456789abc") throws -> String {
        let name = ".\(output).\(random).partial"
        try write(name, Array("half a video".utf8))
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-3600)], ofItemAtPath: path(name))
        return name
    }

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
