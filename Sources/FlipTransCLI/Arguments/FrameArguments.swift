import ArgumentParser
import FlipTransCore
import FlipTransMedia

/// The frame the images are fitted into: its size, how images fit it, what shows behind, and
/// which inputs are read.
struct FrameArguments: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("Frame size, e.g. 1920x1080 (odd values are rounded down to even for video and streams); 640x or x360 for one side, the other following the first image's shape; or 'source' for the first image's size. Default: the first image's size (a slideshow's scaled to fit 1920x1080).", valueName: "WxH"))
    var size: String?

    @Option(help: "How an image of another size fits the frame: contain (bars), cover (crop), stretch, or blur (over a blurred copy of itself).")
    var fit: FitMode = .contain

    @Option(help: ArgumentHelp("Background colour: \(ColourRefusal.forms). Default: black (#000000), over which a note names an image (or a title slide) whose transparency the output could have kept.", valueName: "colour"))
    var background: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Refuse an input image of more pixels than this, before decoding it.", valueName: "n"))
    var maxPixels = PixelLimit.standard.maxPixels

    @Flag(inversion: .prefixedNo, help: "Use a damaged input image (cut short, or with parts that cannot be read) as far as it decodes, with a warning, instead of refusing it.")
    var allowDamaged = false

    /// The frame policy the options describe; refuses malformed or out-of-range options.
    func policy() throws -> FramePolicy {
        let colour = background ?? Color.black.description
        guard let color = Color(css: colour) else {
            throw OptionMisuse(option: "background") { wording in
                ColourRefusal.reason(for: colour, onCommandLine: wording.option("") == "--")
            }
        }
        var policy = FramePolicy(size: try requestedSize(), scaledToSide: scaledSide, fit: fit, background: color,
                                 pixelLimit: PixelLimit(maxPixels: maxPixels), damagedImages: allowDamaged ? .accept : .refuse)
        policy.notesCoveredTransparency = background == nil
        try policy.check()
        return policy
    }

    /// Whether a size was given, `source` included.
    var sizeGiven: Bool { size != nil }

    /// The requested size, or nil for "the first image's size"; throws when it is malformed.
    private func requestedSize() throws -> PixelSize? {
        guard let size, size.lowercased() != "source", scaledSide == nil else { return nil }
        guard let (width, height) = PixelSize.numbers(in: size) else {
            throw ParameterError(parameter: "size", value: "'\(size)'", expected: "WIDTHxHEIGHT, e.g. 1920x1080, WIDTHx or xHEIGHT (the other side following the first image), or 'source'")
        }
        return PixelSize(width: width, height: height)
    }

    /// One side given alone: "640x" or "x360".
    private var scaledSide: ScaledSide? {
        guard let size = size?.lowercased().replacingOccurrences(of: "×", with: "x"), size.count > 1 else { return nil }
        func number(_ digits: Substring) -> Int? { digits.allSatisfy { $0.isASCII && $0.isNumber } ? Int(digits) : nil }
        if size.hasSuffix("x"), let width = number(size.dropLast()) { return .width(width) }
        if size.hasPrefix("x"), let height = number(size.dropFirst()) { return .height(height) }
        return nil
    }
}

extension FitMode: CaseInsensitiveWord {}
