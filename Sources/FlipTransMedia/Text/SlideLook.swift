import FlipTransCore

/// A slide that is text instead of a photo: a title, an optional subtitle under it, in a colour
/// on a background, centred on the frame.
public struct TitleCard: Sendable, Equatable {
    public var title: String
    public var subtitle: String?
    public var colour: Color
    public var background: Color
    /// The title's letters in pixels per em; nil for a tenth of the frame's height. The subtitle's
    /// are half as large.
    public var pixels: Int?

    public init(title: String, subtitle: String? = nil, colour: Color = .white, background: Color = .black, pixels: Int? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.colour = colour
        self.background = background
        self.pixels = pixels
    }

    /// The card as a frame of `size`.
    func render(_ size: PixelSize, fonts: TextFonts) throws -> Image {
        var image = Image(width: size.width, height: size.height, filledWith: background)
        let titlePixels = pixels ?? max(8, size.height / 10)
        let title = TextMask(lines: title.components(separatedBy: "\n"), pixels: titlePixels, fonts: try fonts.bold())
        let subtitle = try self.subtitle.map { TextMask(lines: $0.components(separatedBy: "\n"), pixels: max(6, titlePixels / 2), fonts: try fonts.regular()) }
        // The title a little above the middle, the subtitle right under it: the pair centred.
        let total = title.height + (subtitle?.height ?? 0)
        let top = (size.height - total) / 2
        title.paint(colour, onto: &image, x: (size.width - title.width) / 2, y: top)
        subtitle?.paint(colour, opacity: 0.85, onto: &image, x: (size.width - (subtitle?.width ?? 0)) / 2, y: top + title.height)
        return image
    }
}

/// Text over the lower third of a photo, centred, with a soft shadow so it reads on any picture.
public struct Caption: Sendable, Equatable {
    public var text: String
    public var colour: Color

    public init(text: String, colour: Color = .white) {
        self.text = text
        self.colour = colour
    }

    /// Draws the caption onto `image` (a whole frame).
    func draw(onto image: inout Image, fonts: TextFonts) throws {
        let pixels = max(8, image.height / 18)
        let mask = TextMask(lines: text.components(separatedBy: "\n"), pixels: pixels, fonts: try fonts.regular())
        let x = (image.width - mask.width) / 2
        // Its bottom a twelfth of the frame above the frame's bottom.
        let y = image.height - image.height / 12 - mask.height
        let radius = max(2, pixels / 6)
        let offset = max(1, pixels / 16)
        mask.blurred(radius: radius).paint(.black, opacity: 0.75, onto: &image, x: x - radius + offset, y: y - radius + offset)
        mask.paint(colour, onto: &image, x: x, y: y)
    }
}

/// How one slide looks beyond its image: its own fit and background, a title card instead of an
/// image, a caption over it.
public struct SlideLook: Sendable, Equatable {
    public var fit: FitMode?
    public var background: Color?
    public var title: TitleCard?
    public var caption: Caption?

    public init(fit: FitMode? = nil, background: Color? = nil, title: TitleCard? = nil, caption: Caption? = nil) {
        self.fit = fit
        self.background = background
        self.title = title
        self.caption = caption
    }
}
