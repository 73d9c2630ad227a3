/// What decoding each image found, for `RenderJob.verify` across many jobs: a batch's jobs often
/// share images (a logo, a background), and each is decoded once for all of them. The same file
/// read with another pixel limit or damage policy is decoded again.
public final class VerifiedImages {
    private struct Reading: Hashable {
        let path: String
        let pixelLimit: Int
        let acceptsDamage: Bool
    }

    /// The warnings each reading gave, or its error.
    private var found: [Reading: Result<[String], Error>] = [:]

    public init() {}

    /// Decodes `path` as a render would, the first time it is read this way; `warning` hears its
    /// warnings each time, and its error is thrown each time.
    func verify(_ path: String, pixelLimit: PixelLimit, damagedImages: DamagedImagePolicy, warning: (String) -> Void) throws {
        let reading = Reading(path: path, pixelLimit: pixelLimit.maxPixels, acceptsDamage: damagedImages == .accept)
        let result = found[reading] ?? Result {
            var warnings: [String] = []
            _ = try ImageDecoder.decode(contentsOf: path, pixelLimit: pixelLimit, damagedImages: damagedImages) { warnings.append($0) }
            return warnings
        }
        found[reading] = result
        try result.get().forEach(warning)
    }
}
