/// A size in whole pixels.
public struct PixelSize: Sendable, Equatable, CustomStringConvertible {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// A size of `width` × `height` pixels (not checked: code that takes a size checks it).
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)x\(height)" }

    /// The two whole numbers of `WxH` (`1920x1080`, `8X4`, `640×360` as a document writes it):
    /// ASCII digits only, no sign or spaces; nil for anything else. Sizes and boards of tiles are
    /// written so.
    public static func numbers(in text: String) -> (Int, Int)? {
        let parts = text.lowercased().split(omittingEmptySubsequences: false) { $0 == "x" || $0 == "×" }
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let first = Int(parts[0]), let second = Int(parts[1]) else { return nil }
        return (first, second)
    }
}
