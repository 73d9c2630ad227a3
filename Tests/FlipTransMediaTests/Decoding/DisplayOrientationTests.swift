import FlipTransCore
import Foundation
import Testing
@testable import FlipTransMedia

struct DisplayOrientationTests {
    enum Corner { case topLeft, topRight, bottomLeft, bottomRight }

    /// EXIF orientation → (axes swapped, where the source's top-left and top-right corners are shown).
    static let expectations: [Int: (Bool, Corner, Corner)] = [
        1: (false, .topLeft, .topRight),
        2: (false, .topRight, .topLeft),
        3: (false, .bottomRight, .bottomLeft),
        4: (false, .bottomLeft, .bottomRight),
        5: (true, .topLeft, .bottomLeft),
        6: (true, .topRight, .bottomRight),
        7: (true, .bottomRight, .topRight),
        8: (true, .bottomLeft, .topLeft),
    ]

    /// `jpeg` with an APP1 EXIF segment holding only an Orientation tag, inserted after SOI.
    static func withExifOrientation(_ jpeg: Data, _ orientation: UInt16) -> Data {
        var tiff: [UInt8] = Array("II".utf8) + [42, 0, 8, 0, 0, 0]       // little endian, IFD0 at 8
        tiff += [1, 0]                                                   // one entry
        tiff += [0x12, 0x01, 3, 0, 1, 0, 0, 0]                           // Orientation, SHORT, count 1
        tiff += [UInt8(orientation), 0, 0, 0]                            // value
        tiff += [0, 0, 0, 0]                                             // no next IFD
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        return jpeg.prefix(2) + Data(segment) + jpeg.dropFirst(2)
    }

    func point(_ corner: Corner, in image: Image) -> (Int, Int) {
        let inset = 6
        switch corner {
        case .topLeft: return (inset, inset)
        case .topRight: return (image.width - 1 - inset, inset)
        case .bottomLeft: return (inset, image.height - 1 - inset)
        case .bottomRight: return (image.width - 1 - inset, image.height - 1 - inset)
        }
    }

    @Test(arguments: 1...8)
    func jpegExifOrientationIsApplied(orientation: Int) throws {
        let directory = try TemporaryDirectory()
        let png = directory.file("in.png")
        try PNGWriter.write(quadrantImage(width: 64, height: 48), to: png)
        let plain = directory.file("plain.jpg")
        try runFFmpeg(["-i", png, "-q:v", "2", plain])
        let oriented = directory.file("oriented.jpg")
        try Self.withExifOrientation(try Data(contentsOf: URL(fileURLWithPath: plain)), UInt16(orientation))
            .write(to: URL(fileURLWithPath: oriented))

        let image = try ImageDecoder.decode(contentsOf: oriented)
        let (swapped, red, green) = try #require(Self.expectations[orientation])
        #expect(image.size == (swapped ? PixelSize(width: 48, height: 64) : PixelSize(width: 64, height: 48)))
        let (rx, ry) = point(red, in: image), (gx, gy) = point(green, in: image)
        #expect(pixel(image, x: rx, y: ry, isNear: (255, 0, 0, 255), tolerance: 24))
        #expect(pixel(image, x: gx, y: gy, isNear: (0, 255, 0, 255), tolerance: 24))
    }
}
