/// A rectangle in whole pixels.
public struct PixelRect: Sendable, Equatable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var size: PixelSize { PixelSize(width: width, height: height) }

    /// The same rectangle moved by (dx, dy).
    public func offset(by dx: Int, _ dy: Int) -> PixelRect {
        PixelRect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// The part of this rectangle inside `other`; of zero width or height if there is none.
    public func intersection(_ other: PixelRect) -> PixelRect {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(x + width, other.x + other.width), bottom = min(y + height, other.y + other.height)
        return PixelRect(x: left, y: top, width: max(right - left, 0), height: max(bottom - top, 0))
    }

    /// A rectangle of `size` centred in this one (extra pixel of an odd remainder to the right/bottom).
    func centred(_ size: PixelSize) -> PixelRect {
        PixelRect(x: x + (width - size.width) / 2, y: y + (height - size.height) / 2,
                  width: size.width, height: size.height)
    }
}
