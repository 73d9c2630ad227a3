/// The knobs of a timeline rather than of a transition — how long things last and how many
/// frames a second — declared like a transition's parameters so they are checked in one place
/// and worded the same way everywhere.
public enum TimelineParameters {
    /// An hour: longer is surely a typo (and hours of frames to render).
    public static let longestSeconds = 3600.0

    /// A transition's length when none is given: a second.
    public static let defaultDuration = 1.0

    /// `--duration`: a transition's length, above 0, up to 3600 seconds; default 1.
    public static let duration = TransitionParameter.number(
        "duration", .above(0, upTo: longestSeconds, unit: "seconds"), default: defaultDuration,
        help: "Transition length in seconds (at most 3600).", valueName: "seconds")
    /// `--hold`: seconds an image is shown still, 0 … 3600; no default here, as each command has
    /// its own.
    public static let hold = TransitionParameter.number(
        "hold", .between(0, longestSeconds, unit: "seconds"), default: nil,
        help: "Seconds an image is shown still.", valueName: "seconds")
    /// `--total`: a slideshow's whole length, above 0, up to 3600 seconds; no default.
    public static let total = TransitionParameter.number(
        "total", .above(0, upTo: longestSeconds, unit: "seconds"), default: nil,
        help: "The whole show's length in seconds.", valueName: "seconds")
    /// The frame rate when none is given.
    public static let defaultRate: FrameRate = 30

    /// `--fps`: frames per second, 1 … 240; default 30. A rate written as a fraction (30000/1001)
    /// is checked by `check(_:)`.
    public static let fps = TransitionParameter.number(
        "fps", .between(1, highestRate.perSecond), default: defaultRate.perSecond, help: "Frames per second, 1–240 (GIF at most 50, WebP and APNG 90): a whole number, a fraction (30000/1001) or 29.97, 23.976, 59.94.")

    /// The highest rate `fps` takes.
    public static let highestRate: FrameRate = 240

    /// Refuses a frame rate outside 1–240, worded as the parameter's range.
    public static func check(_ rate: FrameRate) throws {
        guard (1...highestRate.perSecond).contains(rate.perSecond) else {
            throw ParameterError(parameter: "fps", value: rate.description, expected: "between 1 and \(highestRate)")
        }
    }
}
