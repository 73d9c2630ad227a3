import CFrei0r
import FlipTransCore
import FlipTransMixer
import Foundation
import XCTest

/// Hosts that break frei0r's rules must not crash the plugin: sizes it forbids, NULL pointers,
/// values outside [0, 1], time running backwards, many instances at once, and one instance called
/// from several threads at once (MLT's slices).
final class HostileHostTests: XCTestCase {
    private var folder: URL!
    private var plugin: Plugin!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("fliptrans-hostile-\(UUID().uuidString)")
        plugin = try Plugin.load(Flip.self, in: folder)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// frei0r asks for multiples of 8 up to 2048; hosts send any size. Odd and tiny frames
    /// render (A at 0, B at 1, exactly), empty ones render nothing, absurd ones are refused.
    func testAnySizeRendersOrIsRefusedCleanly() throws {
        for (width, height) in [(1, 1), (7, 5), (3, 1000), (1001, 3), (2, 1)] {
            let instance = try XCTUnwrap(plugin.construct(UInt32(width), UInt32(height)), "\(width)x\(height)")
            defer { plugin.destruct(instance) }
            let a = Frames.pattern(width: width, height: height, seed: 1), b = Frames.pattern(width: width, height: height, seed: 2)
            for t in [0.0, 0.25, 0.5, 0.75, 1.0] {
                plugin.set(instance, "position", t)
                let frame = plugin.render(instance, a: a, b: b, width: width, height: height)
                XCTAssertEqual(frame, Frames.reference(try Flip(), t: t, a: a, b: b, width: width, height: height), "\(width)x\(height) at \(t)")
            }
        }
        for (width, height) in [(0, 0), (0, 480), (640, 0)] {
            let instance = try XCTUnwrap(plugin.construct(UInt32(width), UInt32(height)))
            var sentinel = [UInt32](repeating: 0xDEAD_BEEF, count: 4)
            plugin.set(instance, "position", 0.5)
            plugin.update2(instance, 0, sentinel, sentinel, nil, &sentinel)
            XCTAssertEqual(sentinel, [UInt32](repeating: 0xDEAD_BEEF, count: 4), "an empty frame writes nothing")
            plugin.destruct(instance)
        }
        XCTAssertNil(plugin.construct(100_000, 100_000), "10 gigapixels")
        XCTAssertNil(plugin.construct(UInt32.max, UInt32.max))
        XCTAssertNil(plugin.construct(UInt32.max, 1))
        XCTAssertNil(plugin.construct(67_108_864, 1), "a side over 8192 (it took 2 GB and 34 s a frame)")
        XCTAssertNil(plugin.construct(16, 8193))
        XCTAssertNotNil(plugin.construct(7680, 4320).map { plugin.destruct($0); return $0 }, "8K")
    }

    func testNullPointersAreIgnoredAndMissingFramesCountAsBlack() throws {
        let (width, height) = (24, 16)
        // A NULL instance (what a refused construct returns, and MLT does not check) and NULL
        // value and info pointers.
        var value = 0.5
        plugin.setParameter(nil, &value, 0)
        plugin.getParameter(nil, &value, 0)
        plugin.update2(nil, 0, nil, nil, nil, nil)
        plugin.destruct(nil)
        plugin.pluginInfo(nil)
        plugin.parameterInfo(nil, 0)
        let instance = try XCTUnwrap(plugin.construct(UInt32(width), UInt32(height)))
        defer { plugin.destruct(instance) }
        plugin.setParameter(instance, nil, 0)
        plugin.getParameter(instance, nil, 0)
        plugin.update2(instance, 0, nil, nil, nil, nil)

        let a = Frames.pattern(width: width, height: height, seed: 1), b = Frames.pattern(width: width, height: height, seed: 2)
        let black = Frames.filled(width: width, height: height, (0, 0, 0, 255))
        plugin.set(instance, "position", 0.5)
        XCTAssertEqual(plugin.render(instance, a: nil, b: nil, width: width, height: height), black)
        plugin.set(instance, "position", 0.3)
        XCTAssertEqual(plugin.render(instance, a: nil, b: b, width: width, height: height),
                       Frames.reference(try Flip(), t: 0.3, a: black, b: b, width: width, height: height))
        XCTAssertEqual(plugin.render(instance, a: a, b: nil, width: width, height: height),
                       Frames.reference(try Flip(), t: 0.3, a: a, b: black, width: width, height: height))
        plugin.set(instance, "position", 1)
        XCTAssertEqual(plugin.render(instance, a: nil, b: b, width: width, height: height), b)
    }

