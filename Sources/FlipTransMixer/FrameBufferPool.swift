import CGlibcExtras
import FlipTransCore
import Synchronization

/// The frame buffers of the instances of a loaded plugin (each transition's plugin file is a
/// library of its own, with its own pool), shared by frame size. An editor keeps an instance for
/// every transition of a project (MLT one per transition, frame size and calling thread, until
/// the project closes); each with buffers of its own — 30 MB at 1080p, and a renderer whose band
/// threads wait for work — 40 page turns held 1.5 GB and dozens of idle threads. An instance
/// borrows a set for the frame it draws and gives it back, so the plugin holds as many sets of a
/// size as it draws frames of that size at once, and frees them when its last instance of that
/// size ends.
final class FrameBufferPool: Sendable {
    static let shared = FrameBufferPool()

    /// A frame size's instances and its sets no frame is being drawn with. A list, not a
    /// dictionary keyed by size: a dictionary's in-place access allocated on every frame.
    private struct Kept {
        let width: Int, height: Int
        var instances = 0
        var idle: [FrameBuffers] = []
    }

    private let sizes = Mutex<[Kept]>([])

    /// An instance of frames `width × height` begins: its size's sets are kept from now on.
    func instanceStarted(width: Int, height: Int) {
        sizes.withLock { sizes in
            if let index = Self.index(width, height, in: sizes) {
                sizes[index].instances += 1
            } else {
                sizes.append(Kept(width: width, height: height, instances: 1))
            }
        }
    }

    /// An instance of frames `width × height` ends; the last of its size frees that size's sets.
    func instanceEnded(width: Int, height: Int) {
        guard freeSetsOfEndedSize(width: width, height: height) else { return }
        // glibc keeps what it freed for the process: an editor that had closed every transition
        // still held the peak of all of them (140 MB against 65 MB, 64 sizes at once).
        _ = glibc_release_free_memory()
    }

    /// Frees the sets of `width × height` if no instance of that size is left; true if it did.
    private func freeSetsOfEndedSize(width: Int, height: Int) -> Bool {
        // The sets are handed out of the lock and freed there: a renderer ends its band threads.
        let ended = sizes.withLock { sizes -> Kept? in
            guard let index = Self.index(width, height, in: sizes) else { return nil }
            sizes[index].instances -= 1
            return sizes[index].instances == 0 ? sizes.remove(at: index) : nil
        }
        return ended != nil
    }

    /// A set of buffers for a frame `width × height`: `preferred` if it is idle (the set the
    /// instance drew its last frame with, which has room for its transition: another would make
    /// that room, allocating, on a later frame), else another idle one, else a new one. Throws
    /// `MemoryShortage` when the system will not provide one.
    func borrow(width: Int, height: Int, preferring preferred: FrameBuffers?) throws(MemoryShortage) -> FrameBuffers {
        let idle: FrameBuffers? = sizes.withLock { sizes in
            guard let index = Self.index(width, height, in: sizes) else { return nil }
            if let preferred, let found = sizes[index].idle.firstIndex(where: { $0 === preferred }) {
                return sizes[index].idle.remove(at: found)
            }
            return sizes[index].idle.popLast()
        }
        if let idle { return idle }
        return try FrameBuffers(width: width, height: height)
    }

    /// Takes back a set borrowed for a frame `width × height`.
    func giveBack(_ buffers: FrameBuffers, width: Int, height: Int) {
        // A set of a size no instance has any more is freed, out of the lock.
        _ = sizes.withLock { sizes -> FrameBuffers? in
            guard let index = Self.index(width, height, in: sizes) else { return buffers }
            sizes[index].idle.append(buffers)
            return nil
        }
    }

    private static func index(_ width: Int, _ height: Int, in sizes: [Kept]) -> Int? {
        sizes.firstIndex { $0.width == width && $0.height == height }
    }

    /// How many idle sets of `width × height` the pool holds (for the tests).
    func idleCount(width: Int, height: Int) -> Int {
        sizes.withLock { sizes in Self.index(width, height, in: sizes).map { sizes[$0].idle.count } ?? 0 }
    }
}
