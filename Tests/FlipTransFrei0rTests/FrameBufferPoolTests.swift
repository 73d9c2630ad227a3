import Foundation
import Synchronization
import Testing
@testable import FlipTransMixer

/// An editor keeps an instance for every transition of a project until the project closes: with
/// buffers of their own, 40 page turns at 1080p held 1.5 GB and dozens of idle threads in melt.
/// Instances of one size now borrow a set of buffers for each frame, so a process holds as many
/// as it draws frames of that size at once. (Sizes no other test uses, as tests run side by side.)
struct FrameBufferPoolTests {
    @Test func instancesOfASizeDrawInTurnWithOneSetOfBuffers() throws {
        let (width, height) = (97, 53)
        let types = MixerTransitions.offered()
        var instances = try (0..<12).map { try #require(MixerInstance(type: types[$0 % types.count], width: width, height: height)) }
        let first = instances.map { Frames.drawn(by: $0, at: 0.4) }
        #expect(FrameBufferPool.shared.idleCount(width: width, height: height) == 1)
        // Each draws as it would alone, the others' transitions before it in the same buffers.
        let again = instances.map { Frames.drawn(by: $0, at: 0.4) }
        #expect(again == first)
        let alone = try #require(MixerInstance(type: types[1], width: width, height: height))
        #expect(Frames.drawn(by: alone, at: 0.4) == first[1])
        // The last instance of the size frees its buffers.
        instances.removeAll()
        #expect(FrameBufferPool.shared.idleCount(width: width, height: height) == 1)
        _ = consume alone
        #expect(FrameBufferPool.shared.idleCount(width: width, height: height) == 0)
    }

    /// Instances drawing at the same time each have a set: two threads, two sets.
    @Test func instancesDrawingAtOnceEachBorrowASet() throws {
        let (width, height) = (99, 51)
        let types = MixerTransitions.offered()
        let instances = try (0..<2).map { _ in try #require(MixerInstance(type: types[0], width: width, height: height)) }
        let serial = Frames.drawn(by: instances[0], at: 0.6)
        let frames = Mutex<[[UInt8]]>([])
        // Twenty frames each on two threads overlap, and every one must still be right.
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            for _ in 0..<20 {
                let frame = Frames.drawn(by: instances[index], at: 0.6)
                frames.withLock { $0.append(frame) }
            }
        }
        #expect(frames.withLock { $0.allSatisfy { $0 == serial } })
        #expect((1...2).contains(FrameBufferPool.shared.idleCount(width: width, height: height)))
    }

    /// An instance is lent the set it drew its last frame with whenever that one is idle: that
    /// set has room for its transition, where another, made ready for some other transition,
    /// would make that room on this frame, allocating (two instances that once drew at the same
    /// time then swapped sets, frame after frame).
    @Test func aSetIsLentAgainToTheInstanceThatDrewWithItLast() throws {
        let (width, height) = (95, 49)
        let pool = FrameBufferPool.shared
        pool.instanceStarted(width: width, height: height)
        defer { pool.instanceEnded(width: width, height: height) }
        let first = try pool.borrow(width: width, height: height, preferring: nil)
        let second = try pool.borrow(width: width, height: height, preferring: nil)
        #expect(first !== second)
        pool.giveBack(first, width: width, height: height)
        pool.giveBack(second, width: width, height: height)
        let again = try pool.borrow(width: width, height: height, preferring: first)
        #expect(again === first)
        pool.giveBack(again, width: width, height: height)
        #expect(pool.idleCount(width: width, height: height) == 2)
    }
}
