import Foundation

/// A scratch folder with two opaque 160×120 test images (small: the tests run the debug build, whose
/// renderer is a hundred times slower than the release build's), removed when the test ends. The images
/// are smooth colour gradients (ffmpeg's `gradients` source, fixed seeds): a video's 4:2:0 or
/// even 4:4:4 YUV round trip costs sharp-edged test patterns (SMPTE bars) far more than 40 dB of
/// PSNR, which would hide what the comparison is for.
final class TestImages {
    let folder: URL
    static let width = 160, height = 120

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("fliptrans-frei0r-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try make("a.png", "gradients=size=160x120:seed=3:nb_colors=3:c0=0xff8000:c1=0x2040c0:c2=0xf0f0f0")
        try make("b.png", "gradients=size=160x120:seed=7")
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

    private func make(_ name: String, _ source: String) throws {
        try Tool.succeed("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", source, "-frames:v", "1", "-pix_fmt", "rgb24", url(name).path])
    }
}
