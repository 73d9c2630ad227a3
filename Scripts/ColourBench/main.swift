import CLCMS
import FlipTransMedia
import Foundation
import ImageFixtures

// colour-bench: what colour management and HEIF decoding cost on a 12-megapixel photo
// (4000×3000), in CPU time (least of RUNS runs). Run it through Scripts/bench-colour.sh.
let runs = Int(ProcessInfo.processInfo.environment["RUNS"] ?? "") ?? 3
let work = NSTemporaryDirectory() + "colour-bench-\(UUID().uuidString)"
try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: work) }
func file(_ name: String) -> String { work + "/" + name }

/// CPU time so far of this process and its finished children (ffmpeg), in milliseconds: on a
/// machine shared with other work it is steadier than wall time.
func cpuMilliseconds() -> Double {
    var total = 0.0
    for who in [RUSAGE_SELF.rawValue, RUSAGE_CHILDREN.rawValue] {
        var usage = rusage()
        getrusage(who, &usage)
        for time in [usage.ru_utime, usage.ru_stime] { total += Double(time.tv_sec) * 1000 + Double(time.tv_usec) / 1000 }
    }
    return total
}

/// Least CPU time of `runs` runs, in milliseconds (summed over threads).
func best(_ body: (Int) throws -> Void) rethrows -> Double {
    var times: [Double] = []
    for run in 0..<runs {
        let started = cpuMilliseconds()
        try body(run)
        times.append(cpuMilliseconds() - started)
    }
    return times.min()!
}

func row(_ label: String, _ ms: Double, against base: Double? = nil) {
    let extra = base.map { String(format: "   (+%.0f ms)", ms - $0) } ?? ""
    print("  " + label.padding(toLength: 44, withPad: " ", startingAt: 0) + String(format: "%7.1f ms", ms) + extra)
}

// A photo-like picture: a test pattern with grain, so codecs and caches see varied samples.
let source = file("photo.png"), deep = file("photo16.png")
try TestPrograms.run("ffmpeg", ["-nostdin", "-v", "error", "-f", "lavfi", "-i", "testsrc2=s=4000x3000,noise=alls=12:allf=t",
                                "-frames:v", "1", source])
try TestPrograms.run("ffmpeg", ["-nostdin", "-v", "error", "-i", source, "-pix_fmt", "rgb48be", deep])

/// `png` tagged with Display P3; `variant` changes only the profile's creation date, so LittleCMS
/// sees the same profile but the cache (keyed by the bytes) sees a new one.
func tagged(_ png: String, variant: Int) throws -> String {
    var profile = TestProfile.displayP3.iccBytes
    profile[24] = UInt8(truncatingIfNeeded: 1 + variant)
    let path = file("\(URL(fileURLWithPath: png).deletingPathExtension().lastPathComponent)-p3-\(variant).png")
    try TaggedFiles.png(try Data(contentsOf: URL(fileURLWithPath: png)), taggedWith: profile).write(to: URL(fileURLWithPath: path))
    return path
}

print("4000×3000 (12 megapixels): CPU time summed over threads, least of \(runs) runs (\(ProcessInfo.processInfo.activeProcessorCount) cores)")
for (name, png) in [("8-bit PNG", source), ("16-bit PNG", deep)] {
    let plain = try best { _ in _ = try ImageDecoder.decode(contentsOf: png) }
    let fresh = try (0..<runs).map { try tagged(png, variant: 100 + $0) }
    let miss = try best { run in _ = try ImageDecoder.decode(contentsOf: fresh[run]) }
    let cached = try tagged(png, variant: 0)
    _ = try ImageDecoder.decode(contentsOf: cached)
    let hit = try best { _ in _ = try ImageDecoder.decode(contentsOf: cached) }
    print("\(name):")
    row("untagged", plain)
    row("Display P3, transform cached", hit, against: plain)
    row("Display P3, transform built (new profile)", miss, against: plain)
}

// What the cache saves on each image after the first: reading the profile and building the
// transform, with the arguments fliptrans uses (relative colorimetric, alpha copied).
let profileBytes = TestProfile.displayP3.iccBytes
print("Building a transform (what the cache saves per image):")
for (name, format) in [("from 8-bit RGBA", clcms_type_rgba_8()), ("from 16-bit RGBA", clcms_type_rgba_16())] {
    row(name, best { _ in
        let profile = profileBytes.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }
        let sRGB = cmsCreate_sRGBProfile()
        let transform = cmsCreateTransform(profile, format, sRGB, clcms_type_rgba_8(), cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC),
                                           cmsUInt32Number(cmsFLAGS_COPY_ALPHA))
        cmsDeleteTransform(transform)
        cmsCloseProfile(profile)
        cmsCloseProfile(sRGB)
    })
}

// HEIC and AVIF of the same photo: libheif through fliptrans, and the ffmpeg program for AVIF.
let heic = file("photo.heic"), avif = file("photo.avif")
try TestPrograms.run("heif-enc", ["-q", "90", "-o", heic, source])
try TestPrograms.run("avifenc", ["-s", "8", "-j", "all", source, avif])
print("HEIF:")
row("HEIC (heif-enc -q 90), libheif", try best { _ in _ = try ImageDecoder.decode(contentsOf: heic) })
let libheif = try best { _ in _ = try ImageDecoder.decode(contentsOf: avif) }
row("AVIF (avifenc -s 8), libheif", libheif)
let ffmpeg = try best { _ in
    try TestPrograms.run("ffmpeg", ["-nostdin", "-v", "error", "-i", avif, "-pix_fmt", "rgba", "-f", "null", "-"])
}
row("AVIF, the ffmpeg program to RGBA", ffmpeg)
