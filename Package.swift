// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "fliptrans",
    products: [
        .library(name: "FlipTransCore", targets: ["FlipTransCore"]),
        .library(name: "FlipTransMedia", targets: ["FlipTransMedia"]),
        .executable(name: "fliptrans", targets: ["fliptrans"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CFFmpeg",
            pkgConfig: "libavformat",
            // libavfilter for GIF palettes (palettegen, paletteuse).
            providers: [.apt(["libavcodec-dev", "libavformat-dev", "libavfilter-dev", "libswscale-dev", "libavutil-dev", "pkg-config"])]
        ),
        // zlib, to measure what a PNG's compressed metadata inflates to before FFmpeg inflates it.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // libwebp's demuxer and animation decoder, for the first frame of an animated WebP.
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpdemux", providers: [.apt(["libwebp-dev"])]),
        // HEIC and AVIF, which FFmpeg 5.1 cannot open (HEIC) or opens without alpha and rotation (AVIF).
        .systemLibrary(name: "CHeif", pkgConfig: "libheif", providers: [.apt(["libheif-dev"])]),
        // LittleCMS 2: embedded colour profiles converted to sRGB.
        .systemLibrary(name: "CLCMS", pkgConfig: "lcms2", providers: [.apt(["liblcms2-dev"])]),
        .target(name: "FlipTransCore"),
        .target(name: "FlipTransMedia", dependencies: ["CFFmpeg", "CZlib", "CWebP", "CHeif", "CLCMS", "FlipTransCore"]),
        // The command line as a library: the executable is a one-line main.swift, and the fuzzer
        // feeds its spec and job parsers in-process.
        .target(
            name: "FlipTransCLI",
            dependencies: [
                "FlipTransCore", "FlipTransMedia",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .executableTarget(name: "fliptrans", dependencies: ["FlipTransCLI"]),
        // What a fuzz case is fed to, shared by the mutation fuzzer and the coverage-guided one.
        .target(name: "FlipTransFuzzTargets", dependencies: ["FlipTransMedia", "FlipTransCLI"]),
        .executableTarget(
            name: "fliptrans-fuzz",
            dependencies: ["FlipTransCore", "FlipTransFuzzTargets", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // libFuzzer's entry point; Scripts/fuzz.sh --libfuzzer builds it with -sanitize=fuzzer.
        .executableTarget(name: "fliptrans-libfuzzer", dependencies: ["FlipTransFuzzTargets"]),
        // The README's library example, compiled (and run by ExampleTests) so it cannot rot.
        .executableTarget(name: "render-a-clip", dependencies: ["FlipTransCore", "FlipTransMedia"], path: "Examples/RenderAClip"),
        // Scripts/bench-colour.sh: what colour management and HEIF decoding cost on a 12-megapixel photo.
        .executableTarget(name: "colour-bench", dependencies: ["CLCMS", "FlipTransMedia", "FlipTransCore", "ImageFixtures"],
                         path: "Scripts/ColourBench"),
        .testTarget(name: "FlipTransCoreTests", dependencies: ["FlipTransCore"]),
        // Test images both test targets make: colour-tagged files with the colours LittleCMS expects
        // for them, and HEIC with rotation and mirroring.
        .target(name: "ImageFixtures", dependencies: ["CHeif", "CLCMS", "FlipTransCore"], path: "Tests/ImageFixtures"),
        .testTarget(name: "FlipTransMediaTests", dependencies: ["FlipTransMedia", "FlipTransCore", "CFFmpeg", "CZlib", "ImageFixtures"],
                    exclude: ["Decoding/Corpus", "Render/ReferenceImages"]),
        // Runs the real executables (hence the dependencies on them) and calls FlipTransCLI's parsers directly.
        .testTarget(name: "FlipTransCLITests", dependencies: ["fliptrans", "render-a-clip", "FlipTransCLI", "FlipTransMedia", "FlipTransCore", "ImageFixtures", "CWebP"],
                    exclude: ["Corpus"]),
    ]
)
