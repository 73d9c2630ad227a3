import Synchronization

/// The mipmaps of the panels a renderer drew last, so a transition builds each image's mipmap
/// once, not once per frame. Shared by copies of a renderer and safe to use from several threads.
final class MipmapCache: Sendable {
    /// A mipmap and the image it was built from. Holding the image keeps its pixel storage alive
    /// and, being a second reference, unchangeable (copy-on-write), so the storage's address
    /// identifies these pixels for as long as the entry exists.
    private struct Entry {
        let image: Image
        let region: PixelRect
        let mipmap: Mipmap
    }

    private let entries = Mutex<[Entry]>([])

    /// The mipmap of each panel's region, building those not cached, or nil for a panel that is
    /// copied, never resampled; entries no panel needs any more are dropped.
    func mipmaps(for panels: [PreparedPanel]) -> [Mipmap?] {
        entries.withLock { entries in
            let found = panels.map { prepared -> Entry? in
                guard prepared.copyOffset == nil else { return nil }
                let panel = prepared.panel
                return entries.first { $0.image.sharesPixelStorage(with: panel.image) && $0.region == panel.region }
                    ?? Entry(image: panel.image, region: panel.region, mipmap: Mipmap(image: panel.image, region: panel.region))
            }
            entries = found.compactMap { $0 }
            return found.map { $0?.mipmap }
        }
    }
}
