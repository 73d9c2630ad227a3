/// Cuts a frame in two halves on whole pixels (DESIGN.md §4): for an odd size the first (top or
/// left) half gets the extra pixel, so neither half is ever resampled.
public enum Split {
    /// `.vertical`: top and bottom halves; `.horizontal`: left and right halves. `first` is the
    /// top or left one.
    public static func halves(of size: PixelSize, orientation: Orientation) -> (first: PixelRect, second: PixelRect) {
        switch orientation {
        case .vertical:
            let upper = (size.height + 1) / 2
            return (PixelRect(x: 0, y: 0, width: size.width, height: upper),
                    PixelRect(x: 0, y: upper, width: size.width, height: size.height - upper))
        case .horizontal:
            let left = (size.width + 1) / 2
            return (PixelRect(x: 0, y: 0, width: left, height: size.height),
                    PixelRect(x: left, y: 0, width: size.width - left, height: size.height))
        }
    }
}
