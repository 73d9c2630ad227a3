import FlipTransCore
import FlipTransMedia
import Foundation
import Testing

/// EXIF orientation in every format that carries it, through the real command: `still A A --at 0`
/// writes A as it should be shown, in JPEG (APP1), PNG (eXIf chunk), WebP (EXIF chunk) and TIFF
/// (Orientation tag) alike.
struct InputOrientationTests {
    enum Quadrant: CaseIterable { case red, green, blue, white }

    /// The source: red top left, green top right, blue bottom left, white bottom right.
    static func quadrantPNG(width: Int, height: Int) -> [UInt8] {
        PNGBytes.rgb(width: width, height: height) { x, y in
            switch (x < width / 2, y < height / 2) {
            case (true, true): [255, 0, 0]
            case (false, true): [0, 255, 0]
            case (true, false): [0, 0, 255]
            case (false, false): [255, 255, 255]
            }
        }
    }

    /// EXIF orientation → whether width and height swap, and the quadrants shown at the top left,
    /// top right, bottom left and bottom right.
    static let expected: [Int: (swapped: Bool, corners: [Quadrant])] = [
        1: (false, [.red, .green, .blue, .white]),
        2: (false, [.green, .red, .white, .blue]),     // mirrored left to right
        3: (false, [.white, .blue, .green, .red]),     // turned 180°
        4: (false, [.blue, .white, .red, .green]),     // mirrored top to bottom
        5: (true, [.red, .blue, .green, .white]),      // mirrored about the main diagonal
        6: (true, [.blue, .red, .white, .green]),      // turned 90° clockwise
        7: (true, [.white, .green, .blue, .red]),      // mirrored about the other diagonal
        8: (true, [.green, .white, .red, .blue]),      // turned 90° anticlockwise
    ]

    /// The quadrant nearest in colour to the pixel 6 pixels in from each corner.
    func corners(of image: Image) -> [Quadrant] {
        let colours: [Quadrant: (Int, Int, Int)] = [.red: (255, 0, 0), .green: (0, 255, 0), .blue: (0, 0, 255), .white: (255, 255, 255)]
        let (right, bottom) = (image.width - 7, image.height - 7)
        return [(6, 6), (right, 6), (6, bottom), (right, bottom)].map { x, y in
            let p = image.pixel(x: x, y: y)
            return Quadrant.allCases.min { a, b in
                func distance(_ q: Quadrant) -> Int {
                    let c = colours[q]!
                    return abs(Int(p.r) - c.0) + abs(Int(p.g) - c.1) + abs(Int(p.b) - c.2)
                }
                return distance(a) < distance(b)
            }!
        }
    }

    @Test(arguments: 1...8)
    func everyFormatShowsTheOrientationJPEGShows(orientation: Int) throws {
        let workspace = try Workspace()
        let (width, height) = (64, 48)
        try workspace.write("source.png", Self.quadrantPNG(width: width, height: height))
        for format in ["jpg", "webp", "tiff"] {
            try ExternalTool.ffmpeg(["-i", "source.png", "plain.\(format)"], in: workspace.url)
        }
        func plain(_ format: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: workspace.path("plain.\(format)")))) }
        // Both byte orders of EXIF: little-endian in JPEG and WebP, big-endian in PNG.
        try workspace.write("oriented.jpg", ExifBytes.jpeg(try plain("jpg"), with: ExifBytes.orientation(orientation, bigEndian: false)))
        try workspace.write("oriented.png", ExifBytes.png(Self.quadrantPNG(width: width, height: height),
                                                          with: ExifBytes.orientation(orientation, bigEndian: true)))
        try workspace.write("oriented.webp", ExifBytes.webp(try plain("webp"), width: width, height: height,
                                                            with: ExifBytes.orientation(orientation, bigEndian: false)))
        try workspace.write("oriented.tiff", ExifBytes.tiff(try plain("tiff"), orientation: orientation))

        let (swapped, expectedCorners) = try #require(Self.expected[orientation])
        let expectedSize = swapped ? PixelSize(width: height, height: width) : PixelSize(width: width, height: height)
        for format in ["jpg", "png", "webp", "tiff"] {
            let result = try workspace.run("still", "oriented.\(format)", "oriented.\(format)", "--at", "0", "-o", "shown-\(format).png")
            #expect(result.status == 0, "\(format): \(result.stderr)")
            #expect(result.stderr.isEmpty, "\(format): \(result.stderr)")
            let shown = try ImageDecoder.decode(contentsOf: workspace.path("shown-\(format).png"))
            #expect(shown.size == expectedSize, "\(format)")
            #expect(corners(of: shown) == expectedCorners, "\(format)")
        }
    }

    /// EXIF that FFmpeg reads otherwise than viewers do: the tag stored as LONG, and a stray tag
    /// in the Exif sub-directory beside IFD0's own. One reading gives the frame its shape and
    /// turns the picture, so the picture fills the frame (it was once turned one way and framed
    /// the other, with bars).
    @Test func unusualJPEGExifIsReadOnceForTheFrameAndThePicture() throws {
        let workspace = try Workspace()
        let (width, height) = (64, 48)
        try workspace.write("source.png", Self.quadrantPNG(width: width, height: height))
        try ExternalTool.ffmpeg(["-i", "source.png", "plain.jpg"], in: workspace.url)
        let plain = Array(try Data(contentsOf: URL(fileURLWithPath: workspace.path("plain.jpg"))))
        func u16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func u32(_ v: Int) -> [UInt8] { u16(v & 0xFFFF) + u16(v >> 16) }
        let header = Array("II".utf8) + u16(42) + u32(8)
        // Orientation 6 as a LONG: turned 90° clockwise, as viewers show it.
        let long = header + u16(1) + u16(274) + u16(4) + u32(1) + u32(6) + u32(0)
        // IFD0 says 1; its Exif sub-directory (at 38) holds a 6 that is not the image's.
        let stray = header + u16(2) + u16(274) + u16(3) + u32(1) + u16(1) + u16(0) + u16(0x8769) + u16(4) + u32(1) + u32(38) + u32(0)
            + u16(1) + u16(274) + u16(3) + u32(1) + u16(6) + u16(0) + u32(0)
        for (name, exif, orientation) in [("long.jpg", long, 6), ("stray.jpg", stray, 1)] {
            try workspace.write(name, ExifBytes.jpeg(plain, with: exif))
            let result = try workspace.run("still", name, name, "--at", "0", "-o", "shown.png")
            #expect(result.status == 0 && result.stderr.isEmpty, "\(name): \(result.stderr)")
            let shown = try ImageDecoder.decode(contentsOf: workspace.path("shown.png"))
            let (swapped, expectedCorners) = try #require(Self.expected[orientation])
            #expect(shown.size == (swapped ? PixelSize(width: height, height: width) : PixelSize(width: width, height: height)), "\(name)")
            #expect(corners(of: shown) == expectedCorners, "\(name)")
        }
    }
}
