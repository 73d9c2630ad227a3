import Glibc

/// Threads of its own that draw a frame's bands with the caller, kept for the life of their
/// `FrameRenderer`. Dispatch's `concurrentPerform` allocates for every call (the closure made a
/// block, and queue entries taken from a cache that the worker threads, which free them, never
/// give back); these threads wait on a condition variable between frames, are handed the
/// drawing as a plain value (a closure kept for them would be boxed), and allocate nothing.
final class BandWorkers: @unchecked Sendable {
    /// How many bands a call runs: one on the calling thread, one on each thread here.
    let bands: Int
    private let shared: Shared
    private var threads: [pthread_t] = []

    /// What the threads and the caller share, under `mutex`. A class of its own, so that the
    /// threads do not keep `BandWorkers` alive: its deinit stops them.
    private final class Shared: @unchecked Sendable {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        /// Signalled when there is work (or a stop); and when the last thread finishes its band.
        let workReady = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        let workDone = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        /// Counts the calls, so that a thread tells new work from work it has done.
        var generation = 0
        var unfinished = 0
        var stopping = false
        var drawing: BandDrawing?

        init() {
            pthread_mutex_init(mutex, nil)
            pthread_cond_init(workReady, nil)
            pthread_cond_init(workDone, nil)
        }

        deinit {
            pthread_cond_destroy(workDone)
            pthread_cond_destroy(workReady)
            pthread_mutex_destroy(mutex)
            workDone.deallocate()
            workReady.deallocate()
            mutex.deallocate()
        }
    }

    /// A thread's band and what it shares, handed to the thread's entry point.
    private final class Start {
        let shared: Shared
        let band: Int
        init(shared: Shared, band: Int) { (self.shared, self.band) = (shared, band) }
    }

    /// `bands` bands: the caller's and `bands − 1` threads. Fewer threads if the system will not
    /// start them all (then fewer bands).
    init(bands: Int) {
        shared = Shared()
        for band in 1..<max(bands, 1) {
            let start = Unmanaged.passRetained(Start(shared: shared, band: band)).toOpaque()
            var thread = pthread_t()
            guard pthread_create(&thread, nil, { BandWorkers.run(Unmanaged<Start>.fromOpaque($0!).takeRetainedValue()) }, start) == 0 else {
                Unmanaged<Start>.fromOpaque(start).release()
                break
            }
            threads.append(thread)
        }
        self.bands = threads.count + 1
    }

    deinit {
        pthread_mutex_lock(shared.mutex)
        shared.stopping = true
        pthread_cond_broadcast(shared.workReady)
        pthread_mutex_unlock(shared.mutex)
        for thread in threads { pthread_join(thread, nil) }
    }

    /// Draws each band of `drawing` (which has `bands` of them) in parallel; returns when all are done.
    func perform(_ drawing: BandDrawing) {
        pthread_mutex_lock(shared.mutex)
        shared.drawing = drawing
        shared.generation += 1
        shared.unfinished = threads.count
        pthread_cond_broadcast(shared.workReady)
        pthread_mutex_unlock(shared.mutex)
        drawing.draw(band: 0)
        pthread_mutex_lock(shared.mutex)
        while shared.unfinished > 0 { pthread_cond_wait(shared.workDone, shared.mutex) }
        // Its panels hold their images: let go of them with the frame.
        shared.drawing = nil
        pthread_mutex_unlock(shared.mutex)
    }

    /// A thread's life: wait for work, do its band, report, until stopped.
    private static func run(_ start: Start) -> UnsafeMutableRawPointer? {
        let shared = start.shared
        var done = 0
        pthread_mutex_lock(shared.mutex)
        while true {
            while shared.generation == done, !shared.stopping { pthread_cond_wait(shared.workReady, shared.mutex) }
            if shared.stopping { break }
            done = shared.generation
            do {
                // Let go of before the band is reported done, like the caller's copy.
                let drawing = shared.drawing!
                pthread_mutex_unlock(shared.mutex)
                drawing.draw(band: start.band)
            }
            pthread_mutex_lock(shared.mutex)
            shared.unfinished -= 1
            if shared.unfinished == 0 { pthread_cond_signal(shared.workDone) }
        }
        pthread_mutex_unlock(shared.mutex)
        return nil
    }
}
