import Foundation
import Testing
@testable import FlipTransCore

/// Picture-sized buffers are asked for in a way that can fail, so running out of memory is an
/// error the caller can word, not the end of the program.
struct MemoryShortageTests {
    @Test func anImageThatFitsIsAllocated() throws {
        let colour = Color(red: 10, green: 20, blue: 30, alpha: 128)
        #expect(try Image.allocate(width: 7, height: 5, filledWith: colour) == Image(width: 7, height: 5, filledWith: colour))
    }

    /// 2^24 × 2^22 pixels are 2^48 bytes, more than the 2^47 bytes of address space a process has.
    @Test func anImageLargerThanTheAddressSpaceIsRefused() {
        let size = PixelSize(width: 1 << 24, height: 1 << 22)
        #expect(throws: MemoryShortage(size: size)) { try Image.allocate(width: size.width, height: size.height) }
    }

    @Test func aSizeWhoseByteCountOverflowsIsRefused() {
        let size = PixelSize(width: Int.max / 2, height: 3)
        #expect(throws: MemoryShortage(size: size)) { try Image.allocate(width: size.width, height: size.height) }
    }

    @Test func rawMemoryIsAllocatedOrRefused() throws {
        let size = PixelSize(width: 4, height: 4)
        let memory = try MemoryShortage.allocate(bytes: 64, for: size)
        free(memory)
        #expect(throws: MemoryShortage(size: size)) { try MemoryShortage.allocate(bytes: 1 << 50, for: size) }
    }
}
