import FlipTransCore

/// The frame every image is fitted into: its size (or "the first image's"), how images fit it,
/// what shows behind, how large an input may be, and whether a damaged input is used.
public struct FramePolicy: Sendable, Equatable {
    /// The requested size; nil for the first image's, scaled down to fit `sizeBound` and the
    /// allowed sides.
    public var size: PixelSize?
    /// Without a requested size, the largest frame the first image's size is scaled down to,
    /// keeping its shape: this box for a landscape image, the box turned for a portrait one. Nil
    /// for the image's own size (up to the allowed sides).
    public var sizeBound: PixelSize?
    /// Without a requested size, one side the frame must have: the other follows the first
    /// image's shape (`--size 640x`, `--size x360`).
    public var scaledToSide: ScaledSide?
    /// How each image is fitted into the frame; `contain` by default.
    public var fit: FitMode
    /// What shows behind the images (bars, transparent parts) and behind the panels of a
    /// transition; a colour that is not opaque makes the frames carry transparency, which the
    /// output must keep.
    public var background: Color
    /// Whether a job says (once, of the first slide in slide order that a frame shows so) that an
    /// opaque `background` covers an image's transparent parts, or a title slide's own clear
    /// background, where its output could have kept them: for a background no one chose, as a
    /// command line's default black is. Off by default.
    public var notesCoveredTransparency = false
    /// The largest input accepted, in pixels.
    public var pixelLimit: PixelLimit
    /// Whether an input with damaged data is refused (the default) or used as far as it decodes.
    public var damagedImages: DamagedImagePolicy

    /// Sides a frame may have, in pixels.
    public static let sideRange = 16...8192
    /// Full HD, the bound slideshows of photos use: what every player plays (`H264Compatibility`).
    public static let fullHD = PixelSize(width: 1920, height: 1080)

    /// A policy; a requested size is checked by `check()` (and by the job), not here.
    public init(size: PixelSize? = nil, sizeBound: PixelSize? = nil, scaledToSide: ScaledSide? = nil, fit: FitMode = .contain,
                background: Color = .black, pixelLimit: PixelLimit = .standard, damagedImages: DamagedImagePolicy = .refuse) {
        self.size = size
        self.sizeBound = sizeBound
        self.scaledToSide = scaledToSide
        self.fit = fit
        self.background = background
        self.pixelLimit = pixelLimit
        self.damagedImages = damagedImages
    }

    /// Refuses a requested size or a bound with a side out of range, and a pixel limit under one
    /// pixel, before any work.
    public func check() throws {
        try pixelLimit.check()
        if let sizeBound, ![sizeBound.width, sizeBound.height].allSatisfy(Self.sideRange.contains) {
            throw ParameterError(parameter: "size-bound", value: "\(sizeBound)",
                                 expected: "WIDTHxHEIGHT with each side between \(Self.sideRange.lowerBound) and \(Self.sideRange.upperBound) pixels")
        }
        if let scaledToSide, !Self.sideRange.contains(scaledToSide.length) {
            throw ParameterError(parameter: "size", value: "\(scaledToSide)",
                                 expected: "WIDTHx or xHEIGHT with the side between \(Self.sideRange.lowerBound) and \(Self.sideRange.upperBound) pixels")
        }
        guard let size else { return }
        for side in [size.width, size.height] where !Self.sideRange.contains(side) {
            throw ParameterError(parameter: "size", value: "\(size)",
                                 expected: "WIDTHxHEIGHT with each side between \(Self.sideRange.lowerBound) and \(Self.sideRange.upperBound) pixels")
        }
    }

    /// The frame size for a first image of `firstImage`: the requested size, or the image's
    /// scaled down (keeping its shape) to the allowed sides; for `format` that needs them, rounded
    /// down to even sides. Scaling and rounding are announced through `warn`.
    ///
    /// Within `sizeBound`, a first image smaller than the box makes the frame its own size; if a
    /// later image (of `images`, every image's shown size) is wider or taller than that frame,
    /// and so shrunk into it, a note says so and what would fit the box. `files` are the
    /// images' files, which the announcements name.
    func frameSize(firstImage: PixelSize, images: [PixelSize], files: [String], for format: OutputFormat, warn: (String) -> Void) -> PixelSize {
        let first = files.first.map { "the first image (\($0), \(firstImage))" } ?? "the first image (\(firstImage))"
        let size = size ?? scaledSize(firstImage: firstImage, named: first, for: format, warn: warn)
            ?? defaultSize(firstImage: firstImage, named: first, images: images, files: files, warn: warn)
        return format.needsEvenSides ? evenSize(size, for: format, warn: warn) : size
    }

