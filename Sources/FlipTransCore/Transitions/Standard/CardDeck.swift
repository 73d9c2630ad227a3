/// Where the cards of the `cards` transition lie in a frame (docs/transitions/cards.md, "Layout").
///
/// The front card is the frame's shape, inset and bottom-centred; behind it, place by place, each
/// card is smaller, its top edge higher (so it shows above the cards in front) and its black
/// overlay darker. Each card shows its picture inside a thin light border. All lengths are frame
/// pixels.
struct CardDeck: Sendable {
    /// Places in a deck: the front card's (0) and eight behind it.
    static let places = 9
    /// The front card's width and height, as fractions of the frame's.
    static let cardFraction = 0.78
    /// The space below the front card, as a fraction of the frame height.
    static let bottomMargin = 0.03
    /// How far the last place's top edge lies above the front card's, as a fraction of the frame
    /// height; the space above it is what is left (3 %).
    static let deckRise = 0.16
    /// The scale of the first place behind the front card and of the last place; the places
    /// between step down evenly.
    static let firstScaleBehind = 0.95, lastScale = 0.5
    /// The black overlay added per place back, and the most any card gets (with a strong
    /// `--shadow`), so the deepest border still shows.
    static let shadePerPlace = 0.08, maximumShade = 0.8
    /// The border round a picture, as a fraction of the card's shorter side.
    static let borderFraction = 0.02

    /// One card's place: its size relative to the front card, its top edge, its overlay opacity.
    struct Placement: Equatable {
        var scale: Double
        var top: Double
        var shade: Double

        /// `e` of the way from `a` to `b`, written so that e = 0 gives exactly `a` and e = 1
        /// exactly `b`: a card that has moved a whole place is where that place's card was, to the bit.
        static func between(_ a: Placement, _ b: Placement, _ e: Double) -> Placement {
            func mix(_ x: Double, _ y: Double) -> Double { (1 - e) * x + e * y }
            return Placement(scale: mix(a.scale, b.scale), top: mix(a.top, b.top), shade: mix(a.shade, b.shade))
        }
    }

    let frame: PixelSize
    /// The front card: whole pixels, so its edges are crisp between turns.
    let cardLeft: Double, cardTop: Double, cardWidth: Double, cardHeight: Double
    /// Image → card: the picture's scale and its offset from the card's top-left corner, at
    /// scale 1. The picture keeps the image's shape and sits centred inside the border.
    let pictureScale: Double, pictureOffset: (x: Double, y: Double)
    /// How far above the front card's top edge each place's top edge lies.
    private let rises: [Double]
    private let shadow: Double

    init(frame: PixelSize, shadow: Double) {
        self.frame = frame
        self.shadow = shadow
        let (width, height) = (Double(frame.width), Double(frame.height))
        let sideMargin = ((1 - Self.cardFraction) / 2 * width).rounded()
        (cardLeft, cardWidth) = (sideMargin, width - 2 * sideMargin)
        cardHeight = (Self.cardFraction * height).rounded()
        cardTop = height - (Self.bottomMargin * height).rounded() - cardHeight

        let border = Self.borderFraction * min(cardWidth, cardHeight)
        pictureScale = min((cardWidth - 2 * border) / width, (cardHeight - 2 * border) / height)
        pictureOffset = ((cardWidth - pictureScale * width) / 2, (cardHeight - pictureScale * height) / 2)

        // Each step up is proportional to the scale of the place it leads to, so the steps shrink
        // with depth, and they add up to the deck's rise.
        let scalesBehind = (1..<Self.places).map(Self.scale(ofPlace:))
        let unit = Self.deckRise * height / scalesBehind.reduce(0, +)
        rises = scalesBehind.reduce(into: [0]) { $0.append($0.last! + unit * $1) }
    }

    /// 1 for the front card; 0.95 for the first place behind it, down by 0.45/7 a place to 0.5
    /// at the eighth.
    static func scale(ofPlace place: Int) -> Double {
        guard place > 0 else { return 1 }
        return firstScaleBehind - Double(place - 1) * (firstScaleBehind - lastScale) / Double(places - 2)
    }

    func placement(_ place: Int) -> Placement {
        Placement(scale: Self.scale(ofPlace: place), top: cardTop - rises[place],
                  shade: min(shadow * Self.shadePerPlace * Double(place), Self.maximumShade))
    }

    /// Card → frame: a card's own coordinates (the front card's pixels, origin at its top-left
    /// corner) placed at `placement`, horizontally centred.
    func transform(at placement: Placement) -> Transform3D {
        let width = placement.scale * cardWidth
        return Transform3D.scale(placement.scale, placement.scale)
            .then(.translation((Double(frame.width) - width) / 2, placement.top))
    }

    /// Image → card: where the picture lies on its card.
    var pictureTransform: Transform3D {
        Transform3D.scale(pictureScale, pictureScale).then(.translation(pictureOffset.x, pictureOffset.y))
    }
}
