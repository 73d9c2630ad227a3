import Dispatch
import Glibc
import Synchronization

/// A timeline's images loaded (decoded and fitted) ahead of the player, in the order it takes
/// them, on a thread of their own: decoding the next slides overlaps rendering and encoding the
/// current ones instead of stopping the encoder while it runs. The first images (two, on two
/// cores) are loaded side by side, each on a thread, so the first transition's first frame
/// starts sooner; the rest one at a time, as one loader keeps ahead of the player and a decode's
/// buffers (several frames' worth for a large photo) are then held once, not twice. At most
/// `depth` images are loaded and not yet taken, those being loaded among them: the memory stays
/// bounded, however long the show.
///
/// A load that fails ends the loading (no load starts after it, though one begun beside it
/// finishes); its error is thrown when the player takes that image, just where loading it on the
/// player's own thread would have thrown it.
final class ImagesAhead: @unchecked Sendable {
    /// Two: the next slide is ready when the player needs it even after a slide that took longer
    /// to decode than to show, and at 1080p the two cost 16 MB.
    static let depth = 2

    /// One image's load: its result, and a signal once it is there.
    private final class Load {
        /// Written by the loading thread before it signals `done`; dropped once taken.
        var result: Result<Image, any Error>?
        let done = DispatchSemaphore(value: 0)
    }

    /// One per image of the order, in the order.
    private let loads: [Load]
    /// The position in the order the next load takes; the end, once a load has failed.
    private let nextToLoad = Mutex(0)
    /// One count per image that may still be loaded: taken by a loader as it starts a load,
    /// given back as the player takes an image.
    private let room = DispatchSemaphore(value: 0)
    private let stopping = Atomic<Bool>(false)
    private var threads: [pthread_t] = []
    /// The player's own state: how many images it took.
    private var taken = 0
    /// The images still to load and how, when no thread could be started for them: each is then
    /// loaded on the player's thread as it takes it.
    private var onPlayersThread: (order: ArraySlice<Int>, load: (Int) throws -> Image)?
    /// How long the player waited for an image still being loaded.
    private(set) var waitingTime = Duration.zero

    /// Starts loading the images `order` lists with `load`: the first `loaders` of them side by
    /// side, on as many threads, and the rest on the first of those threads (started by
    /// `startThread`; all on the player's thread if none could be). `load` runs on those threads
    /// only, and may run on several at once.
    init(order: [Int], depth: Int = ImagesAhead.depth, loaders: Int = ProcessInfoCores.active,
         startThread: (@escaping () -> Void) -> pthread_t? = JoinableThread.start, load: @escaping (Int) throws -> Image) {
        loads = order.map { _ in Load() }
        // Signalled up from zero: a semaphore made with a count must not be dropped below it.
        for _ in 0..<max(1, depth) { room.signal() }
        guard !order.isEmpty else { return }
        // More loaders than the depth would only wait for room.
        let sideBySide = max(1, min(loaders, depth, order.count))
        for loader in 0..<sideBySide {
            // The first loader goes to the end of the order; the others help with its start.
            let end = loader == 0 ? order.count : sideBySide
            guard let thread = startThread({ [self] in
                while true {
                    room.wait()
                    guard !stopping.load(ordering: .acquiring), let position = claimNextLoad(before: end) else {
                        // Room this thread will not use is left for the first loader.
                        room.signal()
                        return
                    }
                    let result = Result { try load(order[position]) }
                    if case .failure = result { nextToLoad.withLock { $0 = loads.count } }
                    loads[position].result = result
                    loads[position].done.signal()
                }
            }) else { break }
            threads.append(thread)
        }
        if threads.isEmpty { onPlayersThread = (order[...], load) }
    }

    /// The next image in order, once it is loaded; rethrows the error of a load that failed.
    func next() throws -> Image {
        if var onPlayersThread {
            guard let index = onPlayersThread.order.popFirst() else { preconditionFailure("more images taken than ordered") }
            self.onPlayersThread = onPlayersThread
            return try onPlayersThread.load(index)
        }
        precondition(taken < loads.count, "more images taken than ordered")
        let load = loads[taken]
        if load.done.wait(timeout: .now()) == .timedOut {
            let clock = ContinuousClock(), started = clock.now
            load.done.wait()
            waitingTime += clock.now - started
        }
        taken += 1
        let result = load.result!
        load.result = nil
        room.signal()
        return try result.get()
    }

    /// Stops the loading (after the images being loaded) and waits for its threads to end. Must
    /// be called before the last reference goes, and before `load`'s captures may go.
    func stop() {
        stopping.store(true, ordering: .releasing)
        for _ in threads { room.signal() }
        for thread in threads { pthread_join(thread, nil) }
        threads = []
    }

    /// The position of the next image to load, if it is before `end`; nil when there is none
    /// (all before `end` begun, or a load failed).
    private func claimNextLoad(before end: Int) -> Int? {
        nextToLoad.withLock { next in
            guard next < end else { return nil }
            defer { next += 1 }
            return next
        }
    }
}
