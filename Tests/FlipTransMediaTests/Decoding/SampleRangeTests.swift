import FlipTransCore
import Foundation
import Testing
@testable import FlipTransMedia

/// Grey and RGB samples span their whole range: nothing is taken as limited-range video luma
/// (which turned 16-bit grey 0/10/20/128/235/245/255 into 0/0/5/131/255/255/255), and 16-bit
/// samples come down to 8 bits exactly (v·257 → v).
struct SampleRangeTests {
    static let levels: [UInt8] = [0, 10, 20, 128, 235, 245, 255]

    /// Writes `samples` (one byte per 8-bit sample, big-endian pairs for 16-bit ones) as raw
    /// `rawFormat` and has ffmpeg store them in `file` as `storedFormat`.
    func make(_ file: String, samples: [UInt8], rawFormat: String, storedFormat: String, width: Int, in directory: TemporaryDirectory) throws {
        let raw = directory.file("samples.raw")
        try Data(samples).write(to: URL(fileURLWithPath: raw))
        try runFFmpeg(["-f", "rawvideo", "-pix_fmt", rawFormat, "-s", "\(width)x1", "-i", raw, "-pix_fmt", storedFormat, file])
    }

    @Test(arguments: [("pgm", "gray"), ("png", "gray"), ("tiff", "gray"),
                      ("pgm", "gray16be"), ("png", "gray16be"), ("tiff", "gray16le"),
                      ("png", "ya8"), ("png", "ya16be"), ("tiff", "ya8")])
    func greyLevelsAreExact(container: String, storedFormat: String) throws {
        let directory = try TemporaryDirectory()
        let deep = storedFormat.contains("16"), withAlpha = storedFormat.hasPrefix("ya")
        let opaque: [UInt8] = deep ? [255, 255] : [255]
        let samples = Self.levels.flatMap { level -> [UInt8] in
            let grey: [UInt8] = deep ? [level, level] : [level]   // 16-bit: level · 257
            return withAlpha ? grey + opaque : grey
        }
        let rawFormat = withAlpha ? (deep ? "ya16be" : "ya8") : (deep ? "gray16be" : "gray")
        let file = directory.file("levels.\(container)")
        try make(file, samples: samples, rawFormat: rawFormat, storedFormat: storedFormat, width: Self.levels.count, in: directory)

        let image = try ImageDecoder.decode(contentsOf: file)
        let decoded = (0..<Self.levels.count).map { image.pixel(x: $0, y: 0) }
        #expect(decoded.map(\.r) == Self.levels, "\(storedFormat) in \(container)")
        #expect(decoded.allSatisfy { $0.r == $0.g && $0.g == $0.b && $0.a == 255 })
    }

    @Test(arguments: ["rgb48be", "rgba64be"])
    func sixteenBitRGBIsExact(storedFormat: String) throws {
        let directory = try TemporaryDirectory()
        let levels = Self.levels, count = levels.count
        let colours = (0..<count).map { [levels[$0], levels[count - 1 - $0], levels[($0 + 3) % count]] }
        let alpha = storedFormat == "rgba64be"
        let samples: [UInt8] = colours.flatMap { colour in (colour + (alpha ? [255] : [])).flatMap { [$0, $0] } }
        let file = directory.file("colours.png")
        try make(file, samples: samples, rawFormat: storedFormat, storedFormat: storedFormat, width: count, in: directory)

        let image = try ImageDecoder.decode(contentsOf: file)
        for (x, colour) in colours.enumerated() {
            let p = image.pixel(x: x, y: 0)
            #expect([p.r, p.g, p.b, p.a] == colour + [255], "pixel \(x)")
        }
    }
}
