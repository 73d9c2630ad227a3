import Dispatch
import Glibc
import Synchronization

/// A timeline's images loaded (decoded and fitted) on a thread of their own, ahead of the player
/// and in the order it takes them, so that decoding the next slides overlaps rendering and
/// encoding the current ones instead of stopping the encoder while it runs. At most `depth`
/// images are loaded and not yet taken, the one being loaded among them: the memory stays
/// bounded, however long the show.
///
/// A load that fails ends the loading; its error is thrown when the player takes that image,
/// just where loading it on the player's own thread would have thrown it.
final class ImagesAhead: @unchecked Sendable {
    /// Two: the next slide is ready when the player needs it even after a slide that took longer
    /// to decode than to show, and at 1080p the two cost 16 MB.
    static let depth = 2

    /// Loaded and not yet taken, oldest first.
    private let loaded = Mutex<[Result<Image, any Error>]>([])
    /// One count per image that may still be loaded: taken by the loader as it starts a load,
    /// given back as the player takes an image.
    private let room = DispatchSemaphore(value: 0)
    /// One count per image loaded and not yet taken.
    private let ready = DispatchSemaphore(value: 0)
    private let stopping = Atomic<Bool>(false)
    private var thread: pthread_t?
    /// The images still to load and how, when no thread could be started for them: each is then
    /// loaded on the player's thread as it takes it.
    private var onPlayersThread: (order: ArraySlice<Int>, load: (Int) throws -> Image)?
    /// How long the player waited for an image still being loaded.
    private(set) var waitingTime = Duration.zero

    /// Starts loading the images `order` lists with `load`, which runs on the loading thread only
    /// (started by `startThread`; on the player's thread if none could be).
    init(order: [Int], depth: Int = ImagesAhead.depth, startThread: (@escaping () -> Void) -> pthread_t? = JoinableThread.start,
         load: @escaping (Int) throws -> Image) {
        // Signalled up from zero: a semaphore made with a count must not be dropped below it.
        for _ in 0..<max(1, depth) { room.signal() }
        guard !order.isEmpty else { return }
        thread = startThread { [self] in
            for index in order {
                room.wait()
                if stopping.load(ordering: .acquiring) { return }
                let result = Result { try load(index) }
                loaded.withLock { $0.append(result) }
                ready.signal()
                if case .failure = result { return }
            }
        }
        if thread == nil { onPlayersThread = (order[...], load) }
    }

    /// The next image in order, once it is loaded; rethrows the error of a load that failed.
    func next() throws -> Image {
        if var onPlayersThread {
            guard let index = onPlayersThread.order.popFirst() else { preconditionFailure("more images taken than ordered") }
            self.onPlayersThread = onPlayersThread
            return try onPlayersThread.load(index)
        }
        if ready.wait(timeout: .now()) == .timedOut {
            let clock = ContinuousClock(), started = clock.now
            ready.wait()
            waitingTime += clock.now - started
        }
        let result = loaded.withLock { $0.removeFirst() }
        room.signal()
        return try result.get()
    }

    /// Stops the loading (after the image being loaded) and waits for its thread to end. Must be
    /// called before the last reference goes, and before `load`'s captures may go.
    func stop() {
        guard let thread else { return }
        stopping.store(true, ordering: .releasing)
        room.signal()
        pthread_join(thread, nil)
        self.thread = nil
    }
}
