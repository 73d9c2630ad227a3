import FlipTransCore
import Synchronization

/// A render decodes each image as its slide comes up, so damage inside a whole file, which a
/// probe of its header cannot see, showed only when the render reached it: a slideshow lost
/// minutes of frames to its 150th photo (damage too bad to use, even when accepted), and a flip
/// held on A for two minutes to B. The images but those the first frame shows (which it decodes
/// at once) are decoded before the first frame, two at a time, and thrown away; every problem
/// found is thrown together, in slide order.
enum LaterImagesCheck {
    /// At most this many decoded at once: each may take 2.4 GB (100 megapixels of 16-bit RGBA
    /// with its conversion).
    static let mostAtOnce = 2

    /// Decodes the files of `paths` but those of `shownFirst`, as the render will; their
    /// warnings (damage accepted, a colour profile unused) are left for the render to give.
    /// `isCancelled` is asked on this thread before each image it takes: a cancelled check
    /// throws `CancellationError` once the images being decoded are done (a cancelled
    /// 150-photo show went on decoding for minutes).
    static func check(_ paths: [String], shownFirst: Set<String>, pixelLimit: PixelLimit, damagedImages: DamagedImagePolicy,
                      isCancelled: () -> Bool = { false }) throws {
        var seen = Set(shownFirst.map { Array($0.utf8) })
        let later = paths.filter { seen.insert(Array($0.utf8)).inserted }
        guard !later.isEmpty else { return }
        let next = Atomic<Int>(0)
        let cancelled = Atomic<Bool>(false)
        let problems = Mutex<[(index: Int, error: Error)]>([])
        withoutActuallyEscaping(isCancelled) { isCancelled in
            ParallelWork.perform(iterations: min(later.count, mostAtOnce, ProcessInfoCores.active)) { worker in
                // Only the first worker runs on this thread, which may ask `isCancelled`.
                func goesOn() -> Bool {
                    if worker == 0, isCancelled() { cancelled.store(true, ordering: .relaxed) }
                    return !cancelled.load(ordering: .relaxed)
                }
                while goesOn(), case let index = next.wrappingAdd(1, ordering: .relaxed).oldValue, index < later.count {
                    do {
                        _ = try ImageDecoder.decode(contentsOf: later[index], pixelLimit: pixelLimit, damagedImages: damagedImages)
                    } catch {
                        problems.withLock { $0.append((index, error)) }
                    }
                }
            }
        }
        if cancelled.load(ordering: .relaxed) { throw CancellationError() }
        try InputProblems.throwIfAny(problems.withLock { $0 }.sorted { $0.index < $1.index }.map(\.error))
    }
}
