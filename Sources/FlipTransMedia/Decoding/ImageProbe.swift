import FlipTransCore

/// A look at an input image before any work starts: that it exists and is readable, that its
/// header makes sense, that it is within the pixel limit, and the size it is shown at (after its
/// orientation). HEIF, PNG and JPEG — every phone photo — are probed from their headers without
/// decoding a pixel; other formats are decoded once, as they are rare and small.
public enum ImageProbe {
    /// The size `path` is shown at, or the error decoding it would meet.
    public static func shownSize(of path: String, pixelLimit: PixelLimit = .standard,
                                 damagedImages: DamagedImagePolicy = .refuse) throws -> PixelSize {
        try InputFileCheck.requireReadableFile(path)
        if HEIFDetection.isHEIF(path) { return try HEIFDecoder.shownSize(of: path, pixelLimit: pixelLimit) }
        let scan = try ImageFileScan(path: path)
        if let unsupported = scan.unsupportedError(path: path) { throw unsupported }
        if let damage = scan.damage, damagedImages == .refuse {
            // Cut short: its format tells whether accepting it would give a picture.
            throw DamagedImagePolicy.pointingToAcceptance(DamagedImagePolicy.refusal(path: path, detail: damage)) { false }
        }
        guard let coded = scan.codedSize, coded.width > 0, coded.height > 0 else {
            return try ImageDecoder.decode(contentsOf: path, pixelLimit: pixelLimit, damagedImages: damagedImages).size
        }
        try pixelLimit.check(coded, path: path)
        try FFmpegPictureCeiling.check(coded, path: path)
        let orientation = scan.orientation ?? .identity
        return orientation.a == 0 ? PixelSize(width: coded.height, height: coded.width) : coded
    }

    /// Whether `path` holds an animation (an APNG, an animated WebP or GIF), of which a slide
    /// shows one picture; false for a file that cannot be looked at.
    package static func isAnimation(_ path: String) -> Bool {
        (try? ImageFileScan(path: path))?.isAnimation ?? false
    }

    /// Probes every distinct path, and throws every problem found at once (`InputProblems`).
    /// Returns the sizes, in the order of `paths`.
    public static func shownSizes(of paths: [String], pixelLimit: PixelLimit = .standard,
                                  damagedImages: DamagedImagePolicy = .refuse) throws -> [PixelSize] {
        var sizes: [String: PixelSize] = [:]
        var problems: [Error] = []
        for path in paths where sizes[path] == nil && !problems.contains(where: { ($0 as? MediaError)?.path == path }) {
            do {
                sizes[path] = try shownSize(of: path, pixelLimit: pixelLimit, damagedImages: damagedImages)
            } catch {
                problems.append(error)
            }
        }
        try InputProblems.throwIfAny(problems)
        return paths.map { sizes[$0]! }
    }
}
