import FlipTransCore
import Foundation
import Testing
@testable import FlipTransMedia

struct PNGWriterTests {
    @Test func translucentImageRoundTripsExactly() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("alpha.png")
        // Every premultiplied value with colour ≤ alpha over a range of alphas.
        var pixels: [UInt8] = []
        for alpha in stride(from: 0, through: 255, by: 17) {
            for colour in 0...alpha {
                pixels += [UInt8(colour), UInt8(alpha - colour), UInt8(colour / 2), UInt8(alpha)]
            }
        }
        let image = Image(width: pixels.count / 4, height: 1, pixels: pixels)
        try PNGWriter.write(image, to: path)
        #expect(directory.contents == ["alpha.png"])
        #expect(try ImageDecoder.decode(contentsOf: path) == image)
    }
}