    /// Numbers are clamped to [0, 1]; NaN, unknown words, malformed timings and indices out of
    /// range change nothing.
    func testValuesOutsideTheirRangeAreClampedOrIgnored() throws {
        let instance = try XCTUnwrap(plugin.construct(16, 16))
        defer { plugin.destruct(instance) }
        plugin.set(instance, "position", 5)
        XCTAssertEqual(plugin.double(instance, "position"), 1)
        plugin.set(instance, "position", -3)
        XCTAssertEqual(plugin.double(instance, "position"), 0)
        plugin.set(instance, "position", 0.4)
        plugin.set(instance, "position", .nan)
        XCTAssertEqual(plugin.double(instance, "position"), 0.4)
        plugin.set(instance, "shadow", 7)
        XCTAssertEqual(plugin.double(instance, "shadow"), 1, "clamped to 1, shadow 4")
        plugin.set(instance, "shadow", -.infinity)
        XCTAssertEqual(plugin.double(instance, "shadow"), 0)
        plugin.set(instance, "perspective", .infinity)
        XCTAssertEqual(plugin.double(instance, "perspective"), 0.999, accuracy: 1e-9, "an eye distance stays finite")
        plugin.set(instance, "direction", "sideways")
        XCTAssertEqual(plugin.text(instance, "direction"), "left")
        plugin.set(instance, "direction", "up")
        XCTAssertEqual(plugin.text(instance, "direction"), "up")
        plugin.set(instance, "timing", "cubic-bezier(2,0,0,1)")
        XCTAssertEqual(plugin.text(instance, "timing"), "default")
        plugin.set(instance, "timing", "ease-in")
        XCTAssertEqual(plugin.text(instance, "timing"), "ease-in")
        var value = 0.5
        for index: Int32 in [-1, -1000, 99, Int32.max, Int32.min] {
            plugin.setParameter(instance, &value, index)
            var untouched = 42.0
            plugin.getParameter(instance, &untouched, index)
            XCTAssertEqual(untouched, 42, "index \(index)")
            var info = f0r_param_info_t(name: nil, type: -7, explanation: nil)
            plugin.parameterInfo(&info, index)
            XCTAssertEqual(info.type, -7)
        }
        let frame = plugin.render(instance, a: Frames.pattern(width: 16, height: 16, seed: 1), b: Frames.pattern(width: 16, height: 16, seed: 2),
                                  width: 16, height: 16)
        XCTAssertEqual(frame.count, 16 * 16 * 4)
    }

    /// A string read stays valid until its value changes: a host that compares two reads (or
    /// keeps the first) read freed memory when each read made a new copy.
    func testAStringReadStaysValidUntilTheValueChanges() throws {
        let instance = try XCTUnwrap(plugin.construct(16, 16))
        defer { plugin.destruct(instance) }
        plugin.set(instance, "direction", "up")
        let index = try XCTUnwrap(plugin.index(of: "direction"))
        var first: UnsafePointer<CChar>?, second: UnsafePointer<CChar>?
        plugin.getParameter(instance, &first, index)
        plugin.getParameter(instance, &second, index)
        XCTAssertEqual(first, second)
        XCTAssertEqual(String(cString: try XCTUnwrap(first)), "up")
        plugin.set(instance, "direction", "down")
        XCTAssertEqual(plugin.text(instance, "direction"), "down")
    }

