import Dispatch
import Foundation
import Glibc
import Synchronization
import Testing
@testable import FlipTransCore

/// The player's images loaded ahead on threads of their own: in the player's order, the first two
/// side by side and the rest one at a time, never more than `depth` loaded and not yet taken, a
/// failed load's error thrown where the player takes that image, and no load begun after it.
struct ImagesAheadTests {
    struct Unreadable: Error, Equatable {
        let index: Int
    }

    let images = (0..<8).map { TestImages.noise(8, 6, seed: UInt32($0 + 1)) }

    @Test(arguments: [1, 2], [1, 2])
    func imagesComeInOrderAndNoMoreThanDepthAreLoadedAhead(depth: Int, loaders: Int) throws {
        let order = [0, 1, 2, 1, 3, 4, 5, 6, 7, 0]
        // Requested before each `next()`, so a load may start only once `taken` + depth exceeds the
        // number of loads already started.
        let taken = Atomic<Int>(0)
        let loadsBeyondDepth = Mutex<[Int]>([])
        let started = Mutex(0)
        let images = self.images
        let ahead = ImagesAhead(order: order, depth: depth, loaders: loaders) { index in
            started.withLock { started in
                if started - taken.load(ordering: .acquiring) >= depth { loadsBeyondDepth.withLock { $0.append(started) } }
                started += 1
            }
            return images[index]
        }
        defer { ahead.stop() }
        var received: [Image] = []
        for _ in order {
            // A slow player: a loader that ran ahead unbounded would have run past it.
            usleep(2_000)
            taken.add(1, ordering: .releasing)
            received.append(try ahead.next())
        }
        #expect(received == order.map { images[$0] })
        #expect(loadsBeyondDepth.withLock { $0 }.isEmpty)
    }

    /// Two loaders: the second image is loaded while the first still is.
    @Test func twoImagesAreLoadedSideBySide() throws {
        let secondBegun = DispatchSemaphore(value: 0)
        let images = self.images
        let ahead = ImagesAhead(order: [0, 1], depth: 2, loaders: 2) { index in
            if index == 1 { secondBegun.signal() }
            // One loader at a time would wait here the whole 10 s, and the test would fail.
            if index == 0 && secondBegun.wait(timeout: .now() + 10) == .timedOut { throw Unreadable(index: index) }
            return images[index]
        }
        defer { ahead.stop() }
        #expect(try ahead.next() == images[0])
        #expect(try ahead.next() == images[1])
    }

