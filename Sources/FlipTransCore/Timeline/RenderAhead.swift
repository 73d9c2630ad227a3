import CGlibcExtras
import Dispatch
import Glibc
import Synchronization

/// Frames rendered ahead of the sink on threads of their own, so that an encoder busy with
/// earlier frames never waits for the next one. The calling thread hands work in, in frame
/// order, and gets finished frames back in the same order, so the output is the same as
/// rendering one frame after another. At most one frame per thread and one more are under way
/// or waiting at once, each in a frame buffer of its own or, for a sink that takes 4:2:0
/// pictures, in a picture the sink lends (and no frame buffer at all): the memory is bounded.
///
/// The render threads run at a lower priority (a higher nice value) than the rest of the
/// process: when an encoder's threads and they are both ready, the encoder runs, and rendering
/// fills the time it leaves idle instead of taking time from it.
final class RenderAhead: @unchecked Sendable {
    /// What a frame is made from: a scene to render, or an image shown as it is (a held slide).
    enum Work {
        case scene(Scene)
        case image(Image)
    }

    /// What the sink is handed next, in order.
    enum Output {
        /// A new frame, and the time its thread spent on it.
        case frame(Image, Duration)
        /// A new frame converted into one of the sink's pictures, and the time its thread spent on it.
        case picture(any YUV420PictureBuffer, Duration)
        case repeatLast
    }

    /// How much nicer than the rest of the process the render threads are: 5 gives them about a
    /// third of the weight of an encoder thread in Linux's scheduler, enough to yield to the
    /// encoder without starving when other programs share the machine.
    static let niceIncrement: Int32 = 5

    /// What one frame at a time is rendered into: a frame buffer, or a picture the sink lent.
    private final class Slot {
        var frame: Image?
        var picture: (any YUV420PictureBuffer)?
        /// What `picture` holds, if known: the next frame in it is drawn only where it differs.
        var drawn: DrawnScene?
    }

    private final class Ticket: @unchecked Sendable {
        let work: Work
        let slot: Slot
        /// Written by the render thread before it signals `done`.
        var result: Result<Output, MemoryShortage>?
        let done = DispatchSemaphore(value: 0)

        init(work: Work, slot: Slot) {
            (self.work, self.slot) = (work, slot)
        }
    }

    private enum Entry {
        case frame(Ticket)
        case repeatLast
    }

    private let renderer: Renderer
    /// The sink that lends the pictures frames are converted into; nil to render frames.
    private let converter: (any YUV420FrameSink)?
    private var threads: [pthread_t] = []
    /// Tickets not yet taken by a render thread, oldest first; nil once stopping.
    private let queue = Mutex<[Ticket]?>([])
    private let queued = DispatchSemaphore(value: 0)
    /// The calling thread's own state.
    private var entries: [Entry] = []
    /// Slots free for the next frame, the longest free first.
    private var freeSlots: [Slot]
    /// The slot of the picture the converter was handed last, which it may still read.
    private var lentSlot: Slot?
    /// How long the calling thread waited for frames to be finished.
    private(set) var waitingTime = Duration.zero

    /// `threads` render threads, each drawing whole frames with `renderer` cut into
    /// `renderer.bands / threads` bands; with a `converter`, into the 4:2:0 pictures it lends.
    /// The threads are started by `startThread`; if it cannot start one, the frames are rendered by
    /// those it did start, or by the calling thread if none.
    init(renderer: Renderer, threads threadCount: Int, converter: (any YUV420FrameSink)?,
         startThread: (@escaping () -> Void) -> pthread_t? = JoinableThread.start) {
        let threadCount = max(1, threadCount)
        var renderer = renderer
        renderer.bands = max(1, renderer.bands / threadCount)
        self.renderer = renderer
        self.converter = converter
        // One frame per thread under way, one more finished and waiting for the sink, and the
        // picture the converter was handed last.
        let window = threadCount + 1
        freeSlots = (0..<(window + (converter == nil ? 0 : 1))).map { _ in Slot() }
        for _ in 0..<threadCount {
            guard let thread = startThread({ [self] in
                _ = glibc_lower_thread_priority(RenderAhead.niceIncrement)
                while let ticket = nextTicket() {
                    render(ticket)
                    ticket.done.signal()
                }
            }) else { break }
            threads.append(thread)
        }
    }

