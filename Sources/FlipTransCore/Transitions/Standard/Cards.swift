/// The card stack (docs/transitions/cards.md): the images are photo cards in a deck, the current
/// one in front and those after it behind, each place back smaller, higher and darker. The front
/// card flips down about its bottom edge toward the viewer and falls out of the frame, showing its
/// plain back once it is past edge-on, while every card behind moves up one place. Held slides
/// show the deck too.
public struct Cards: Transition {
    public static let name = "cards"
    /// down: the front card flips over its bottom edge; up: over its top edge.
    public static let directions: [Direction] = [.down, .up]

    /// The way the front card flips over: `down` (over its bottom edge) or `up` (over its top
    /// edge).
    public let direction: Direction
    /// Eye distance in pixels; nil for `eyeDistanceFactor` × the card height.
    public let eyeDistance: Double?
    /// Multiplies the darkening of the cards behind; 0 turns it off.
    public let shadow: Double

    /// Eye distance as a multiple of the card height, so the look is the same at every frame size
    /// (the iOS card stack this look comes from sets m34 = −1/1000 on phone-sized cards).
    static let eyeDistanceFactor = 5.0
    /// The card's colour: its border and its back, a warm photo-paper white.
    public static let cardColour = Color(red: 246, green: 244, blue: 238)
    /// The card stock every border and back is cut from: a few texels of the card's colour,
    /// stretched over the card (a uniform texture samples to its own colour everywhere), so no
    /// card-sized image is made per frame or per size.
    static let cardStock = Image(width: 4, height: 4, filledWith: cardColour)
    /// A card hidden below a given row by the card in front is drawn only down to this many
    /// pixels past that row, so the cut edge and the texels its filtering reaches stay hidden.
    static let hiddenOverlap = 8.0

    /// The cards moving `direction`, seen from `perspective` pixels (nil: 5 × the card height), the
    /// cards behind darkened `shadow` times the default. Throws a `ParameterError` for `left` or
    /// `right`, a perspective not above 0, or a shadow outside 0 … 4.
    public init(direction: Direction = .down, perspective: Double? = nil, shadow: Double = 1) throws {
        self.direction = try SharedParameters.check(direction, for: Cards.self)
        eyeDistance = try perspective.map(SharedParameters.perspective.check)
        self.shadow = try SharedParameters.shadow.check(shadow)
    }

    /// Reads the direction (default `down`), perspective and shadow; the cards have no parameters
    /// of their own.
    public init(settings: TransitionSettings) throws {
        try self.init(direction: settings.direction ?? .down, perspective: settings.perspective, shadow: settings.shadow)
    }

    /// The deck's places, and the image that moves into the last place as the deck moves up.
    public var imageCount: Int { CardDeck.places + 1 }
    /// True: the deck stays on screen while a slide is held.
    public var drawsHolds: Bool { true }
    /// `ease-in-out`.
    public var defaultTiming: any Timing { TimingCurve.easeInOut }

    /// A finger drags it the way it turns.
    public var dragDirection: Direction { direction }

    /// At e = 0 the deck at rest: images[0] in front, the next ones in places 1 … 8 (a tenth image
    /// waits hidden, not drawn). At e = 1 the same deck one place on: images[0] is gone, and the
    /// tenth image, if given, is in the last place. So a transition ends exactly on the next
    /// slide's hold, however many images that one has.
    public func scene(of images: [Image], progress: Double, background: Color) -> Scene {
        // A timing curve may overshoot [0, 1]; the deck moves only from one place to the next.
        let e = min(max(progress, 0), 1)
        let deck = CardDeck(frame: images[0].size, shadow: shadow)
        let perspective = Perspective(eyeDistance: eyeDistance(over: deck), vanishingPoint: hinge(of: deck))

        // The cards lying flat, from the back of the deck to the front.
        var flat: [(image: Image, placement: CardDeck.Placement)] = []
        if e > 0, images.count > CardDeck.places {
            // It waits in the last place, behind the card there, and shows as that card moves up.
            flat.append((images[CardDeck.places], deck.placement(CardDeck.places - 1)))
        }
        for place in stride(from: min(images.count, CardDeck.places) - 1, through: 1, by: -1) {
            flat.append((images[place], .between(deck.placement(place), deck.placement(place - 1), e)))
        }
        if e == 0 { flat.append((images[0], deck.placement(0))) }

        var panels: [Panel] = []
        for (index, card) in flat.enumerated() {
            let inFront = index + 1 < flat.count ? flat[index + 1].placement.top : nil
            panels += flatCard(card.image, at: card.placement, hiddenBelow: inFront, deck: deck, perspective: perspective)
        }
        if e > 0, e < 1 { panels += turningCard(images[0], progress: e, deck: deck) }
        return Scene(size: images[0].size, background: background, panels: panels)
    }

