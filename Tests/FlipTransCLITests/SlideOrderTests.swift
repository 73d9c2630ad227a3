import FlipTransCore
import FlipTransMedia
import Foundation
import Testing

/// `--order`: by the date each photo was taken (EXIF written here), by name, or shuffled by a seed.
struct SlideOrderTests {
    static let red = Color(red: 255, green: 0, blue: 0), green = Color(red: 0, green: 255, blue: 0), blue = Color(red: 0, green: 0, blue: 255)

    /// An EXIF block (little-endian TIFF) whose EXIF directory holds DateTimeOriginal and, if
    /// given, OffsetTimeOriginal ("+09:00").
    static func exif(taken date: String, offset: String? = nil) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func u32(_ v: Int) -> [UInt8] { u16(v & 0xFFFF) + u16(v >> 16) }
        // Header (8), IFD0 at 8 with the EXIF pointer (18), the EXIF directory at 26 (6 + 12 an
        // entry), then the texts: the date (20 bytes), the offset (7).
        let entries = offset == nil ? 1 : 2
        let texts = 26 + 6 + 12 * entries
        return Array("II".utf8) + u16(42) + u32(8)
            + u16(1) + u16(34665) + u16(4) + u32(1) + u32(26) + u32(0)
            + u16(entries) + u16(36867) + u16(2) + u32(20) + u32(texts)
            + (offset == nil ? [] : u16(36881) + u16(2) + u32(7) + u32(texts + 20)) + u32(0)
            + Array(date.utf8) + [0] + (offset.map { Array($0.utf8) + [0] } ?? [])
    }

    /// A workspace with red (taken 2024), green (taken 2023) and blue (no EXIF, file time 2025) photos.
    func workspace() throws -> Workspace {
        let workspace = try Workspace()
        for (name, colour, taken) in [("a.png", Self.red, "2024:07:14 18:03:59"), ("b.png", Self.green, "2023:01:01 09:00:00")] {
            try PNGWriter.write(Image(width: 64, height: 48, filledWith: colour), to: workspace.path(name))
            let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: workspace.path(name))))
            try workspace.write(name, ExifBytes.png(png, with: Self.exif(taken: taken)))
        }
        try PNGWriter.write(Image(width: 64, height: 48, filledWith: Self.blue), to: workspace.path("c.png"))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_750_000_000)], ofItemAtPath: workspace.path("c.png"))
        return workspace
    }

    /// The colour each slide shows, in the order of the video; `environment` adds variables.
    func slideColours(_ arguments: [String], in workspace: Workspace, environment: [String: String]? = nil) throws -> [String] {
        let result = try Fliptrans.run(["slideshow"] + arguments + ["-o", "show.mp4", "--fps", "20", "--hold", "0.1", "--duration", "0.1"],
                                       in: workspace.url, environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        return try [0, 4, 8].map { frame in
            let (r, g, b, _) = try VideoFrame.frame(frame, of: "show.mp4", in: workspace).pixel(x: 32, y: 24)
            return r > 200 ? "red" : g > 200 ? "green" : b > 200 ? "blue" : "?"
        }
    }

    @Test func byDateUsesEXIFThenTheFilesTime() throws {
        let workspace = try workspace()
        #expect(try slideColours(["c.png", "a.png", "b.png", "--order", "date"], in: workspace) == ["green", "red", "blue"])
        #expect(try slideColours(["c.png", "a.png", "b.png", "--order", "name"], in: workspace) == ["red", "green", "blue"])
    }

    /// Photos with and without EXIF are ordered by the instant each was taken: an EXIF time at
    /// its own offset from UTC if it has one, else in the machine's time zone, as the files'
    /// times are instants (EXIF times were read as UTC: off by the zone's offset).
    @Test func byDateComparesInstants() throws {
        let workspace = try Workspace()
        // Red at 18:03 in Tokyo (09:03 UTC); green at 12:00 local, no offset; blue's file time 10:30 UTC.
        for (name, colour, taken, offset) in [("a.png", Self.red, "2024:07:14 18:03:59", "+09:00"), ("b.png", Self.green, "2024:07:14 12:00:00", nil)] {
            try PNGWriter.write(Image(width: 64, height: 48, filledWith: colour), to: workspace.path(name))
            let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: workspace.path(name))))
            try workspace.write(name, ExifBytes.png(png, with: Self.exif(taken: taken, offset: offset)))
        }
        try PNGWriter.write(Image(width: 64, height: 48, filledWith: Self.blue), to: workspace.path("c.png"))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_720_953_000)], ofItemAtPath: workspace.path("c.png"))
        for (zone, order) in [("UTC", ["red", "blue", "green"]), ("Europe/Berlin", ["red", "green", "blue"])] {
            let colours = try slideColours(["c.png", "b.png", "a.png", "--order", "date"], in: workspace, environment: ["TZ": zone])
            #expect(colours == order, "TZ=\(zone)")
        }
    }

    @Test func aShuffleIsTheSameForTheSameSeed() throws {
        let workspace = try workspace()
        let first = try slideColours(["a.png", "b.png", "c.png", "--order", "shuffle", "--seed", "7"], in: workspace)
        #expect(Set(first) == ["red", "green", "blue"])
        #expect(try slideColours(["a.png", "b.png", "c.png", "--order", "shuffle", "--seed", "7"], in: workspace) == first)
    }

    /// A seed for an order that does not shuffle would change nothing: refused, on the command
    /// line and in a spec.
    @Test func aSeedWithoutAShuffleIsRefused() throws {
        let workspace = try workspace()
        let given = try workspace.run("slideshow", "a.png", "b.png", "-o", "show.mp4", "--seed", "7")
        #expect(given.status == 1)
        #expect(given.errorLines == ["Error: --seed must be left out unless the order is shuffle (it orders a shuffled show only), got 7"])
        try workspace.write("show.yaml", Array("output: show.mp4\nseed: 7\norder: name\nslides: [a.png, b.png]\n".utf8))
        let spec = try workspace.run("slideshow", "--spec", "show.yaml")
        #expect(spec.errorLines == ["Error: show.yaml: key 'seed' must be left out unless the order is shuffle (it orders a shuffled show only), got 7"])
        #expect(!workspace.files.contains("show.mp4"))
    }
}
