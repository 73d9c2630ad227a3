/// How an image of another size or aspect ratio is fitted into the frame.
public enum FitMode: String, Sendable, CaseIterable {
    /// Scale to fit inside the frame, keeping the aspect ratio; bars show the background.
    case contain
    /// Scale to cover the whole frame, keeping the aspect ratio; the overflow is cropped.
    case cover
    /// Scale each axis independently to the frame size.
    case stretch
    /// As `contain`, over a blurred copy of the image scaled to cover the frame instead of bars
    /// (the look people expect from phone photos in a landscape video).
    case blur

    /// Where a `source`-sized image goes in a `frame`-sized canvas: the part of the source that
    /// is kept (`crop`, in source pixels) and where it is drawn after scaling (`placement`, in
    /// frame pixels). Rectangles are whole pixels and centred; odd remainders go right/bottom.
    public func layout(source: PixelSize, frame: PixelSize) -> (crop: PixelRect, placement: PixelRect) {
        let whole = PixelRect(x: 0, y: 0, width: source.width, height: source.height)
        let full = PixelRect(x: 0, y: 0, width: frame.width, height: frame.height)
        // Compare aspect ratios exactly with integer cross products.
        let sourceIsWider = source.width * frame.height > frame.width * source.height
        switch self {
        case .stretch:
            return (whole, full)
        case .contain, .blur:
            let scaled = sourceIsWider
                ? PixelSize(width: frame.width, height: max(1, rounded(source.height * frame.width, source.width)))
                : PixelSize(width: max(1, rounded(source.width * frame.height, source.height)), height: frame.height)
            return (whole, full.centred(scaled))
        case .cover:
            let kept = sourceIsWider
                ? PixelSize(width: max(1, rounded(frame.width * source.height, frame.height)), height: source.height)
                : PixelSize(width: source.width, height: max(1, rounded(frame.height * source.width, frame.width)))
            return (whole.centred(kept), full)
        }
    }

    private func rounded(_ numerator: Int, _ denominator: Int) -> Int {
        (2 * numerator + denominator) / (2 * denominator)
    }
}
