import ArgumentParser
import FlipTransCore

/// A slideshow's own options: how long each image stays, in what order, the whole show's
/// length, and the spec that may describe it all instead.
struct SlideshowArguments: ParsableArguments {
    // A transform leaves the parser no default to show: the help says it.
    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds each image is shown still. Default \(NumberRange.format(defaultHold)).", valueName: "seconds"),
            transform: DecimalArgument.read)
    var hold = defaultHold
    static let defaultHold = 2.0

    @Flag(inversion: .prefixedNo, help: "Add a transition from the last image back to the first, so the video loops seamlessly.")
    var loop = false

    @Option(help: "The order of the images: given (as listed; a folder's by name), name (natural order: img2 before img10), date (when each photo was taken: EXIF DateTimeOriginal, else the file's time) or shuffle (by --seed).")
    var order: SlideOrder = .given

    @Option(name: .customLong("seed"), parsing: .unconditional, help: ArgumentHelp("The seed --order shuffle uses: the same seed gives the same order (default 0).", valueName: "n"))
    var givenSeed: UInt64?

    @Option(parsing: .unconditional, help: ArgumentHelp("The whole show's length: holds are scaled, keeping their proportions, so that it lasts this long.", valueName: "seconds"), transform: DecimalArgument.read)
    var total: Double?

    @Option(help: ArgumentHelp("A YAML or JSON file describing the slideshow; options given beside it replace its top-level values.", valueName: "file"),
            completion: .file(extensions: SpecDocument.extensions))
    var spec: String?

    /// The shuffle's seed; refuses one given for an order that does not shuffle, where it would
    /// change nothing.
    func shuffleSeed() throws -> UInt64 {
        if let givenSeed, order != .shuffle {
            throw ParameterError(parameter: "seed", value: String(givenSeed), expected: "left out unless the order is shuffle (it orders a shuffled show only)")
        }
        return givenSeed ?? 0
    }
}