    /// The first image's size scaled so that the side `scaledToSide` names has its length; the
    /// other side rounded to the nearest pixel (the nearest even one for a format that needs
    /// even sides, so that keeping the shape is not announced as rounding) within the allowed
    /// sides. Nil without `scaledToSide`. `first` names the image in announcements.
    private func scaledSize(firstImage: PixelSize, named first: String, for format: OutputFormat, warn: (String) -> Void) -> PixelSize? {
        guard let scaledToSide else { return nil }
        let (given, along, across) = switch scaledToSide {
        case let .width(width): (width, firstImage.width, firstImage.height)
        case let .height(height): (height, firstImage.height, firstImage.width)
        }
        let exact = Double(across) * Double(given) / Double(along)
        let rounded = format.needsEvenSides ? Int((exact / 2).rounded()) * 2 : Int(exact.rounded())
        let other = min(max(rounded, Self.sideRange.lowerBound), Self.sideRange.upperBound)
        let size = switch scaledToSide {
        case .width: PixelSize(width: given, height: other)
        case .height: PixelSize(width: other, height: given)
        }
        if other != rounded {
            warn("warning: \(first) scaled to \(scaledToSide) would be \(Int(exact.rounded())) pixels the other way; the frame is \(size), as sides must be between \(Self.sideRange.lowerBound) and \(Self.sideRange.upperBound)")
        }
        return size
    }

    private func defaultSize(firstImage: PixelSize, named first: String, images: [PixelSize], files: [String], warn: (String) -> Void) -> PixelSize {
        if let (fitted, box, scale) = fittedSize(firstImage: firstImage) {
            if scale < 1 {
                warn("note: frame size \(fitted): \(first) scaled to fit \(box); give --size WxH for another size, or --size source for the image's own")
                return fitted
            }
            // Fitted into the frame, an image wider or taller than it is shrunk.
            let shrunk = images.indices.filter { images[$0].width > firstImage.width || images[$0].height > firstImage.height }
            if scale > 1, let index = shrunk.max(by: { images[$0].width * images[$0].height < images[$1].width * images[$1].height }) {
                let largest = files.indices.contains(index) ? "\(files[index]), \(images[index])" : "\(images[index])"
                warn("note: frame size \(firstImage), the first image's; larger images (up to \(largest)) are shrunk into it; give --size WxH for a larger frame, such as --size \(fitted) to fit \(box)")
            }
        }
        let largest = Double(Self.sideRange.upperBound)
        let scale = min(1, largest / Double(firstImage.width), largest / Double(firstImage.height))
        func side(_ length: Int) -> Int {
            min(max(Int(Double(length) * scale), Self.sideRange.lowerBound), Self.sideRange.upperBound)
        }
        let size = PixelSize(width: side(firstImage.width), height: side(firstImage.height))
        if scale < 1 {
            warn("warning: the frame is \(size), not the size of \(first), as sides may be at most \(Self.sideRange.upperBound) (or give --size)")
        } else if size != firstImage {
            warn("warning: the frame is \(size), not the size of \(first), as sides must be at least \(Self.sideRange.lowerBound) (or give --size)")
        }
        return size
    }

    /// The first image's size scaled, up or down, to fit `sizeBound` turned for a portrait image
    /// (that box and the scale are returned too), each side rounded and then made even by
    /// dropping its last pixel, so never past the box; nil without a bound.
    private func fittedSize(firstImage: PixelSize) -> (size: PixelSize, box: PixelSize, scale: Double)? {
        guard let sizeBound else { return nil }
        let box = firstImage.width >= firstImage.height ? sizeBound : PixelSize(width: sizeBound.height, height: sizeBound.width)
        let scale = min(Double(box.width) / Double(firstImage.width), Double(box.height) / Double(firstImage.height))
        func side(_ length: Int) -> Int { max(Int((Double(length) * scale).rounded()) & ~1, Self.sideRange.lowerBound) }
        return (PixelSize(width: side(firstImage.width), height: side(firstImage.height)), box, scale)
    }

    private func evenSize(_ size: PixelSize, for format: OutputFormat, warn: (String) -> Void) -> PixelSize {
        let even = PixelSize(width: size.width & ~1, height: size.height & ~1)
        if even != size { warn("warning: frame size \(size) rounded down to \(even): even sides are needed for \(format.summary)") }
        return even
    }
}

/// One side of the frame, the other following the first image's shape.
public enum ScaledSide: Sendable, Equatable, CustomStringConvertible {
    case width(Int)
    case height(Int)

    /// The side's length in pixels.
    public var length: Int {
        switch self {
        case let .width(length), let .height(length): length
        }
    }

    /// As `--size` takes it: "640x", "x360".
    public var description: String {
        switch self {
        case let .width(width): "\(width)x"
        case let .height(height): "x\(height)"
        }
    }
}
