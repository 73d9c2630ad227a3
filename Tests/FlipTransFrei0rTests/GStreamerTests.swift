import FlipTransCore
import FlipTransMixer
import Foundation
import XCTest

/// GStreamer's frei0r elements (gst-plugins-bad) load each plugin as `frei0r-mixer-fliptrans-<name>`,
/// with its parameters as properties.
final class GStreamerTests: XCTestCase {
    func testAPipelineOfTwoImagesThroughEachTransitionWritesItsFrame() throws {
        let images = try TestImages()
        let plugins = try Plugin.installedFolder(in: images.folder)
        // A registry of its own, so GStreamer scans this FREI0R_PATH rather than trusting a cache.
        let environment = ["FREI0R_PATH": plugins.path, "GST_REGISTRY": images.url("registry.bin").path]
        let styles: [(any Transition.Type, [String], [String])] = [
            (Flip.self, ["direction=up"], ["--direction", "up"]),
            (Page.self, ["reverse=true"], ["--reverse"]),
            (Fold.self, ["fold=cubic"], ["--fold", "cubic"]),
            (Clock.self, ["timing=linear"], ["--timing", "linear"]),
        ]
        for (type, properties, options) in styles {
            let element = "frei0r-mixer-" + MixerTransitions.pluginName(of: type)
            let output = images.url("\(type.name).png")
            func source(_ name: String, _ pad: String) -> [String] {
                ["filesrc", "location=" + images.url(name).path, "!", "pngdec", "!", "videoconvert", "!", "video/x-raw,format=RGBA", "!",
                 "imagefreeze", "num-buffers=1", "!", "mix." + pad]
            }
            let pipeline = [element, "name=mix", "position=0.4"] + properties
                + ["!", "videoconvert", "!", "pngenc", "snapshot=true", "!", "filesink", "location=" + output.path]
                + source("a.png", "sink_0") + source("b.png", "sink_1")
            try Tool.succeed("gst-launch-1.0", ["-q"] + pipeline, environment: environment)
            let frame = try Tool.rgbFrames(of: output, width: TestImages.width, height: TestImages.height)[0]
            let still = try Fliptrans.still(images, at: 0.4, options: ["--transition", type.name] + options)
            XCTAssertEqual(psnr(frame, still), .infinity, "\(element) \(properties)")
        }
    }
}
