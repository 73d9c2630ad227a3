// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "fliptrans",
    products: [
        .library(name: "FlipTransCore", targets: ["FlipTransCore"]),
        .library(name: "FlipTransMedia", targets: ["FlipTransMedia"]),
        .executable(name: "fliptrans", targets: ["fliptrans"]),
        // The frei0r mixer2 plugin for MLT (Kdenlive, Shotcut) and GStreamer: one binary, installed
        // once per transition as fliptrans-<name>.so (Scripts/install-frei0r.sh, docs/frei0r.md).
        .library(name: "fliptrans-frei0r", type: .dynamic, targets: ["FlipTransFrei0r"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CFFmpeg",
            pkgConfig: "libavformat",
            // libavfilter for GIF palettes (palettegen, paletteuse) and contact sheets' labels.
            providers: [.apt(["libavcodec-dev", "libavformat-dev", "libavfilter-dev", "libswscale-dev", "libswresample-dev", "libavutil-dev", "pkg-config"])]
        ),
        // zlib, to measure what a PNG's compressed metadata inflates to before FFmpeg inflates it.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // libwebp's demuxer and animation decoder, for the first frame of an animated WebP, and its
        // animation encoder, for animated WebP output.
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpdemux", providers: [.apt(["libwebp-dev"])]),
        // HEIC and AVIF, which FFmpeg 5.1 cannot open (HEIC) or opens without alpha and rotation (AVIF).
        .systemLibrary(name: "CHeif", pkgConfig: "libheif", providers: [.apt(["libheif-dev"])]),
        // LittleCMS 2: embedded colour profiles converted to sRGB.
        .systemLibrary(name: "CLCMS", pkgConfig: "lcms2", providers: [.apt(["liblcms2-dev"])]),
        // Titles and captions: fontconfig finds fonts, HarfBuzz shapes text, FreeType draws glyphs.
        .systemLibrary(name: "CText", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev", "libfribidi-dev", "libfreetype-dev", "libfontconfig-dev"])]),
        // frei0r.h, the plugin ABI's types (a header only: nothing to link).
        .systemLibrary(name: "CFrei0r", providers: [.apt(["frei0r-plugins-dev"])]),
        // GNU extensions of the C library: the CPUs a process may use (FlipTransCore, which
        // imports no Foundation), a thread's lower priority (rendering ahead yields to the encoder),
        // the path of the plugin's own file (which names its transition), new allocations filled
        // with zeros (a batch worker's H.264 bytes those of a fresh process: FlipTransMedia), freed
        // memory handed back (an idle plugin: FlipTransMixer), a file's immutable or append-only
        // mark (outputs), and glob(3) bounded and in UTF-8 (slides: FlipTransCLI).
        .target(name: "CGlibcExtras"),
        .target(name: "FlipTransCore", dependencies: ["CGlibcExtras"]),
        // A transition as a frei0r mixer, in Swift terms: parameters mapped from the transitions'
        // declarations, instances, straight-alpha frames. Never imports FFmpeg.
        .target(name: "FlipTransMixer", dependencies: ["CGlibcExtras", "FlipTransCore"]),
        // The frei0r C ABI over FlipTransMixer. The Swift runtime is linked in statically, so the
        // .so needs only the C and C++ runtimes; only the f0r_* functions are exported (nothing of
        // the runtime can clash with a host's own Swift); and the library is never unloaded, as
        // the runtime's threads and thread-local destructors outlive a host's dlclose.
        .target(
            name: "FlipTransFrei0r",
            dependencies: ["FlipTransMixer", "CFrei0r", "CGlibcExtras"],
            exclude: ["exports.map"],
            linkerSettings: [.unsafeFlags([
                "-static-stdlib",
                "-Xlinker", "--version-script=\(Context.packageDirectory)/Sources/FlipTransFrei0r/exports.map",
                "-Xlinker", "-z", "-Xlinker", "nodelete",
            ])]
        ),
        .target(name: "FlipTransMedia", dependencies: ["CFFmpeg", "CZlib", "CWebP", "CHeif", "CLCMS", "CText", "CGlibcExtras", "FlipTransCore"]),
        // The command line as a library: the executable is a one-line main.swift, and the fuzzer
        // feeds its spec and job parsers in-process.
        .target(
            name: "FlipTransCLI",
            dependencies: [
                "CGlibcExtras", "FlipTransCore", "FlipTransMedia",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .executableTarget(name: "fliptrans", dependencies: ["FlipTransCLI"]),
        // What a fuzz case is fed to, shared by the mutation fuzzer and the coverage-guided one.
        .target(name: "FlipTransFuzzTargets", dependencies: ["FlipTransMedia", "FlipTransCLI"]),
        .executableTarget(
            name: "fliptrans-fuzz",
            dependencies: ["FlipTransCore", "FlipTransCLI", "FlipTransFuzzTargets", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // libFuzzer's entry point; Scripts/fuzz.sh --libfuzzer builds it with -sanitize=fuzzer.
        .executableTarget(name: "fliptrans-libfuzzer", dependencies: ["FlipTransFuzzTargets"]),
        // The README's library example, compiled (and run by ExampleTests) so it cannot rot.
        .executableTarget(name: "render-a-clip", dependencies: ["FlipTransCore", "FlipTransMedia"], path: "Examples/RenderAClip"),
        // Scripts/bench-colour.sh: what colour management and HEIF decoding cost on a 12-megapixel photo.
        .executableTarget(name: "colour-bench", dependencies: ["CLCMS", "FlipTransMedia", "FlipTransCore", "ImageFixtures"],
                         path: "Scripts/ColourBench"),
        // Writes data/kdenlive/transitions, the Kdenlive descriptors of the frei0r plugin's transitions.
        .executableTarget(name: "frei0r-kdenlive-descriptors", dependencies: ["FlipTransMixer"], path: "Scripts/KdenliveDescriptors"),
        // Scripts/bench.sh: the renderer alone (render, convert to 4:2:0, write Y4M), and what callgrind counts.
        .executableTarget(name: "render-bench", dependencies: ["FlipTransCore"], path: "Scripts/RenderBench"),
        // Counts the heap allocations of a frei0r plugin's frames (FlipTransFrei0rTests'
        // AllocationTests): a host program whose malloc and siblings count every call. Exported
        // from the executable (--export-dynamic) so that a dlopen'ed plugin's calls bind to them.
        .target(name: "AllocationCounter", path: "Tests/AllocationCounter"),
        .executableTarget(name: "frei0r-allocations", dependencies: ["AllocationCounter", "CFrei0r"], path: "Tests/Frei0rAllocations",
                          linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"])]),
        // Loaded with every test bundle: SIGPIPE caught, so a broken pipe fails one test, not the run.
        .target(name: "TestProcessSetup", path: "Tests/TestProcessSetup"),
        .testTarget(name: "FlipTransCoreTests", dependencies: ["FlipTransCore", "TestProcessSetup"]),
        // The plugin loaded as hosts load it (dlopen, melt, gst-launch-1.0); depends on the
        // executables for `fliptrans still` and for counting allocations (frei0r-allocations).
        .testTarget(name: "FlipTransFrei0rTests", dependencies: ["FlipTransMixer", "FlipTransCore", "CFrei0r", "fliptrans", "frei0r-allocations"]),
        // Test images both test targets make: colour-tagged files with the colours LittleCMS expects
        // for them, and HEIC with rotation and mirroring.
        .target(name: "ImageFixtures", dependencies: ["CHeif", "CLCMS", "FlipTransCore"], path: "Tests/ImageFixtures"),
        .testTarget(name: "FlipTransMediaTests", dependencies: ["FlipTransMedia", "FlipTransCore", "CFFmpeg", "CZlib", "CText", "ImageFixtures"],
                    exclude: ["Decoding/Corpus", "Render/ReferenceImages"]),
        // Runs the real executables (hence the dependencies on them) and calls FlipTransCLI's parsers directly.
        .testTarget(name: "FlipTransCLITests", dependencies: ["fliptrans", "render-a-clip", "FlipTransCLI", "FlipTransMedia", "FlipTransCore", "ImageFixtures", "CWebP"],
                    exclude: ["Corpus"]),
    ]
)
