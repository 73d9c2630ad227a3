/// What decoding each image found, for `RenderJob.verify` across many jobs: a batch's jobs often
/// share images (a logo, a background), and each is decoded once for all of them. The same file
/// read with another pixel limit or damage policy is decoded again.
public final class VerifiedImages {
    private struct Reading: Hashable {
        /// The path's bytes: a composed and a decomposed "é" are two files.
        let path: [UInt8]
        let pixelLimit: Int
        let acceptsDamage: Bool
    }

    /// The warnings each reading gave, and its error if it failed.
    private var found: [Reading: (warnings: [String], error: Error?)] = [:]

    public init() {}

    /// Decodes `path` as a render would, the first time it is read this way; `warning` hears its
    /// warnings each time, and its error is thrown each time.
    func verify(_ path: String, pixelLimit: PixelLimit, damagedImages: DamagedImagePolicy, warning: (String) -> Void) throws {
        let reading = Reading(path: Array(path.utf8), pixelLimit: pixelLimit.maxPixels, acceptsDamage: damagedImages == .accept)
        let result = found[reading] ?? {
            var warnings: [String] = []
            do {
                _ = try ImageDecoder.decode(contentsOf: path, pixelLimit: pixelLimit, damagedImages: damagedImages) { warnings.append($0) }
                return (warnings, nil)
            } catch {
                return (warnings, error)
            }
        }()
        found[reading] = result
        result.warnings.forEach(warning)
        if let error = result.error { throw error }
    }
}