    /// After the first two, one image at a time: no two loads beyond the first two overlap.
    @Test func theRestAreLoadedOneAtATime() throws {
        let loading = Mutex(0), mostAtOnce = Mutex(0)
        let images = self.images
        let ahead = ImagesAhead(order: Array(0..<8), depth: 2, loaders: 2) { index in
            guard index >= 2 else { return images[index] }
            loading.withLock { loading in
                loading += 1
                mostAtOnce.withLock { $0 = max($0, loading) }
            }
            // Long enough for a second loader, were there one, to begin the next image meanwhile.
            usleep(20_000)
            loading.withLock { $0 -= 1 }
            return images[index]
        }
        defer { ahead.stop() }
        for index in 0..<8 { #expect(try ahead.next() == images[index]) }
        #expect(mostAtOnce.withLock { $0 } == 1)
    }

    @Test(arguments: [1, 2])
    func aFailedLoadIsThrownInItsTurnAndEndsTheLoading(loaders: Int) throws {
        let loads = Mutex<[Int]>([])
        let images = self.images
        let ahead = ImagesAhead(order: [0, 1, 2, 3, 4], depth: 2, loaders: loaders) { index in
            loads.withLock { $0.append(index) }
            if index == 2 { throw Unreadable(index: index) }
            return images[index]
        }
        defer { ahead.stop() }
        #expect(try ahead.next() == images[0])
        #expect(try ahead.next() == images[1])
        #expect(throws: Unreadable(index: 2)) { try ahead.next() }
        ahead.stop()
        // Two loaders may have begun image 3 while image 2 was failing; none begins image 4.
        let loaded = loads.withLock { $0 }.sorted()
        #expect(loaders == 1 ? loaded == [0, 1, 2] : loaded.starts(with: [0, 1, 2]) && !loaded.contains(4))
    }

    /// With no room for a loading thread (short of memory), each image is loaded on the player's
    /// own thread as it is taken, in order, and a failed load is thrown in its turn.
    @Test func withNoThreadTheImagesAreLoadedOnThePlayersThread() throws {
        let player = pthread_self()
        let loads = Mutex<[Int]>([])
        let images = self.images
        let ahead = ImagesAhead(order: [3, 1, 2, 4], depth: 2, startThread: { _ in nil }) { index in
            #expect(pthread_equal(pthread_self(), player) != 0)
            loads.withLock { $0.append(index) }
            if index == 2 { throw Unreadable(index: index) }
            return images[index]
        }
        defer { ahead.stop() }
        #expect(loads.withLock { $0 }.isEmpty)
        #expect(try ahead.next() == images[3])
        #expect(loads.withLock { $0 } == [3])
        #expect(try ahead.next() == images[1])
        #expect(throws: Unreadable(index: 2)) { try ahead.next() }
        #expect(loads.withLock { $0 } == [3, 1, 2])
    }

    /// Stopped with images still to load (the player stopped early), the thread ends without
    /// loading the rest. Room for all eight, so only stopping can end it early; each load after
    /// the first waits for the test to let it finish, once every 200 ms from when the stopping
    /// thread runs until `stop()` returns.
    @Test func stoppingEndsTheLoadingUnfinished() throws {
        let loads = Mutex(0)
        let images = self.images
        let gate = DispatchSemaphore(value: 0), starting = DispatchSemaphore(value: 0), stopped = DispatchSemaphore(value: 0)
        let ahead = ImagesAhead(order: Array(0..<8), depth: 8, loaders: 1) { index in
            loads.withLock { $0 += 1 }
            if index > 0 { gate.wait() }
            return images[index]
        }
        _ = try ahead.next()
        // A thread of its own: the shared pool may be busy with other tests for longer than the
        // loads take.
        Thread.detachNewThread {
            starting.signal()
            ahead.stop()
            stopped.signal()
        }
        starting.wait()
        while stopped.wait(timeout: .now() + .milliseconds(200)) == .timedOut { gate.signal() }
        // Image 1 was being loaded as the stop came; one more if the stopping thread was slow to start.
        #expect(loads.withLock { $0 } < 8)
    }

    /// The player's order: each segment's images that the segment before did not show.
    @Test func thePlayerLoadsWhatEachSegmentAddsInOrder() throws {
        let clip = try TransitionClip(transition: try Flip(), duration: 0.1, fps: 30)
        let timeline = Timeline(segments: [.hold(image: 0, frames: 2), .transition(clip, images: [0, 1]), .hold(image: 1, frames: 1),
                                           .transition(clip, images: [1, 0]), .transition(clip, images: [2, 3]), .hold(image: 3, frames: 1)])
        #expect(TimelinePlayer.imagesToLoad(timeline) == [[0], [1], [], [0], [2, 3], []])
    }

    /// A slide that cannot be loaded stops the play with its own error.
    @Test func aSlideThatFailsStopsThePlayWithItsError() throws {
        let clip = try TransitionClip(transition: try Flip(), duration: 0.1, fps: 30)
        let timeline = Timeline.slideshow(holdFrames: [2, 2, 2, 2], transitions: [clip, clip, clip], loop: false)
        let images = self.images
        #expect(throws: Unreadable(index: 2)) {
            try TimelinePlayer(background: .black).play(timeline, image: { index in
                if index == 2 { throw Unreadable(index: index) }
                return images[index]
            }, into: CollectingSink())
        }
    }
}
