import CZlib
import Foundation
import ImageFixtures
import Testing
@testable import FlipTransMedia

/// The bounded look at a file's structure: the walkers and readers on their own.
struct ImageFileScanTests {
    /// A 96×64 synthetic frame written by ffmpeg as `name` (its extension names the format).
    func synthetic(_ seed: Int, as name: String, in directory: TemporaryDirectory) throws -> String {
        let png = directory.file("source-\(seed).png")
        try PNGWriter.write(syntheticFrame(seed, size: .init(width: 96, height: 64)), to: png)
        let path = directory.file(name)
        try runFFmpeg(["-i", png, path])
        return path
    }

    func write(_ bytes: [UInt8], to name: String, in directory: TemporaryDirectory) throws -> String {
        let path = directory.file(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The TIFF reader in both byte orders, behind JPEG's "Exif\0\0" prefix, and with the tag
    /// among others; a value outside 1–8 or a malformed header gives none.
    @Test func tiffOrientationTagIsFoundWhereverItIs() throws {
        let directory = try TemporaryDirectory()
        func entry(_ tag: Int, _ value: Int, bigEndian: Bool) -> [UInt8] {
            let fields = [tag >> 8, tag & 0xFF, 0, 3, 0, 0, 0, 1, value >> 8, value & 0xFF, 0, 0]
            let littleFields = [tag & 0xFF, tag >> 8, 3, 0, 1, 0, 0, 0, value & 0xFF, value >> 8, 0, 0]
            return (bigEndian ? fields : littleFields).map(UInt8.init)
        }
        func tiff(bigEndian: Bool, entries: [[UInt8]]) -> [UInt8] {
            let header: [UInt8] = bigEndian ? Array("MM".utf8) + [0, 42, 0, 0, 0, 8] : Array("II".utf8) + [42, 0, 8, 0, 0, 0]
            let count = bigEndian ? [UInt8(0), UInt8(entries.count)] : [UInt8(entries.count), 0]
            return header + count + entries.flatMap { $0 } + [0, 0, 0, 0]
        }
        let cases: [([UInt8], Int?)] = [
            (tiff(bigEndian: false, entries: [entry(274, 6, bigEndian: false)]), 6),
            (tiff(bigEndian: true, entries: [entry(256, 64, bigEndian: true), entry(274, 8, bigEndian: true)]), 8),
            (Array("Exif".utf8) + [0, 0] + tiff(bigEndian: false, entries: [entry(274, 3, bigEndian: false)]), 3),
            (tiff(bigEndian: false, entries: [entry(256, 64, bigEndian: false)]), nil),
            (tiff(bigEndian: false, entries: [entry(274, 9, bigEndian: false)]), nil),
            (Array("XX".utf8) + [42, 0, 8, 0, 0, 0], nil),
        ]
        for (index, (bytes, expected)) in cases.enumerated() {
            let file = try FileBytes(path: try write(bytes, to: "case-\(index)", in: directory))
            #expect(TIFFOrientationTag.value(in: file, at: 0, length: bytes.count) == expected, "case \(index)")
        }
    }

    /// The count is exact up to the cap and cap + 1 beyond it, whatever the stream's size.
    @Test func inflationIsCountedUpToTheCap() throws {
        let directory = try TemporaryDirectory()
        let zeros = [UInt8](repeating: 0, count: 300_000)
        var stream = [UInt8](repeating: 0, count: Int(compressBound(UInt(zeros.count))))
        var length = UInt(stream.count)
        #expect(compress(&stream, &length, zeros, UInt(zeros.count)) == Z_OK)
        let path = try write(Array(stream.prefix(Int(length))), to: "stream", in: directory)
        let file = try FileBytes(path: path)
        #expect(CappedInflate.inflatedSize(of: file, at: 0, count: file.size, cap: 1 << 20) == 300_000)
        #expect(CappedInflate.inflatedSize(of: file, at: 0, count: file.size, cap: 100_000) == 100_001)
        // Cut short: what came out before the end counts.
        let half = CappedInflate.inflatedSize(of: file, at: 0, count: file.size / 2, cap: 1 << 20)
        #expect(half > 0 && half < 300_000)
    }

    /// Restart markers and stuffed bytes inside a scan's data are not markers: a JPEG written
    /// with a restart every row, progressive, is read whole.
    @Test func jpegWalkSkipsRestartMarkersAndStuffedBytes() throws {
        let directory = try TemporaryDirectory()
        let jpeg = try synthetic(2, as: "in.jpg", in: directory)
        let restarts = directory.file("restarts.jpg")
        let jpegtran = Process()
        jpegtran.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        jpegtran.arguments = ["jpegtran", "-restart", "1", "-progressive", "-outfile", restarts, jpeg]
        try jpegtran.run()
        jpegtran.waitUntilExit()
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: restarts)))
        #expect((0..<bytes.count - 1).contains { bytes[$0] == 0xFF && (0xD0...0xD7).contains(bytes[$0 + 1]) })
        let scan = try ImageFileScan(path: restarts)
        #expect(scan.format == "JPEG")
        #expect(!scan.endsEarly)
        #expect(try ImageDecoder.decode(contentsOf: restarts).size == .init(width: 96, height: 64))
    }

    /// A GIF cut anywhere before its first image's data ends is damaged, however much is left:
    /// FFmpeg would show the missing rows as background, or find no picture. Without only its
    /// trailer, the picture is whole.
    @Test func gifCutBeforeItsFirstImageEndsIsDamaged() throws {
        let directory = try TemporaryDirectory()
        let gif = try synthetic(3, as: "whole.gif", in: directory)
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: gif)))
        #expect(bytes.last == 0x3B)
        #expect(try ImageFileScan(path: gif).format == "GIF")
        #expect(try !ImageFileScan(path: gif).endsEarly)
        let withoutTrailer = try write(Array(bytes.dropLast()), to: "no-trailer.gif", in: directory)
        #expect(try !ImageFileScan(path: withoutTrailer).endsEarly)
        #expect(try ImageDecoder.decode(contentsOf: withoutTrailer).size == .init(width: 96, height: 64))
        for cut in stride(from: 6, to: bytes.count - 1, by: max(1, bytes.count / 40)) {
            let cutShort = try write(Array(bytes.prefix(cut)), to: "cut-\(cut).gif", in: directory)
            #expect(throws: MediaError(.inputDamaged, path: cutShort, reason: "damaged image data (the file ends before the picture does)")) {
                try ImageDecoder.decode(contentsOf: cutShort)
            }
        }
    }

    /// A TIFF whose strip runs past the file's end (as when a download is cut short) is damaged;
    /// whole, it decodes.
    @Test func tiffStripPastTheEndIsDamaged() throws {
        let directory = try TemporaryDirectory()
        let (width, height) = (8, 4)
        let rgb = (0..<width * height * 3).map { UInt8($0 % 251) }
        let whole = [UInt8](TaggedFiles.tiff(rgb: rgb, width: width, height: height, taggedWith: nil))
        let wholePath = try write(whole, to: "whole.tiff", in: directory)
        #expect(try !ImageFileScan(path: wholePath).endsEarly)
        #expect(try ImageDecoder.decode(contentsOf: wholePath).size == .init(width: width, height: height))
        // StripByteCounts (279, LONG, 1) claiming 1000 bytes more than the file has.
        var long = whole
        let entry = try #require((0..<long.count - 12).first { long[$0..<$0 + 8] == [0x17, 0x01, 0x04, 0x00, 1, 0, 0, 0] })
        let claimed = rgb.count + 1000
        long.replaceSubrange(entry + 8..<entry + 12, with: [UInt8(claimed & 0xFF), UInt8(claimed >> 8), 0, 0])
        let cutPath = try write(long, to: "cut.tiff", in: directory)
        #expect(throws: MediaError(.inputDamaged, path: cutPath, reason: "damaged image data (the file ends before the picture does)")) {
            try ImageDecoder.decode(contentsOf: cutPath)
        }
    }

    /// What FFmpeg's decoders would draw black or refuse only when the picture is reached — a
    /// TIFF in tiles or JPEG-compressed, an arithmetic-coded JPEG — is refused by the scan, before
    /// any decoding, by probe and decoder alike; the same files in strips, uncompressed, or
    /// Huffman-coded decode.
    @Test func featuresFFmpegCannotDecodeAreRefusedBeforeDecoding() throws {
        let directory = try TemporaryDirectory()
        let rgb = (0..<8 * 4 * 3).map { UInt8($0 % 251) }
        let strips = [UInt8](TaggedFiles.tiff(rgb: rgb, width: 8, height: 4, taggedWith: nil))
        func patched(_ bytes: [UInt8], _ old: [UInt8], _ new: [UInt8]) throws -> [UInt8] {
            var bytes = bytes
            let at = try #require((0...bytes.count - old.count).first { Array(bytes[$0..<$0 + old.count]) == old })
            bytes.replaceSubrange(at..<at + new.count, with: new)
            return bytes
        }
        // PlanarConfiguration's entry (284, the last) renumbered TileWidth (322); Compression 7.
        let tiled = try patched(strips, [0x1C, 0x01, 3, 0], [0x42, 0x01])
        let jpegCompressed = try patched(strips, [0x03, 0x01, 3, 0, 1, 0, 0, 0, 1], [0x03, 0x01, 3, 0, 1, 0, 0, 0, 7])
        let huffman = try [UInt8](Data(contentsOf: URL(fileURLWithPath: try synthetic(1, as: "huffman.jpg", in: directory))))
        // Baseline's start of frame (SOF0) marked arithmetic (SOF9).
        let arithmetic = try patched(huffman, [0xFF, 0xC0], [0xFF, 0xC9])
        let tiffs = "this TIFF is not supported (its picture is"
        for (name, bytes, reason) in [("tiled.tiff", tiled, "\(tiffs) stored in tiles, which FFmpeg's TIFF decoder leaves black; save it in strips)"),
                                      ("jpeg.tiff", jpegCompressed, "\(tiffs) JPEG-compressed, which FFmpeg's TIFF decoder leaves black; save it with LZW, Deflate or no compression)"),
                                      ("arithmetic.jpg", arithmetic, "this JPEG is not supported (it is arithmetic-coded, which FFmpeg's JPEG decoder does not read; save it with Huffman coding, as cameras and most programs do)")] {
            let path = try write(bytes, to: name, in: directory)
            let refusal = MediaError(.inputUnsupported, path: path, reason: reason + "; supported: \(SupportedFormats.summary)")
            #expect(throws: refusal) { try ImageProbe.shownSize(of: path) }
            #expect(throws: refusal) { try ImageDecoder.decode(contentsOf: path) }
        }
        #expect(try ImageDecoder.decode(contentsOf: try write(strips, to: "strips.tiff", in: directory)).size == .init(width: 8, height: 4))
        #expect(try ImageDecoder.decode(contentsOf: try write(huffman, to: "huffman2.jpg", in: directory)).size == .init(width: 96, height: 64))
    }

    /// A TIFF whose alpha is associated (its colours premultiplied, ExtraSamples 1) is read as
    /// such: FFmpeg returns the stored colours as if straight, which darkened every translucent
    /// pixel (premultiplied twice). Stored straight (ExtraSamples 2), the same bytes are straight.
    @Test func aTIFFsAssociatedAlphaIsNotPremultipliedTwice() throws {
        let directory = try TemporaryDirectory()
        // Stored (100, 50, 0) at alpha 127 in every pixel.
        let straightPath = directory.file("straight.tiff")
        try runFFmpeg(["-f", "lavfi", "-i", "color=c=0x643200@0.5:s=4x2,format=rgba", "-frames:v", "1", "-pix_fmt", "rgba", straightPath])
        let straight = try [UInt8](Data(contentsOf: URL(fileURLWithPath: straightPath)))
        // ExtraSamples (338, SHORT, 1): 2 (unassociated) → 1 (associated).
        let extraSamples: [UInt8] = [0x52, 0x01, 3, 0, 1, 0, 0, 0]
        let at = try #require((0...straight.count - 9).first { Array(straight[$0..<$0 + 8]) == extraSamples && straight[$0 + 8] == 2 })
        var associated = straight
        associated[at + 8] = 1
        let associatedPath = try write(associated, to: "associated.tiff", in: directory)
        #expect(try ImageFileScan(path: associatedPath).premultipliedAlpha)
        #expect(try !ImageFileScan(path: straightPath).premultipliedAlpha)
        // Images hold premultiplied colours: the associated file's are its stored ones (within a
        // rounding), the straight file's half of them.
        let fromAssociated = try ImageDecoder.decode(contentsOf: associatedPath).pixel(x: 1, y: 1)
        let fromStraight = try ImageDecoder.decode(contentsOf: straightPath).pixel(x: 1, y: 1)
        #expect(fromAssociated.a == 127 && abs(Int(fromAssociated.r) - 100) <= 1 && abs(Int(fromAssociated.g) - 50) <= 1 && fromAssociated.b == 0,
                "\(fromAssociated)")
        #expect(fromStraight.a == 127 && abs(Int(fromStraight.r) - 50) <= 1 && abs(Int(fromStraight.g) - 25) <= 1, "\(fromStraight)")
    }
}