    /// A card lying flat. When the card in front, which is as wide or wider and reaches as low or
    /// lower, has its top edge at row `hiddenBelow`, only the part above it (and `hiddenOverlap`
    /// more) is drawn: the rest could not be seen.
    private func flatCard(_ image: Image, at placement: CardDeck.Placement, hiddenBelow: Double?, deck: CardDeck,
                          perspective: Perspective) -> [Panel] {
        let drawnHeight = hiddenBelow.map { min(deck.cardHeight, ($0 + Cards.hiddenOverlap - placement.top) / placement.scale) }
        return face(of: image, down: drawnHeight ?? deck.cardHeight, deck: deck, toFrame: deck.transform(at: placement),
                    perspective: perspective, shading: Shading(opacity: placement.shade))
    }

    /// A card's face: its stock, then its picture, down to `drawnHeight` of the card's own pixels
    /// from its top edge; `toFrame` places the card.
    private func face(of image: Image, down drawnHeight: Double, deck: CardDeck, toFrame: Transform3D,
                      perspective: Perspective, shading: Shading = .none) -> [Panel] {
        let stock = Panel(image: Cards.cardStock, transform: stretchedStock(width: deck.cardWidth, height: drawnHeight).then(toFrame),
                          perspective: perspective, shading: shading)
        let pictureRows = min(image.height, Int((max(0, drawnHeight - deck.pictureOffset.y) / deck.pictureScale).rounded(.up)))
        guard pictureRows > 0 else { return [stock] }
        let picture = Panel(image: image, region: PixelRect(x: 0, y: 0, width: image.width, height: pictureRows),
                            transform: deck.pictureTransform.then(toFrame), perspective: perspective, shading: shading)
        return [stock, picture]
    }

    /// The front card turning: rotateX about its bottom edge to −180° (down; about its top edge to
    /// +180° for up), the edge opposite the hinge coming toward the viewer. Past edge-on it also
    /// falls, the hinge accelerating from rest to the frame's edge, so it has left the frame by e = 1.
    /// Cards are single-sided: the face is drawn until edge-on, and a plain back, mirrored so that
    /// it faces the other way, from then on.
    private func turningCard(_ image: Image, progress e: Double, deck: CardDeck) -> [Panel] {
        let hinge = hinge(of: deck)
        let pastEdgeOn = max(0, 2 * e - 1)
        let fallen = (direction == .down ? Double(deck.frame.height) - hinge.y : -hinge.y) * pastEdgeOn * pastEdgeOn
        let turn = Transform3D.rotationX(degrees: direction == .down ? -180 * e : 180 * e)
            .about(Vector3(hinge.x, hinge.y, 0))
            .then(.translation(0, fallen))
        let perspective = Perspective(eyeDistance: eyeDistance(over: deck), vanishingPoint: Point(hinge.x, hinge.y + fallen))
        let toFrame = deck.transform(at: deck.placement(0)).then(turn)
        let mirrored = Transform3D.scale(-1, 1).then(.translation(deck.cardWidth, 0))
        let back = Panel(image: Cards.cardStock,
                         transform: stretchedStock(width: deck.cardWidth, height: deck.cardHeight).then(mirrored).then(toFrame),
                         perspective: perspective)
        return face(of: image, down: deck.cardHeight, deck: deck, toFrame: toFrame, perspective: perspective) + [back]
    }

    /// D: `--perspective`, or `eyeDistanceFactor` × the card height.
    private func eyeDistance(over deck: CardDeck) -> Double {
        eyeDistance ?? Cards.eyeDistanceFactor * deck.cardHeight
    }

    /// The middle of the edge the front card turns about: the vanishing point, so the card is
    /// exactly edge-on at 90°.
    private func hinge(of deck: CardDeck) -> Point {
        Point(Double(deck.frame.width) / 2, direction == .down ? deck.cardTop + deck.cardHeight : deck.cardTop)
    }

    /// Card stock → card: the stock stretched over `width` × `height` card pixels from the top-left corner.
    private func stretchedStock(width: Double, height: Double) -> Transform3D {
        .scale(width / Double(Cards.cardStock.width), height / Double(Cards.cardStock.height))
    }
}
