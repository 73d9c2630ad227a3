import FlipTransCore
import Synchronization

/// One instance of a transition's mixer: a frame size and the parameters' values; the buffers
/// frames are rendered in are borrowed for each frame from those of every instance of that size
/// (`FrameBufferPool`). Hosts create one per thread (frei0r allows one thread per instance at a
/// time), but MLT, when it renders a transition in slices, calls one instance from several
/// threads at once; the lock makes those calls take turns instead of sharing the buffers.
public final class MixerInstance: Sendable {
    public let parameters: [MixerParameter]
    public let width: Int
    public let height: Int
    private let state: Mutex<MixerState>

    /// The largest side accepted: fliptrans's own limit, so an 8K frame (7680×4320) is, and a
    /// size a hostile host makes up (4 billion pixels, or 67 million by 1) is not.
    public static let maximumSide = 8192

    /// Nil for a frame with a side over `maximumSide`. A frame of no pixels is accepted and
    /// renders nothing.
    public init?(type: any Transition.Type, width: Int, height: Int) {
        guard (0...MixerInstance.maximumSide).contains(width), (0...MixerInstance.maximumSide).contains(height) else { return nil }
        parameters = MixerParameter.all(for: type)
        self.width = width
        self.height = height
        state = Mutex(MixerState(type: type))
        FrameBufferPool.shared.instanceStarted(width: width, height: height)
    }

    deinit {
        FrameBufferPool.shared.instanceEnded(width: width, height: height)
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
            let isFirst = state.prepare()
            let t = state.settings.position
            let copied = t <= 0 ? a : t >= 1 ? b : nil
            // The first frame is drawn even when it is then copied: drawing the first time makes
            // allocations of its own (the band threads' thread-local storage, the Swift runtime's
            // type metadata), which no later frame should make.
            if copied == nil || isFirst { state.render(t, a: a, b: b, into: output, width: width, height: height) }
            if let copied { output.copyMemory(from: copied, byteCount: byteCount) }
        }
    }
}

/// What an instance changes as it works: the settings and the transition built from them.
struct MixerState: ~Copyable {
    let type: any Transition.Type
    var settings = MixerSettings()
    /// The transition as last built, the settings it was built from, and its own timing.
    private var transition: any Transition
    private var builtFrom: TransitionSettings
    private var defaultTiming: any Timing
    /// The host's timing (`settings.timing`) as last read, with the text it was read from.
    private var hostTiming: (text: String, timing: any Timing)?
    /// True until the instance's first frame.
    private var isFirstFrame = true
    /// The buffers the last frame was drawn with, asked for again (`FrameBufferPool.borrow`).
    private var lastFrames: FrameBuffers?

    init(type: any Transition.Type) {
        self.type = type
        builtFrom = settings.transitionSettings
        // Every offered transition builds from default settings (MixerTransitions.offered).
        transition = try! type.init(settings: builtFrom)
        defaultTiming = transition.defaultTiming
    }

    /// Builds the transition again if its settings changed, and reads the host's timing if it
    /// changed. True on the instance's first frame.
    mutating func prepare() -> Bool {
        defer { isFirstFrame = false }
        let wanted = settings.transitionSettings
        if wanted != builtFrom, let rebuilt = try? type.init(settings: wanted) {
            transition = rebuilt
            builtFrom = wanted
            defaultTiming = rebuilt.defaultTiming
        }
        if settings.timing != hostTiming?.text {
            hostTiming = settings.timing.flatMap { text in (try? TimingFunction.parse(css: text)).map { (text, $0) } }
        }
        return isFirstFrame
    }

    mutating func render(_ t: Double, a: UnsafeRawPointer?, b: UnsafeRawPointer?, into output: UnsafeMutableRawPointer,
                         width: Int, height: Int) {
        // A timing set by the host, or the transition's own; neither read nor boxed anew each frame.
        let progress = hostTiming?.timing.progress(at: t) ?? defaultTiming.progress(at: t)
        let pool = FrameBufferPool.shared
        do {
            let frames = try pool.borrow(width: width, height: height, preferring: lastFrames)
            lastFrames = frames
            defer { pool.giveBack(frames, width: width, height: height) }
            // Room for every stage the first time these buffers draw this transition, so that
            // its frames after allocate nothing; without it the frame may still be drawn.
            try? frames.reserve(for: transition, settings: builtFrom)
            try frames.render(transition, progress: progress, background: settings.transparent ? .transparent : settings.background,
                              a: a, b: b, into: output)
        } catch {
            // Out of memory inside someone else's process: a black frame, not an abort; the next
            // frame tries again.
            StraightFrame.fillBlack(output, byteCount: width * height * Image.bytesPerPixel)
        }
    }
}
