import CFrei0r
import FlipTransCore
import FlipTransMixer
import Foundation
import XCTest

/// The plugin through its C ABI, as a host calls it: what it tells hosts, and frames equal to
/// what FlipTransCore draws.
final class PluginABITests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("fliptrans-abi-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testEachOfferedTransitionIsAMixer2PluginNamedAfterItsFile() throws {
        XCTAssertEqual(MixerTransitions.offered().map { $0.name }, ["flip", "page", "fold", "clock"],
                       "the cards draw their holds, so a cut would jump: not offered")
        for type in MixerTransitions.offered() {
            let plugin = try Plugin.load(type, in: folder)
            XCTAssertEqual(plugin.initialise(), 1)
            let info = plugin.info
            XCTAssertEqual(String(cString: info.name), "fliptrans-\(type.name)")
            XCTAssertEqual(info.plugin_type, F0R_PLUGIN_TYPE_MIXER2)
            XCTAssertEqual(info.color_model, F0R_COLOR_MODEL_RGBA8888)
            XCTAssertEqual(info.frei0r_version, FREI0R_MAJOR_VERSION)
            let expected = MixerParameter.all(for: type)
            XCTAssertEqual(Int(info.num_params), expected.count)
            for (index, parameter) in expected.enumerated() {
                var parameterInfo = f0r_param_info_t()
                plugin.parameterInfo(&parameterInfo, Int32(index))
                XCTAssertEqual(String(cString: parameterInfo.name), parameter.name)
                XCTAssertEqual(parameterInfo.type, parameter.kind.rawValue)
                XCTAssertEqual(String(cString: parameterInfo.explanation), parameter.help)
            }
        }
    }

    func testACopyNamedAfterNoTransitionRefusesToInitialiseAndMakesNoInstances() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let copy = folder.appendingPathComponent("libfliptrans-frei0r.so")
        try FileManager.default.copyItem(at: Plugin.built, to: copy)
        let plugin = try Plugin(path: copy.path)
        XCTAssertEqual(plugin.initialise(), 0)
        XCTAssertEqual(plugin.info.num_params, 0)
        XCTAssertEqual(plugin.info.plugin_type, -1, "no type a host lists")
        XCTAssertTrue(String(cString: plugin.info.explanation).contains("fliptrans-page.so"))
        XCTAssertNil(plugin.construct(64, 64))
    }

    /// Position, direction, style, timing, shadow, perspective and background all reach the
    /// transition: the frame equals the core's own for the same settings, byte for byte.
    func testFramesEqualWhatTheCoreDrawsWithTheSameSettings() throws {
        let (width, height) = (61, 37)
        let a = Frames.pattern(width: width, height: height, seed: 1), b = Frames.pattern(width: width, height: height, seed: 2)
        let cases: [(any Transition.Type, [String: String], [String: Double], TransitionSettings, TimingCurve?)] = [
            (Flip.self, ["direction": "up", "timing": "linear"], ["pullback": 0.25, "shadow": 0.5],
             TransitionSettings(direction: .up, shadow: 2, parameters: ParameterValues(["pullback": .number(1)])), .linear),
            (Page.self, ["direction": "down"], ["reverse": 1, "perspective": 0.5],
             TransitionSettings(direction: .down, perspective: 1000, parameters: ParameterValues(["reverse": .flag(true)])), nil),
            (Fold.self, ["fold": "cubic", "orientation": "horizontal", "timing": "ease-in-out"], ["unfold": 1],
             TransitionSettings(parameters: ParameterValues(["fold": .choice("cubic"), "orientation": .choice("horizontal"), "unfold": .flag(true)])),
             .easeInOut),
            (Clock.self, ["direction": "up"], ["shadow": 0], TransitionSettings(direction: .up, shadow: 0), nil),
        ]
        for (type, words, numbers, settings, timing) in cases {
            let plugin = try Plugin.load(type, in: folder)
            let instance = try XCTUnwrap(plugin.construct(UInt32(width), UInt32(height)))
            defer { plugin.destruct(instance) }
            for (name, word) in words { plugin.set(instance, name, word) }
            for (name, number) in numbers { plugin.set(instance, name, number) }
            let transition = try type.init(settings: settings)
            for t in [0.0, 0.3, 0.5, 0.8, 1.0] {
                plugin.set(instance, "position", t)
                let frame = plugin.render(instance, a: a, b: b, width: width, height: height)
                XCTAssertEqual(frame, Frames.reference(transition, timing: timing, t: t, a: a, b: b, width: width, height: height),
                               "\(type.name) at t = \(t)")
            }
        }
    }

    func testTheBackgroundColourFillsWhatNoPanelCovers() throws {
        let plugin = try Plugin.load(Flip.self, in: folder)
        let instance = try XCTUnwrap(plugin.construct(40, 30))
        defer { plugin.destruct(instance) }
        var colour = f0r_param_color_t(r: 1, g: 0.5, b: 0)
        plugin.setParameter(instance, &colour, plugin.index(of: "background")!)
        plugin.set(instance, "position", 0.5)
        let a = Frames.pattern(width: 40, height: 30, seed: 1)
        let frame = plugin.render(instance, a: a, b: a, width: 40, height: 30)
        // Edge-on at mid-turn, pulled back: the corners show only the background.
        XCTAssertEqual(Array(frame[0..<4]), [255, 128, 0, 255])
        var back = f0r_param_color_t(r: -1, g: -1, b: -1)
        plugin.getParameter(instance, &back, plugin.index(of: "background")!)
        XCTAssertEqual(back.r, 1)
        XCTAssertEqual(back.g, 128.0 / 255, accuracy: 1e-6)
        XCTAssertEqual(back.b, 0)
    }

    /// frei0r frames carry straight alpha: a translucent pixel of A on a flat, unshaded part of
    /// the scene is laid over the (opaque black) background as its colour at its alpha — half of
    /// (200, 100, 50) — where taking the bytes as premultiplied would give (200, 100, 50). Whatever
    /// the inputs, the frames in between are opaque (the background is); at the ends the inputs
    /// pass through untouched, alpha and all.
    func testFramesAreStraightAlphaInAndOut() throws {
        let plugin = try Plugin.load(Page.self, in: folder)
        let (width, height) = (32, 16)
        let instance = try XCTUnwrap(plugin.construct(UInt32(width), UInt32(height)))
        defer { plugin.destruct(instance) }
        let a = Frames.filled(width: width, height: height, (200, 100, 50, 128))
        let b = Frames.filled(width: width, height: height, (10, 20, 30, 255))
        plugin.set(instance, "shadow", 0)
        plugin.set(instance, "position", 0.2)
        let frame = plugin.render(instance, a: a, b: b, width: width, height: height)
        // Turning left, A's left half stays flat in place until the second half of the time.
        let pixel = (4 * width + 3) * 4
        XCTAssertEqual(Array(frame[pixel..<pixel + 4]), [100, 50, 25, 255])
        plugin.set(instance, "position", 0)
        XCTAssertEqual(plugin.render(instance, a: a, b: b, width: width, height: height), a, "position 0 passes A through unchanged")
        plugin.set(instance, "position", 1)
        XCTAssertEqual(plugin.render(instance, a: b, b: a, width: width, height: height), a, "position 1 passes B through unchanged")
    }
}
