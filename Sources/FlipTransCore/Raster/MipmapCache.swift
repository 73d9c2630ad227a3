import Synchronization

/// The mipmaps of the panels a renderer drew last, so a transition builds each image's mipmap
/// once, not once per frame. Shared by copies of a renderer and safe to use from several threads.
final class MipmapCache: Sendable {
    /// A mipmap and the image it was built from. Holding the image keeps its pixel storage alive
    /// and, being a second reference, unchangeable (copy-on-write), so the storage's address
    /// identifies these pixels for as long as the entry exists.
    private struct Entry {
        let image: Image
        let mipmap: Mipmap
    }

    /// An image's storage and a region of it: a board of tiles draws thousands of regions, so
    /// they are looked up, not searched for.
    private struct Key: Hashable {
        let storage: PixelStorageIdentity
        let x: Int, y: Int, width: Int, height: Int

        init(_ panel: Panel) {
            storage = panel.image.pixelStorage
            (x, y, width, height) = (panel.region.x, panel.region.y, panel.region.width, panel.region.height)
        }
    }

    private let entries = Mutex<[Key: Entry]>([:])

    /// The mipmap of each panel's region, building those not cached, or nil for a panel that is
    /// copied, never resampled; entries no panel needs any more are dropped.
    func mipmaps(for panels: [PreparedPanel]) -> [Mipmap?] {
        entries.withLock { entries in
            var kept: [Key: Entry] = [:]
            let found = panels.map { prepared -> Mipmap? in
                guard prepared.copyOffset == nil else { return nil }
                let panel = prepared.panel
                let key = Key(panel)
                let entry = kept[key] ?? entries[key]
                    ?? Entry(image: panel.image, mipmap: Mipmap(image: panel.image, region: panel.region))
                kept[key] = entry
                return entry.mipmap
            }
            entries = kept
            return found
        }
    }
}