    /// Queues `work` as the next frame, then hands `deliver` every finished entry at the front,
    /// waiting for the oldest frame when all slots are in use.
    func submit(_ work: Work, deliver: (Output) throws -> Void) throws {
        while freeSlots.isEmpty { try deliverFront(waiting: true, deliver) }
        let slot = freeSlots.removeFirst()
        if let converter {
            let picture = try converter.picture(reusing: slot.picture)
            if picture !== slot.picture { slot.drawn = nil }
            slot.picture = picture
        }
        let ticket = Ticket(work: work, slot: slot)
        entries.append(.frame(ticket))
        queue.withLock { $0?.append(ticket) }
        queued.signal()
        // With no room for a render thread, the calling thread renders each frame itself.
        if threads.isEmpty, let ticket = nextTicket() {
            render(ticket)
            ticket.done.signal()
        }
        while try deliverFront(waiting: false, deliver) {}
    }

    /// Queues a repeat of the frame before it.
    func submitRepeat(deliver: (Output) throws -> Void) throws {
        entries.append(.repeatLast)
        while try deliverFront(waiting: false, deliver) {}
    }

    /// Hands `deliver` every entry still to come, waiting for each frame.
    func finish(deliver: (Output) throws -> Void) throws {
        while try deliverFront(waiting: true, deliver) {}
    }

    /// Stops the render threads (after the frames they are drawing) and waits for them; frames
    /// not yet begun are dropped. Must be called before the last reference goes.
    func stop() {
        queue.withLock { $0 = nil }
        for _ in threads { queued.signal() }
        for thread in threads { pthread_join(thread, nil) }
        threads = []
    }

    /// Delivers the front entry if it is ready (or, `waiting`, once it is); false when there is
    /// nothing to deliver yet. Rethrows a frame's failure (no memory for its buffer).
    /// A delivered frame's slot is free again at once; a picture's once the next is delivered.
    @discardableResult
    private func deliverFront(waiting: Bool, _ deliver: (Output) throws -> Void) throws -> Bool {
        guard let front = entries.first else { return false }
        switch front {
        case .repeatLast:
            entries.removeFirst()
            try deliver(.repeatLast)
        case let .frame(ticket):
            if ticket.done.wait(timeout: .now()) == .timedOut {
                guard waiting else { return false }
                let clock = ContinuousClock(), started = clock.now
                ticket.done.wait()
                waitingTime += clock.now - started
            }
            entries.removeFirst()
            if converter != nil {
                if let lentSlot { freeSlots.append(lentSlot) }
                lentSlot = ticket.slot
            } else {
                freeSlots.append(ticket.slot)
            }
            try deliver(try ticket.result!.get())
        }
        return true
    }

    private func nextTicket() -> Ticket? {
        while true {
            queued.wait()
            let next: Ticket?? = queue.withLock { queue in
                guard queue != nil else { return .some(nil) }
                return queue!.isEmpty ? .none : queue!.removeFirst()
            }
            if let next { return next }
        }
    }

    /// Runs on a render thread (or the calling thread, if none), the only one touching the
    /// ticket's slot until `done`.
    private func render(_ ticket: Ticket) {
        let clock = ContinuousClock()
        let started = clock.now
        let slot = ticket.slot
        ticket.result = Result { () throws(MemoryShortage) -> Output in
            switch (ticket.work, slot.picture) {
            case let (.scene(scene), picture?):
                precondition(picture.size == scene.size, "the sink's picture does not fit the frame")
                // Unknown until it is drawn, should drawing stop half-way.
                let drawn = slot.drawn
                slot.drawn = nil
                slot.drawn = try renderer.render(scene, convertingInto: picture.planes, over: drawn)
                return .picture(picture, clock.now - started)
            case let (.image(image), picture?):
                precondition(picture.size == image.size, "the sink's picture does not fit the frame")
                slot.drawn = nil
                BT709Conversion.convert(image, into: picture.planes, bands: renderer.bands)
                return .picture(picture, clock.now - started)
            case let (.scene(scene), nil):
                if slot.frame?.size != scene.size { slot.frame = try Image.allocate(width: scene.size.width, height: scene.size.height) }
                try renderer.render(scene, into: &slot.frame!)
                return .frame(slot.frame!, clock.now - started)
            case let (.image(image), nil):
                return .frame(image, clock.now - started)
            }
        }
    }
}
