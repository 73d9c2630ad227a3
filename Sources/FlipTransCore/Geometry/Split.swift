/// Cutting a frame into two halves on whole pixels, as the transitions that turn or fold half an
/// image do (docs/rendering.md, "Splitting into halves"). Fractional halves would leave a
/// flickering seam.
public enum Split {
    /// The two halves of a frame of `size`: top and bottom for `.vertical`, left and right for
    /// `.horizontal`. For an odd size the first (top or left) half gets the extra pixel.
    public static func halves(of size: PixelSize, orientation: Orientation) -> (first: PixelRect, second: PixelRect) {
        switch orientation {
        case .vertical:
            let firstHeight = (size.height + 1) / 2
            return (PixelRect(x: 0, y: 0, width: size.width, height: firstHeight),
                    PixelRect(x: 0, y: firstHeight, width: size.width, height: size.height - firstHeight))
        case .horizontal:
            let firstWidth = (size.width + 1) / 2
            return (PixelRect(x: 0, y: 0, width: firstWidth, height: size.height),
                    PixelRect(x: firstWidth, y: 0, width: size.width - firstWidth, height: size.height))
        }
    }
}
