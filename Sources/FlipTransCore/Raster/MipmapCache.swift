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
    /// copied, never resampled; entries no panel needs any more are dropped. Throws
    /// `MemoryShortage` when a mipmap cannot be built.
    func mipmaps(for panels: [PreparedPanel]) throws(MemoryShortage) -> [Mipmap?] {
        try entries.withLock { entries throws(MemoryShortage) in
            var kept: [Key: Entry] = [:]
            var found: [Mipmap?] = []
            for prepared in panels {
                guard prepared.copyOffset == nil else {
                    found.append(nil)
                    continue
                }
                let panel = prepared.panel
                let key = Key(panel)
                let entry = if let cached = kept[key] ?? entries[key] { cached }
                    else { Entry(image: panel.image, mipmap: try Mipmap(image: panel.image, region: panel.region)) }
                kept[key] = entry
                found.append(entry.mipmap)
            }
            entries = kept
            return found
        }
    }
}
