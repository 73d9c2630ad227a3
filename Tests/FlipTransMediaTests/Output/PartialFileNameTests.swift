import Foundation
import Testing
@testable import FlipTransMedia

struct PartialFileNameTests {
    /// Whatever the output's name, the temporary name fits in 255 bytes, keeps whole characters,
    /// and is recognised as a partial file.
    @Test(arguments: ["out.mp4", String(repeating: "x", count: 251) + ".mp4", String(repeating: "é", count: 125) + "x.png",
                      String(repeating: "👩‍👩‍👧", count: 20) + ".webm"])
    func fitsInAFileNameAndIsRecognised(output: String) {
        let name = PartialFileName.make(for: output)
        #expect(name.utf8.count <= 255)
        #expect(name.hasPrefix("." + output.prefix(3)) && name.hasSuffix(".partial"))
        #expect(PartialFileName.matches(name))
        #expect(output.utf8.count + 23 > 255 || name.hasPrefix("." + output + "."))
    }

    @Test(arguments: [".notes.v2.partial", "..0123456789abc.partial", ".x.0123456789ABC.partial", "x.0123456789abc.partial",
                      ".x.0123456789abc.partial.bak", ".x.123456789abc.partial", ".x-0123456789abc.partial"])
    func otherNamesAreNot(name: String) {
        #expect(!PartialFileName.matches(name))
    }

    /// The temporary file exists and is locked from the start, so another run sees it is alive.
    @Test func theTemporaryFileIsHeldUntilCommitted() throws {
        let directory = try TemporaryDirectory()
        let output = try TemporaryOutputFile(target: directory.file("out.png"))
        let descriptor = open(output.temporaryPath, O_RDONLY)
        defer { close(descriptor) }
        #expect(flock(descriptor, LOCK_EX | LOCK_NB) == -1 && errno == EWOULDBLOCK)
        for part in ["p", "ng"] { try Array(part.utf8).withUnsafeBytes { try output.append($0) } }
        try output.commit()
        #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        #expect(directory.contents == ["out.png"])
        #expect(try String(contentsOfFile: directory.file("out.png"), encoding: .utf8) == "png")
    }
}
