import Foundation
import Testing

/// Metadata is bounded before it is read, as pixels are: a PNG's compressed text and colour
/// profile chunks by what they inflate to, EXIF by its size, through the real command.
struct MetadataLimitTests {
    /// Writes OUT: IN (a PNG) with a CHUNK (zTXt, iTXt or iCCP) of MIB mebibytes of zeros, as a
    /// zlib stream of about 1 KB per MiB (one sync-flushed deflate block of 1 MiB of zeros decodes
    /// to the same whatever precedes it, so it is repeated), put in after IHDR.
    static let pngWithInflatingChunk = #"""
    import struct, sys, zlib
    source, out, chunk, mib = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    compressor = zlib.compressobj(9)
    first = compressor.compress(b"\0" * (1 << 20)) + compressor.flush(zlib.Z_SYNC_FLUSH)
    size = mib << 20
    stream = first[:2] + first[2:] * mib + b"\x03\x00" + struct.pack(">I", (size % 65521) << 16 | 1)
    prefix = {"zTXt": b"Comment\0\0", "iTXt": b"XML:com.adobe.xmp\0\1\0\0\0", "iCCP": b"profile\0\0"}[chunk]
    body = chunk.encode() + prefix + stream
    png = open(source, "rb").read()
    ihdr_end = 8 + 25
    made = struct.pack(">I", len(body) - 4) + body + struct.pack(">I", zlib.crc32(body))
    open(out, "wb").write(png[:ihdr_end] + made + png[ihdr_end:])
    """#

    /// Runs the command with its address space limited to LIMIT bytes and prints, as JSON, its exit
    /// status, its stderr and its peak resident memory in KiB.
    static let runMeasured = #"""
    import json, resource, subprocess, sys
    limit = int(sys.argv[1])
    def cap(): resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    run = subprocess.run(sys.argv[2:], preexec_fn=cap, capture_output=True)
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    print(json.dumps({"status": run.returncode, "stderr": run.stderr.decode(), "peak": peak}))
    """#

    struct MeasuredRun: Decodable {
        let status: Int32
        let stderr: String
        let peak: Int
    }

    /// `still NAME b.png` under a 1 GiB address-space limit (a normal run fits in a fraction of it;
    /// inflating 1 GiB does not).
    func measuredStill(_ name: String, in workspace: Workspace) throws -> MeasuredRun {
        let output = try ExternalTool.run("python3", ["-c", Self.runMeasured, String(1 << 30), Fliptrans.executable.path,
                                                      "still", name, "b.png", "--at", "0", "-o", "first.png"], in: workspace.url)
        return try JSONDecoder().decode(MeasuredRun.self, from: output)
    }

    /// A 1 MB PNG whose chunk inflates to 1 GiB: FFmpeg would inflate a zTXt or iCCP whole (over
    /// 2 GB of memory; iTXt it skips today). It is refused before FFmpeg reads it, in the memory of
    /// any small decode; the same PNG with 1 MiB in the chunk is read.
    @Test(arguments: ["zTXt", "iTXt", "iCCP"])
    func compressedMetadataInflatingTo1GiBIsRefusedInBoundedMemory(chunk: String) throws {
        let workspace = try Workspace()
        try ExternalTool.run("python3", ["-c", Self.pngWithInflatingChunk, "a.png", "bomb.png", chunk, "1024"], in: workspace.url)
        try ExternalTool.run("python3", ["-c", Self.pngWithInflatingChunk, "a.png", "modest.png", chunk, "1"], in: workspace.url)
        #expect(try Data(contentsOf: URL(fileURLWithPath: workspace.path("bomb.png"))).count < 2_000_000)

        let refused = try measuredStill("bomb.png", in: workspace)
        #expect(refused.status == 1)
        #expect(refused.stderr == "Error: bomb.png: its compressed metadata (text and colour profile chunks) inflates to more than 16 MiB, the limit for an image's metadata\n")
        #expect(refused.peak < 128 << 10, "peak memory \(refused.peak) KiB")
        #expect(!workspace.files.contains("first.png"))

        let read = try measuredStill("modest.png", in: workspace)
        #expect(read.status == 0, "\(read.stderr)")
        // A megabyte of zeros is no colour profile: the image is read, its colours taken as sRGB.
        #expect(read.stderr == (chunk == "iCCP" ? "warning: modest.png: colour profile ignored (not a valid ICC profile); colours taken as sRGB\n" : ""))
        #expect(workspace.files.contains("first.png"))
    }

    /// EXIF over 64 KiB in all: a WebP's EXIF chunk, a PNG's eXIf chunk, or two JPEG APP1 segments.
    @Test(arguments: ["webp", "png", "jpg"])
    func exifOver64KiBIsRefused(format: String) throws {
        let workspace = try Workspace()
        try ExternalTool.ffmpeg(["-i", "a.png", "plain.\(format)"], in: workspace.url)
        let plain = Array(try Data(contentsOf: URL(fileURLWithPath: workspace.path("plain.\(format)"))))
        let exif = ExifBytes.orientation(1, bigEndian: false) + [UInt8](repeating: 0, count: 40_000)
        let bloated = switch format {
        case "webp": ExifBytes.webp(plain, width: 160, height: 120, with: exif + exif)
        case "png": ExifBytes.png(plain, with: exif + exif)
        default: ExifBytes.jpeg(ExifBytes.jpeg(plain, with: exif), with: exif)
        }
        try workspace.write("bloated.\(format)", bloated)
        let result = try workspace.run("still", "bloated.\(format)", "b.png", "--at", "0", "-o", "first.png")
        #expect(result.status == 1)
        // The EXIF blocks themselves, in every format (a JPEG segment's "Exif\0\0" prefix not counted).
        let size = 2 * exif.count
        #expect(result.errorLines == ["Error: bloated.\(format): its EXIF metadata is \(size) bytes, over the limit of 65536 bytes (64 KiB, what a JPEG's EXIF segment holds)"])

        try workspace.write("modest.\(format)", format == "jpg" ? ExifBytes.jpeg(plain, with: exif)
                            : format == "png" ? ExifBytes.png(plain, with: exif) : ExifBytes.webp(plain, width: 160, height: 120, with: exif))
        let read = try workspace.run("still", "modest.\(format)", "b.png", "--at", "0", "-o", "first.png")
        #expect(read.status == 0, "\(read.stderr)")
    }

    /// A TIFF's first directory is EXIF's structure, and held to the same limit: one of 5500
    /// entries (66 KB) is refused before FFmpeg reads it, one of 5000 is read.
    @Test func tiffDirectoryOver64KiBIsRefused() throws {
        let workspace = try Workspace()
        try ExternalTool.ffmpeg(["-i", "a.png", "plain.tiff"], in: workspace.url)
        let plain = Array(try Data(contentsOf: URL(fileURLWithPath: workspace.path("plain.tiff"))))
        let directory = Int(plain[4]) | Int(plain[5]) << 8 | Int(plain[6]) << 16 | Int(plain[7]) << 24
        let plainEntries = Int(plain[directory]) | Int(plain[directory + 1]) << 8
        try workspace.write("bloated.tiff", ExifBytes.tiff(plain, orientation: 1, fillerTags: 5500))
        let result = try workspace.run("still", "bloated.tiff", "b.png", "--at", "0", "-o", "first.png")
        #expect(result.status == 1)
        let size = 2 + 12 * (plainEntries + 1 + 5500) + 4
        #expect(result.errorLines == ["Error: bloated.tiff: its EXIF metadata is \(size) bytes, over the limit of 65536 bytes (64 KiB, what a JPEG's EXIF segment holds)"])
        #expect(!workspace.files.contains("first.png"))

        try workspace.write("modest.tiff", ExifBytes.tiff(plain, orientation: 1, fillerTags: 5000))
        let read = try workspace.run("still", "modest.tiff", "b.png", "--at", "0", "-o", "first.png")
        #expect(read.status == 0, "\(read.stderr)")
        #expect(workspace.files.contains("first.png"))
    }
}
