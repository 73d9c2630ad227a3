import Testing
@testable import FlipTransCore

struct CardsTests {
    static let frame = PixelSize(width: 200, height: 100)

    /// The deck in a 200×100 frame, worked out by hand from docs/transitions/cards.md: the front
    /// card is 156×78 (side margins round(0.11 × 200) = 22, height round(0.78 × 100)) with its
    /// top edge at 100 − 3 − 78 = 19; place k behind has scale 0.95 − (k − 1)·0.45/7, and its top
    /// edge is higher by steps proportional to those scales that add up to 16 (0.16 × 100; the
    /// scales behind add up to 5.8, so step k = 16/5.8 × scale k). Cards are centred: left edge
    /// 100 − 78 × scale.
    static let scales = [1, 0.95, 6.2 / 7, 5.75 / 7, 5.3 / 7, 4.85 / 7, 4.4 / 7, 3.95 / 7, 0.5]
    static let tops = [19, 16.37931, 13.935961, 11.669951, 9.581281, 7.669951, 5.935961, 4.37931, 3.0]
    static let lefts = [22, 25.9, 30.914286, 35.928571, 40.942857, 45.957143, 50.971429, 55.985714, 61.0]
    static let widths = [156, 148.2, 138.171429, 128.142857, 118.114286, 108.085714, 98.057143, 88.028571, 78.0]
    /// The picture inside its 1.56-pixel border (2 % of the card's 78-pixel side): scaled by
    /// min(152.88/200, 74.88/100) = 0.7488 and centred, 3.12 from the card's left, 1.56 from its top.
    static let pictureScale = 0.7488, pictureOffset = (x: 3.12, y: 1.56)

    /// Distinct images of `size`, `count` of them.
    static func images(_ count: Int, size: PixelSize = frame) -> [Image] {
        (0..<count).map { TestImages.noise(size.width, size.height, seed: UInt32(31 + $0)) }
    }

    /// The flat card showing `image` in `scene`: the stock panel drawn just before its picture.
    static func card(of image: Image, in scene: Scene) -> (stock: Panel, picture: Panel)? {
        guard let index = scene.panels.firstIndex(where: { $0.image.sharesPixelStorage(with: image) }), index > 0 else { return nil }
        return (scene.panels[index - 1], scene.panels[index])
    }

