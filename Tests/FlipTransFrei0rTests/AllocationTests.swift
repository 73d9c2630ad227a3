import FlipTransCore
import FlipTransMixer
import Foundation
import XCTest

/// A frame allocates nothing once an instance has drawn its first (docs/frei0r.md, "Frames"): every
/// heap allocation of every thread is counted by `frei0r-allocations`, a host program whose own
/// `malloc` and its siblings count each call before handing it to the C library's, for the
/// plugin's calls as much as its own. It sweeps the position from 0 to 1 and back and then
/// jumps about, with inputs whose pixels change every frame, so every stage of each transition
/// is drawn from new pixels.
///
/// The count is exact for the release build, which users install: CI runs these tests on it
/// (FLIPTRANS_FREI0R_PLUGIN, .ci/run), and there no frame after the first may allocate at all.
/// The debug build the other tests use makes small allocations in code the optimiser would
/// specialise (a generic collection's element access, for one); there no frame after the first
/// may allocate anything the size of a row of pixels — a frame buffer or a mipmap, as every
/// frame did before the instance kept them.
final class AllocationTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("fliptrans-allocations-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// What `frei0r-allocations` counted for one frame.
    private struct Frame {
        let position: Double
        let allocations: Int
        let bytes: Int
        let largest: Int
    }

    private func countAllocations(_ type: any Transition.Type, in plugins: URL, width: Int, height: Int, frames: Int,
                                  setsAll: Bool) throws -> [Frame] {
        let plugin = plugins.appendingPathComponent(MixerTransitions.pluginName(of: type) + ".so")
        let arguments = [plugin.path, "\(width)", "\(height)", "\(frames)"] + (setsAll ? ["--set-all"] : [])
        let lines = try Tool.succeed(Fliptrans.builtExecutable("frei0r-allocations").path, arguments).text.split(separator: "\n")
        return try lines.map { line in
            let fields = line.split(separator: " ")
            guard fields.count == 10, let position = Double(fields[3]), let allocations = Int(fields[5]), let bytes = Int(fields[7]),
                  let largest = Int(fields[9]) else { throw ToolError(description: "frei0r-allocations printed: \(line)") }
            return Frame(position: position, allocations: allocations, bytes: bytes, largest: largest)
        }
    }

    private var isReleaseBuild: Bool { ProcessInfo.processInfo.environment["FLIPTRANS_FREI0R_PLUGIN"] != nil }

    /// Every transition offered, at an even size and at an odd one, with the position alone set
    /// each frame (GStreamer) and with every parameter set again each frame (MLT).
    func testNoFrameAfterTheFirstAllocates() throws {
        let plugins = try Plugin.installedFolder(in: folder)
        for type in MixerTransitions.offered() {
            for (width, height, setsAll) in [(160, 120, false), (157, 93, true)] {
                let frames = try countAllocations(type, in: plugins, width: width, height: height, frames: 24, setsAll: setsAll)
                let context = "\(type.name) \(width)x\(height)\(setsAll ? ", every parameter set" : "")"
                XCTAssertEqual(frames.count, 24, context)
                guard let first = frames.first else { continue }
                // The counter counts: the first frame allocates A, B and the frame at least.
                XCTAssertGreaterThanOrEqual(first.bytes, 3 * width * height * 4, context)
                XCTAssert(frames.contains { $0.position > 0 && $0.position < 1 }, context)
                for (index, frame) in frames.enumerated().dropFirst() {
                    let label = "\(context), frame \(index) at position \(frame.position)"
                    if isReleaseBuild {
                        XCTAssertEqual(frame.allocations, 0, "\(label): \(frame.bytes) bytes")
                    } else {
                        XCTAssertLessThan(frame.largest, width * 4, "\(label): \(frame.allocations) allocations")
                    }
                }
            }
        }
    }
}
