import FlipTransCore
import Synchronization

/// One instance of a transition's mixer: a frame size, the parameters' values and the buffers
/// frames are rendered in. Hosts create one per thread (frei0r allows one thread per instance at a
/// time), but MLT, when it renders a transition in slices, calls one instance from several
/// threads at once; the lock makes those calls take turns instead of sharing the buffers.
public final class MixerInstance: Sendable {
    public let type: any Transition.Type
    public let parameters: [MixerParameter]
    public let width: Int
    public let height: Int
    private let state: Mutex<MixerState>

    /// The largest frame accepted: fliptrans's own limit of 8192 pixels a side, in area, so an 8K
    /// frame (7680×4320) is, and a size a hostile host makes up (4 billion pixels) is not.
    public static let maximumPixels = 8192 * 8192

    /// Nil for a frame over `maximumPixels`. A frame of no pixels is accepted and renders nothing.
    public init?(type: any Transition.Type, width: Int, height: Int) {
        let limit = MixerInstance.maximumPixels
        // Each side within the limit first, so that their product cannot overflow.
        guard (0...limit).contains(width), (0...limit).contains(height), width * height <= limit else { return nil }
        self.type = type
        parameters = MixerParameter.all(for: type)
        self.width = width
        self.height = height
        state = Mutex(MixerState(type: type))
    }

    /// Sets parameter `index`; an index out of range is ignored.
    public func set(_ value: MixerValue, at index: Int) {
        guard parameters.indices.contains(index) else { return }
        state.withLock { parameters[index].set(value, in: &$0.settings) }
    }

    /// The value of parameter `index`, nil for an index out of range.
    public func value(at index: Int) -> MixerValue? {
        guard parameters.indices.contains(index) else { return nil }
        return state.withLock { parameters[index].value(in: $0.settings) }
    }

    /// Renders the frame at the current position from A and B into `output`, each `width × height`
    /// straight RGBA pixels (rows packed, no alignment assumed). At position 0 the output is A and
    /// at 1 B, byte for byte. A missing input counts as opaque black; without an output there is
    /// nothing to do; when memory runs out the frame is black.
    public func update(a: UnsafeRawPointer?, b: UnsafeRawPointer?, output: UnsafeMutableRawPointer?) {
        guard let output, width > 0, height > 0 else { return }
        let byteCount = width * height * Image.bytesPerPixel
        state.withLock { state in
            let t = state.settings.position
            if t <= 0, let a { return output.copyMemory(from: a, byteCount: byteCount) }
            if t >= 1, let b { return output.copyMemory(from: b, byteCount: byteCount) }
            state.render(t, a: a, b: b, into: output, width: width, height: height)
        }
    }
}

/// What an instance changes as it works: the settings, the transition built from them, and frame
/// buffers allocated on the first frame and reused after.
struct MixerState: ~Copyable {
    let type: any Transition.Type
    var settings = MixerSettings()
    /// The transition as last built, and the settings it was built from.
    private var transition: any Transition
    private var builtFrom: TransitionSettings
    private var frames: FrameBuffers?

    init(type: any Transition.Type) {
        self.type = type
        builtFrom = settings.transitionSettings
        // Every offered transition builds from default settings (MixerTransitions.offered).
        transition = try! type.init(settings: builtFrom)
    }

    mutating func render(_ t: Double, a: UnsafeRawPointer?, b: UnsafeRawPointer?, into output: UnsafeMutableRawPointer,
                         width: Int, height: Int) {
        let wanted = settings.transitionSettings
        if wanted != builtFrom, let rebuilt = try? type.init(settings: wanted) {
            transition = rebuilt
            builtFrom = wanted
        }
        let progress = (settings.timing ?? transition.defaultTiming).progress(at: t)
        do {
            if frames == nil { frames = try FrameBuffers(width: width, height: height) }
            try frames!.render(transition, progress: progress, background: settings.background, a: a, b: b, into: output)
        } catch {
            // Out of memory inside someone else's process: a black frame, not an abort; the next
            // frame tries again.
            StraightFrame.fillBlack(output, byteCount: width * height * Image.bytesPerPixel)
        }
    }
}