    static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-5 }

    /// Given 1 to 9 images, the deck at rest holds each in its place: scale, position and shade
    /// as worked out by hand; given 10, the tenth is not drawn.
    @Test(arguments: 1...10)
    func deckPlacesEachCardByItsDepth(count: Int) throws {
        let images = Self.images(count)
        let scene = try Cards().scene(of: images, progress: 0, background: .black)
        let shown = min(count, 9)
        #expect(scene.panels.count == 2 * shown)
        for place in 0..<shown {
            let card = try #require(Self.card(of: images[place], in: scene), "place \(place)")
            let stockLeft = card.stock.transform.apply(Vector3(0, 0, 0))
            let stockRight = card.stock.transform.apply(Vector3(Double(Cards.cardStock.width), 0, 0))
            #expect(card.stock.image == Cards.cardStock)
            #expect(Self.close(stockLeft.x, Self.lefts[place]) && Self.close(stockLeft.y, Self.tops[place]), "place \(place): \(stockLeft)")
            #expect(Self.close(stockRight.x - stockLeft.x, Self.widths[place]) && Self.close(stockRight.y, Self.tops[place]))
            let scale = Self.scales[place]
            let pictureLeft = card.picture.transform.apply(Vector3(0, 0, 0))
            let pictureRight = card.picture.transform.apply(Vector3(200, 0, 0))
            #expect(Self.close(pictureLeft.x, Self.lefts[place] + scale * Self.pictureOffset.x))
            #expect(Self.close(pictureLeft.y, Self.tops[place] + scale * Self.pictureOffset.y))
            #expect(Self.close(pictureRight.x - pictureLeft.x, 200 * scale * Self.pictureScale))
            #expect(Self.close(card.stock.shading.opacity, 0.08 * Double(place)) && card.picture.shading == card.stock.shading)
        }
        if count == 10 { #expect(Self.card(of: images[9], in: scene) == nil) }
    }

    /// The layout itself, against the same hand-worked values, and the shading `--shadow` scales
    /// up to its maximum of 0.8.
    @Test func layoutByPlace() {
        let deck = CardDeck(frame: Self.frame, shadow: 1)
        #expect((deck.cardLeft, deck.cardTop, deck.cardWidth, deck.cardHeight) == (22, 19, 156, 78))
        #expect(Self.close(deck.pictureScale, Self.pictureScale))
        for place in 0..<CardDeck.places {
            let placement = deck.placement(place)
            #expect(Self.close(placement.scale, Self.scales[place]) && Self.close(placement.top, Self.tops[place]))
        }
        #expect((0..<9).map { CardDeck(frame: Self.frame, shadow: 0).placement($0).shade } == Array(repeating: 0, count: 9))
        let strong = (0..<9).map { CardDeck(frame: Self.frame, shadow: 2).placement($0).shade }
        #expect(zip(strong, [0, 0.16, 0.32, 0.48, 0.64, 0.8, 0.8, 0.8, 0.8]).allSatisfy { Self.close($0, $1) })
    }

    /// At e = 1 every card behind is exactly where the card one place in front was at e = 0 —
    /// the same panels to the bit — the front card is gone, and the tenth image has taken the
    /// last place; half-way, a card is half-way between its places.
    @Test func cardsBehindMoveExactlyOnePlace() throws {
        let images = Self.images(10)
        let cards = try Cards()
        let (start, end) = (cards.scene(of: images, progress: 0, background: .black),
                            cards.scene(of: images, progress: 1, background: .black))
        #expect(!end.panels.contains { $0.image.sharesPixelStorage(with: images[0]) })
        for index in 1..<10 {
            let before = try #require(Self.card(of: images[index - 1], in: start))
            let after = try #require(Self.card(of: images[index], in: end))
            for (a, b) in [(before.stock, after.stock), (before.picture, after.picture)] {
                #expect(a.transform == b.transform && a.region == b.region && a.shading == b.shading, "image \(index)")
            }
        }
        let middle = cards.scene(of: images, progress: 0.5, background: .black)
        for index in 1..<9 {
            let corner = try #require(Self.card(of: images[index], in: middle)).stock.transform.apply(Vector3(0, 0, 0))
            #expect(Self.close(corner.x, (Self.lefts[index] + Self.lefts[index - 1]) / 2))
            #expect(Self.close(corner.y, (Self.tops[index] + Self.tops[index - 1]) / 2))
        }
    }

    /// The end of a turn, rendered, is exactly the next slide's hold: with a tenth image, with a
    /// show that ends after the ninth, and with the shorter decks at the end of a show.
    @Test(arguments: Cards.directions)
    func aTurnEndsOnTheNextHold(direction: Direction) throws {
        let cards = try Cards(direction: direction)
        let images = Self.images(11, size: PixelSize(width: 96, height: 64))
        let renderer = Renderer()
        func frame(_ images: ArraySlice<Image>, _ e: Double) -> Image {
            renderer.render(cards.scene(of: Array(images), progress: e, background: .black))
        }
        // Compared first, so that a failure names the case, not every pixel.
        let end = frame(images[0..<10], 1)
        let withATenth = end == frame(images[1..<11], 0), endingAfterTheNinth = end == frame(images[1..<10], 0)
        #expect(withATenth && endingAfterTheNinth)
        for count in 3...9 {
            let equal = frame(images[0..<count], 1) == frame(images[1..<count], 0)
            #expect(equal, "\(count) images")
        }
    }

    /// Up to edge-on the front card shows its face (stock and picture); past it only its plain
    /// back, which is the card's colour where it covers the frame: below the deck as it falls
    /// (down), over the deck (up).
    @Test(arguments: Cards.directions)
    func theFrontCardShowsItsPlainBackPastEdgeOn(direction: Direction) throws {
        let images = Self.images(3)
        let cards = try Cards(direction: direction)
        let early = cards.scene(of: images, progress: 0.25, background: .black).panels.suffix(3).map(\.isFacingViewer)
        #expect(early == [true, true, false])
        let scene = cards.scene(of: images, progress: 0.75, background: .black)
        let turning = Array(scene.panels.suffix(3))
        #expect(turning.map(\.isFacingViewer) == [false, false, true])
        #expect(turning[1].image.sharesPixelStorage(with: images[0]) && turning[2].image == Cards.cardStock)
        // At e = 0.75 the hinge has fallen a quarter of the way to the frame's edge: to 97.75
        // (down) or 14.25 (up); the back lies beyond it.
        let rows = direction == .down ? [98, 99] : Array(0..<14)
        let frame = Renderer().render(scene)
        let colour = Cards.cardColour
        for y in rows {
            #expect(frame.pixel(x: 100, y: y) == (colour.red, colour.green, colour.blue, 255), "row \(y)")
        }
    }

    /// Holds in a slideshow show the deck: each slide in front with those after it behind, a
    /// strip of each showing above the card in front, darker by 0.08 a place; the deck shrinks as
    /// the show nears its end, and the last slide stands alone.
    @Test func holdsInASlideshowShowTheDeck() throws {
        let size = PixelSize(width: 320, height: 240)
        let colours = [Color(red: 220, green: 40, blue: 40), Color(red: 40, green: 200, blue: 60),
                       Color(red: 50, green: 70, blue: 230), Color(red: 230, green: 200, blue: 40)]
        let images = colours.map { TestImages.solid(size.width, size.height, $0) }
        let clip = try TransitionClip(transition: try Cards(), duration: 0.1, fps: 30)
        let timeline = Timeline.slideshow(holdFrames: [2, 2, 2, 2], transitions: [clip, clip, clip], loop: false)
        let sink = CollectingSink()
        try TimelinePlayer(background: .black).play(timeline, image: { images[$0] }, into: sink)
        // Each turn but the last leaves out the frame the next begins with.
        #expect(sink.frames.count == 4 * 2 + 3 * 3 - 2)

        let deck = CardDeck(frame: size, shadow: 1)
        /// A row of place `place`'s picture that shows above the card in front: the last whole
        /// row above that card's top edge.
        func pictureRow(_ place: Int) -> Int {
            let row = Int(deck.placement(place - 1).top.rounded(.down)) - 1
            let placement = deck.placement(place)
            #expect(Double(row) >= placement.top + placement.scale * deck.pictureOffset.y, "place \(place)'s picture shows")
            return row
        }
        func shaded(_ colour: Color, _ place: Int) -> (Int, Int, Int) {
            let keep = 1 - 0.08 * Double(place)
            return (Int((Double(colour.red) * keep).rounded()), Int((Double(colour.green) * keep).rounded()),
                    Int((Double(colour.blue) * keep).rounded()))
        }
        func expect(_ frame: Image, row: Int, _ expected: (Int, Int, Int), _ what: String) {
            let pixel = frame.pixel(x: 160, y: row)
            #expect(abs(Int(pixel.r) - expected.0) <= 1 && abs(Int(pixel.g) - expected.1) <= 1 && abs(Int(pixel.b) - expected.2) <= 1,
                    "\(what): \(pixel), expected \(expected)")
        }
        let holdStarts = [0, 4, 8, 13]
        for (slide, start) in holdStarts.enumerated() {
            let hold = sink.frames[start]
            #expect(sink.frames[start + 1] == hold)
            expect(hold, row: 120, shaded(colours[slide], 0), "slide \(slide)'s front card")
            let behind = colours.count - 1 - slide
            for place in 1..<(behind + 1) {
                expect(hold, row: pictureRow(place), shaded(colours[slide + place], place), "slide \(slide), place \(place)")
            }
            // Above the last card: the background.
            let topmost = deck.placement(behind).top
            expect(hold, row: Int(topmost.rounded(.down)) - 1, (0, 0, 0), "slide \(slide), above the deck")
        }
    }

    /// A looping show wraps round: the first slide's deck goes on with the first images again.
    @Test func aLoopingShowWrapsRound() throws {
        let size = PixelSize(width: 320, height: 240)
        let colours = [Color(red: 220, green: 40, blue: 40), Color(red: 40, green: 200, blue: 60), Color(red: 50, green: 70, blue: 230)]
        let images = colours.map { TestImages.solid(size.width, size.height, $0) }
        let clip = try TransitionClip(transition: try Cards(), duration: 0.1, fps: 30)
        let timeline = Timeline.slideshow(holdFrames: [1, 1, 1], transitions: [clip, clip, clip], loop: true)
        let sink = CollectingSink()
        try TimelinePlayer(background: .black).play(timeline, image: { images[$0] }, into: sink)
        let deck = CardDeck(frame: size, shadow: 1)
        // Place 3 holds image 0 again: its picture shows above place 2.
        let row = Int(deck.placement(2).top.rounded(.down)) - 1
        let pixel = sink.frames[0].pixel(x: 160, y: row)
        #expect(abs(Int(pixel.r) - Int((220 * 0.76).rounded())) <= 1 && abs(Int(pixel.g) - Int((40 * 0.76).rounded())) <= 1)
    }

    /// The cards turn down or up only: another direction is refused, naming what is accepted, and
    /// `--transition cycle` with one given keeps it where it can and turns the cards their own ways.
    @Test func directionsAreDownAndUp() throws {
        #expect(throws: ParameterError(parameter: "direction", value: "left", expected: "one of down, up for cards")) {
            try Cards(direction: .left)
        }
        #expect(try Cards(settings: TransitionSettings()).direction == .down)
        let registry = TransitionRegistry([Flip.self, Cards.self])
        let base = TransitionSettings(direction: .left)
        let turns = try (0..<4).map { try TransitionCycle.transition($0, base: base, registry: registry) }
        #expect((turns[0] as? Flip)?.direction == .left && (turns[2] as? Flip)?.direction == .left)
        #expect((turns[1] as? Cards)?.direction == .down && (turns[3] as? Cards)?.direction == .up)
    }
}
