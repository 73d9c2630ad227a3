import ArgumentParser
import FlipTransCore

/// Which transition to play, for how long, and how it looks: the options every command that
/// renders a transition shares.
struct TransitionArguments: ParsableArguments {
    @Option(help: ArgumentHelp("The transition: \(TransitionRegistry.standard.names.joined(separator: ", ")).", valueName: "name"))
    var transition: String?

    @Flag(help: "Shorthand for --transition page.")
    var page = false

    @Option(help: ArgumentHelp("The fold transition, normal or cubic (a bare --fold means normal).", valueName: "style"))
    var fold: FoldStyle?

    @Flag(help: "Fold: B unfolds out of the centre line while A slides out.")
    var unfold = false

    @Option(help: "Fold: vertical (top and bottom halves) or horizontal (left and right).")
    var orientation: Orientation?

    @Flag(help: "Page: reverse perspective, the page turns away from the viewer.")
    var reverse = false

    @Option(parsing: .unconditional, help: "Transition length in seconds (at most 3600).")
    var duration = 1.0

    @Option(parsing: .unconditional, help: "Frames per second (1–240).")
    var fps = 30

    @Option(help: "The way the transition moves: left, right, up or down.")
    var direction: Direction?

    @Option(help: ArgumentHelp("CSS timing function: linear, ease, ease-in, ease-out, ease-in-out or cubic-bezier(x1,y1,x2,y2). Default: the transition's own.", valueName: "curve"))
    var timing: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Eye distance in pixels (CSS perspective). Default: the transition's own.", valueName: "pixels"))
    var perspective: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Flip: card scale at mid-turn, the camera pulling back (1 = none).", valueName: "k"))
    var pullback: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Multiplies the transition's shading: 1 is the default look, 0 turns it off.", valueName: "strength"))
    var shadow = 1.0

    static let fpsRange = 1...240
    /// An hour: longer is surely a typo (and hours of frames to render).
    static let longestSeconds = 3600.0
    static let shadowRange = 0.0...4.0

    /// Refuses a hold (seconds of still frames, an option of the commands that hold) out of range.
    static func checkHold(_ seconds: Double) throws {
        guard (0...longestSeconds).contains(seconds) else {
            throw CLIError("--hold must be between 0 and \(Int(longestSeconds)) seconds, got \(seconds)")
        }
    }

    /// The transition name after the shorthands, refusing ones that contradict each other.
    func transitionName() throws -> String {
        var named: [String] = []
        if let transition { named.append(transition) }
        if page { named.append("page") }
        if fold != nil { named.append("fold") }
        let distinct = Set(named)
        guard distinct.count <= 1 else {
            throw CLIError("conflicting transitions: \(named.map { "'\($0)'" }.joined(separator: " and ")); choose one")
        }
        return distinct.first ?? "flip"
    }

    /// The clip the options describe.
    func makeClip() throws -> TransitionClip {
        let name = try transitionName()
        guard name != TransitionCycle.name else {
            throw CLIError("--transition cycle takes turns between slides, so it is for slideshows only; name one transition: \(TransitionRegistry.standard.names.joined(separator: ", "))")
        }
        return try makeClip(name: name, options: try options())
    }

    /// The clip for the `index`-th transition of a slideshow: `--transition cycle` turns a new way each time.
    func makeClip(forTransition index: Int) throws -> TransitionClip {
        let name = try transitionName()
        guard name == TransitionCycle.name else { return try makeClip(name: name, options: try options()) }
        let step = TransitionCycle.step(index, base: try options())
        return try makeClip(name: step.name, options: step.options)
    }

    private func makeClip(name: String, options: TransitionOptions) throws -> TransitionClip {
        let timing = try timingCurve()
        do {
            let transition = try TransitionRegistry.standard.make(name, options: options)
            return try TransitionClip(transition: transition, timing: timing, duration: duration, fps: fps)
        } catch {
            // The core's errors quote values as given (a transition name may hold a line break).
            throw CLIError("\(error)")
        }
    }

    private func options() throws -> TransitionOptions {
        guard Self.fpsRange.contains(fps) else {
            throw CLIError("--fps must be between \(Self.fpsRange.lowerBound) and \(Self.fpsRange.upperBound), got \(fps)")
        }
        guard duration <= Self.longestSeconds else {
            throw CLIError("--duration must be more than 0 and at most \(Int(Self.longestSeconds)) seconds, got \(duration)")
        }
        guard Self.shadowRange.contains(shadow) else {
            throw CLIError("--shadow must be between \(Int(Self.shadowRange.lowerBound)) and \(Int(Self.shadowRange.upperBound)), got \(shadow)")
        }
        if let perspective, !(perspective.isFinite && perspective > 0) {
            throw CLIError("--perspective must be a positive number of pixels (more than 0), got \(perspective)")
        }
        return TransitionOptions(direction: direction, perspective: perspective, pullback: pullback, shadow: shadow,
                                 reverse: reverse, foldStyle: fold, unfold: unfold, orientation: orientation)
    }

    private func timingCurve() throws -> TimingCurve? {
        guard let timing else { return nil }
        guard let curve = TimingCurve(css: timing) else {
            throw CLIError("--timing: '\(timing)' is not a timing function; use linear, ease, ease-in, ease-out, ease-in-out or cubic-bezier(x1,y1,x2,y2) with x1 and x2 in [0, 1]")
        }
        return curve
    }
}

extension Direction: ExpressibleByArgument {}
extension FoldStyle: ExpressibleByArgument {}
extension Orientation: ExpressibleByArgument {}
