import Testing
import FlipTransMixer

struct TransparentMixTests {
    /// `transparent` leaves the frame clear where no panel covers it (a flip's card, pulled back
    /// mid-turn, leaves the corners bare): an editor's lower tracks show through there, as they
    /// do through A and B at 0 and 1, where the background colour covered them.
    @Test func aTransparentMixLeavesTheUncoveredFrameClear() throws {
        let type = try #require(MixerTransitions.offered().first { $0.name == "flip" })
        let instance = try #require(MixerInstance(type: type, width: 64, height: 48))
        let transparent = try #require(instance.parameters.firstIndex { $0.name == "transparent" })
        func pixel(_ frame: [UInt8], x: Int, y: Int) -> [UInt8] { Array(frame[(y * 64 + x) * 4..<(y * 64 + x) * 4 + 4]) }
        let opaque = Frames.drawn(by: instance, at: 0.25)
        #expect(pixel(opaque, x: 0, y: 0) == [0, 0, 0, 255])
        instance.set(.number(1), at: transparent)
        #expect(instance.value(at: transparent) == .number(1))
        let clear = Frames.drawn(by: instance, at: 0.25)
        #expect(pixel(clear, x: 0, y: 0)[3] == 0)
        // The card itself is as opaque as before.
        #expect(pixel(clear, x: 32, y: 24) == pixel(opaque, x: 32, y: 24) && pixel(opaque, x: 32, y: 24)[3] == 255)
    }
}
