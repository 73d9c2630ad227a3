/// A rectangle in whole pixels.
public struct PixelRect: Sendable, Equatable {
    /// Column of the left edge, in pixels from the left of the image or frame.
    public var x: Int
    /// Row of the top edge, in pixels from the top.
    public var y: Int
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// The rectangle of `width` × `height` pixels whose top-left pixel is at column `x`, row `y`.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Width and height, without the position.
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
