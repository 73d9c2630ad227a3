import FlipTransCore

/// A slide that is text instead of a photo: a title, an optional subtitle under it, in a colour
/// on a background, centred on the frame.
public struct TitleCard: Sendable, Equatable {
    /// The title, in bold; a line break in it starts another centred line.
    public var title: String
    /// A smaller line (or lines) under the title, in the regular face; nil for none.
    public var subtitle: String?
    /// The letters' colour.
    public var colour: Color
    /// The colour of the whole slide behind the text.
    public var background: Color
    /// The title's letters in pixels per em; nil for a tenth of the frame's height. The subtitle's
    /// are half as large.
    public var pixels: Int?

    /// A card of `title` (and `subtitle`) in `colour` on `background`, the title `pixels` per em
    /// (nil: a tenth of the frame's height). The size is not checked here; the command line takes
    /// 8 … 1000.
    public init(title: String, subtitle: String? = nil, colour: Color = .white, background: Color = .black, pixels: Int? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.colour = colour
        self.background = background
        self.pixels = pixels
    }

    /// The slide named by its title's first words: "title slide 'Summer 2026'".
    var slideName: String {
        let line = TextLayout.paragraphs(of: title).first { !$0.allSatisfy(\.isWhitespace) } ?? ""
        return "title slide '\(line.count > 40 ? line.prefix(40) + "…" : line)'"
    }

    /// The card as a frame of `size`. Lines wider than the frame wrap, and text taller than it is
    /// made smaller (the subtitle staying half the title's size), down to 8 pixels per em for the
    /// title; what still does not fit is left out, and `whole` is then false.
    func render(_ size: PixelSize, fonts: TextFonts) throws -> (image: Image, whole: Bool) {
        var image = Image(width: size.width, height: size.height, filledWith: background)
        let (bold, regular) = (try fonts.bold(), try subtitle.map { _ in try fonts.regular() })
        let width = size.width * 9 / 10
        let (title, subtitle) = (self.title, self.subtitle)
        var layouts: [TextLayout] = TextLayout.largest(from: pixels ?? max(8, size.height / 10), smallest: 8, fitting: size.height) { em in
            [TextLayout(title, pixels: em, fonts: bold, width: width, height: size.height)]
                + (subtitle.map { [TextLayout($0, pixels: max(6, em / 2), fonts: regular!, width: width, height: size.height)] } ?? [])
        }
        // The title first; the subtitle gets what room it leaves, perhaps none.
        let titleWhole = layouts[0].keep(height: size.height)
        let subtitleWhole = layouts.count == 1 || layouts[1].keep(height: size.height - layouts[0].size.height, atLeastOne: false)
        if layouts.count > 1, layouts[1].lines.isEmpty { layouts.removeLast() }
        let whole = titleWhole && subtitleWhole
        let titleMask = TextMask(layouts[0], fonts: bold)
        let subtitleMask = layouts.count > 1 ? TextMask(layouts[1], fonts: regular!) : nil
        // The title a little above the middle, the subtitle right under it: the pair centred.
        let total = titleMask.height + (subtitleMask?.height ?? 0)
        let top = (size.height - total) / 2
        titleMask.paint(colour, onto: &image, x: (size.width - titleMask.width) / 2, y: top)
        subtitleMask?.paint(colour, opacity: 0.85, onto: &image, x: (size.width - (subtitleMask?.width ?? 0)) / 2, y: top + titleMask.height)
        return (image, whole)
    }
}

/// Text over the lower third of the frame (over the photo, or over the bars of one that leaves
/// them), centred, with a soft shadow so it reads on any picture.
public struct Caption: Sendable, Equatable {
    /// The caption; a line break in it starts another centred line.
    public var text: String
    /// The letters' colour; the shadow is black.
    public var colour: Color

    /// A caption of `text` in `colour`, its letters an eighteenth of the frame's height per em.
    public init(text: String, colour: Color = .white) {
        self.text = text
        self.colour = colour
    }

    /// Draws the caption onto `image` (a whole frame). Lines wider than the frame wrap, and a
    /// caption taller than the frame's lower half is made smaller, down to 8 pixels per em; what
    /// still does not fit is left out, and the result is then false.
    func draw(onto image: inout Image, fonts: TextFonts) throws -> Bool {
        let regular = try fonts.regular()
        let room = image.height / 2
        var layout = TextLayout.largest(from: max(8, image.height / 18), smallest: 8, fitting: room) { pixels in
            [TextLayout(text, pixels: pixels, fonts: regular, width: image.width * 9 / 10, height: room)]
        }[0]
        let whole = layout.keep(height: room)
        let mask = TextMask(layout, fonts: regular)
        let x = (image.width - mask.width) / 2
        // Its bottom a twelfth of the frame above the frame's bottom.
        let y = image.height - image.height / 12 - mask.height
        let radius = max(2, layout.pixels / 6)
        let offset = max(1, layout.pixels / 16)
        mask.blurred(radius: radius).paint(.black, opacity: 0.75, onto: &image, x: x - radius + offset, y: y - radius + offset)
        mask.paint(colour, onto: &image, x: x, y: y)
        return whole
    }
}

/// How one slide looks beyond its image: its own fit and background, a title card instead of an
/// image, a caption over it.
public struct SlideLook: Sendable, Equatable {
    /// How the slide's image fits the frame; nil for the job's (`FramePolicy.fit`).
    public var fit: FitMode?
    /// What shows behind the slide's image where it leaves the frame uncovered; nil for the job's
    /// (`FramePolicy.background`). A title card has its own. It does not change what shows behind a
    /// transition's panels.
    public var background: Color?
    /// A title card shown instead of the slide's image, whose file is then not read; nil for none.
    public var title: TitleCard?
    /// Text over the lower third of the slide; nil for none.
    public var caption: Caption?

    /// A look that changes only what is given.
    public init(fit: FitMode? = nil, background: Color? = nil, title: TitleCard? = nil, caption: Caption? = nil) {
        self.fit = fit
        self.background = background
        self.title = title
        self.caption = caption
    }

    /// The slide's caption, named by its title or by `image`, the slide's file.
    func captionName(image: String) -> String { "\(title?.slideName ?? image)'s caption" }
}