    /// Nothing carries over from frame to frame but the settings: scrubbing backwards gives the
    /// frames playing forwards gave.
    func testPositionGoingBackwardsGivesTheSameFrames() throws {
        let (width, height) = (40, 30)
        let instance = try XCTUnwrap(plugin.construct(UInt32(width), UInt32(height)))
        defer { plugin.destruct(instance) }
        let a = Frames.pattern(width: width, height: height, seed: 1), b = Frames.pattern(width: width, height: height, seed: 2)
        let positions = [0.1, 0.4, 0.7, 0.9]
        let forwards = positions.map { t -> [UInt8] in
            plugin.set(instance, "position", t)
            return plugin.render(instance, a: a, b: b, width: width, height: height)
        }
        let backwards = positions.reversed().map { t -> [UInt8] in
            plugin.set(instance, "position", t)
            return plugin.render(instance, a: a, b: b, width: width, height: height)
        }
        XCTAssertEqual(forwards, Array(backwards.reversed()))
    }

    /// Many instances, rendering on many threads at once, share nothing: each frame is the one a
    /// lone instance draws.
    func testManyInstancesOnManyThreadsShareNothing() throws {
        let (width, height) = (48, 32)
        let a = Frames.pattern(width: width, height: height, seed: 1), b = Frames.pattern(width: width, height: height, seed: 2)
        let count = 64
        let instances = (0..<count).map { _ in plugin.construct(UInt32(width), UInt32(height))! }
        defer { instances.forEach(plugin.destruct) }
        let expected = try (0..<count).map { Frames.reference(try Flip(), t: Double($0) / Double(count), a: a, b: b, width: width, height: height) }
        let shared = Shared(plugin: plugin, instances: instances, count: count)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            for _ in 0..<2 {
                shared.plugin.set(shared.instances[index], "position", Double(index) / Double(count))
                shared.results[index] = shared.plugin.render(shared.instances[index], a: a, b: b, width: width, height: height)
            }
        }
        XCTAssertEqual(Array(shared.results), expected)
    }

    /// MLT, given `threads` on a transition, constructs one instance at a slice's height and
    /// calls it for every slice at once from its slice threads. The calls take turns, and each
    /// slice gets the transition drawn as a frame of its own.
    func testOneInstanceCalledFromSeveralThreadsAtOnceTakesTurns() throws {
        let (width, height) = (64, 20)
        let instance = try XCTUnwrap(plugin.construct(UInt32(width), UInt32(height)))
        defer { plugin.destruct(instance) }
        plugin.set(instance, "position", 0.3)
        let slices = 8
        let inputs = (0..<slices).map { (Frames.pattern(width: width, height: height, seed: $0), Frames.pattern(width: width, height: height, seed: $0 + 9)) }
        let expected = try inputs.map { Frames.reference(try Flip(), t: 0.3, a: $0.0, b: $0.1, width: width, height: height) }
        let shared = Shared(plugin: plugin, instances: [instance], count: slices)
        DispatchQueue.concurrentPerform(iterations: slices * 4) { call in
            let slice = call % slices
            let frame = shared.plugin.render(shared.instances[0], a: inputs[slice].0, b: inputs[slice].1, width: width, height: height)
            if call < slices { shared.results[slice] = frame }
        }
        XCTAssertEqual(Array(shared.results), expected)
    }
}

/// What the threads of a concurrency test share: the plugin, its instances, and a slot for each
/// thread's frame (each thread writes only its own).
private final class Shared: @unchecked Sendable {
    let plugin: Plugin
    let instances: [Plugin.Instance]
    let results: UnsafeMutableBufferPointer<[UInt8]>

    init(plugin: Plugin, instances: [Plugin.Instance], count: Int) {
        self.plugin = plugin
        self.instances = instances
        results = .allocate(capacity: count)
        results.initialize(repeating: [])
    }

    deinit {
        results.deinitialize()
        results.deallocate()
    }
}
