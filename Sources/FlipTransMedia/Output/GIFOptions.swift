import FlipTransCore

/// How a GIF's colours are chosen: FFmpeg's palettegen makes the palettes and paletteuse maps
/// the frames onto them, with the dithering named here.
public struct GIFOptions: Sendable, Equatable {
    /// How many palettes the GIF has: one for the clip or one for each frame.
    public enum Palette: String, CaseIterable, Sendable {
        /// One palette for the whole clip, from every frame's changed pixels: the frames are
        /// rendered twice, once to gather the colours and once to write them.
        case clip
        /// A palette per frame, from that frame alone: one pass, larger files.
        case frame
    }

    /// paletteuse's dithering methods (FFmpeg 5.1).
    public static let ditherMethods = ["sierra2_4a", "sierra2", "floyd_steinberg", "bayer", "heckbert", "none"]
    /// palettegen's range of colours (one of them kept for transparency when the frames carry it).
    public static let colourRange = 4...256

    /// `--gif-palette`; nil for the default, one palette for the clip.
    public var palette: Palette?
    /// `--gif-dither`, one of `ditherMethods`; nil for the default, `sierra2_4a`.
    public var dither: String?
    /// `--gif-colors`, the most colours in a palette, within `colourRange`; nil for 256.
    public var colours: Int?

    /// The GIF options given; nil leaves one at its default. Checked when the output's options are
    /// (`EncoderSettings.check(format:options:path:)`).
    public init(palette: Palette? = nil, dither: String? = nil, colours: Int? = nil) {
        self.palette = palette
        self.dither = dither
        self.colours = colours
    }

    var given: [String] {
        [palette.map { _ in "gif-palette" }, dither.map { _ in "gif-dither" }, colours.map { _ in "gif-colors" }].compactMap { $0 }
    }

    /// Checks the values: a dithering that is none of FFmpeg's, a number of colours out of range.
    func check() throws {
        if let dither, !Self.ditherMethods.contains(dither) {
            throw ParameterError(parameter: "gif-dither", value: "'\(dither)'", expected: "one of \(Self.ditherMethods.joined(separator: ", "))",
                                 isUnreadable: true)
        }
        if let colours, !Self.colourRange.contains(colours) {
            throw ParameterError(parameter: "gif-colors", value: String(colours),
                                 expected: "between \(Self.colourRange.lowerBound) and \(Self.colourRange.upperBound)")
        }
    }
}
