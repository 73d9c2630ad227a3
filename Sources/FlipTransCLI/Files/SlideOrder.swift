import ArgumentParser
import FlipTransCore
import FlipTransMedia
import Foundation

/// The order of a slideshow's images: as given (a folder's in natural name order), by name, by
/// the date each photo was taken, or shuffled by a seed.
enum SlideOrder: String, CaseIterable, CaseInsensitiveWord {
    case given, name, date, shuffle

    /// `items` in this order; `path` names each one's image. Items that `keepsPlace` stay where
    /// they are, the others are ordered around them.
    func arrange<Item>(_ items: [Item], path: (Item) -> String, seed: UInt64, keepsPlace: (Item) -> Bool = { _ in false }) -> [Item] {
        let movable = items.indices.filter { !keepsPlace(items[$0]) }
        var arranged = items
        for (place, item) in zip(movable, arrange(movable.map { items[$0] }, path: path, seed: seed)) { arranged[place] = item }
        return arranged
    }

    private func arrange<Item>(_ items: [Item], path: (Item) -> String, seed: UInt64) -> [Item] {
        let indexed = Array(items.enumerated())
        switch self {
        case .given:
            return items
        case .name:
            return indexed.sorted { Self.naturallyBefore(path($0.element), path($1.element), $0.offset, $1.offset) }.map(\.element)
        case .date:
            // Each photo's date read once; a photo without one goes last, by name.
            let dates = items.map { PhotoDate.taken(path($0)) ?? .distantFuture }
            return indexed.sorted { a, b in
                dates[a.offset] != dates[b.offset] ? dates[a.offset] < dates[b.offset]
                    : Self.naturallyBefore(path(a.element), path(b.element), a.offset, b.offset)
            }.map(\.element)
        case .shuffle:
            return SeededShuffle.shuffled(items, seed: seed)
        }
    }

    /// Natural order of the files' names (then their paths), ties kept in the order given.
    private static func naturallyBefore(_ a: String, _ b: String, _ indexA: Int, _ indexB: Int) -> Bool {
        for (x, y) in [(FilePaths.name(of: a), FilePaths.name(of: b)), (a, b)] {
            let comparison = SlideImages.naturalOrder(x, y)
            if comparison != .orderedSame { return comparison == .orderedAscending }
        }
        return indexA < indexB
    }
}
