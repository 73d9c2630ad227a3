/// `--transition cycle`: a slideshow that shows off every transition in every direction,
/// one after another — flip, page, fold, each round turning a new way.
public enum TransitionCycle {
    public static let name = "cycle"
    static let transitions = ["flip", "page", "fold"]

    /// The transition name and options for the slideshow's `index`-th transition; the fold has
    /// no direction, so its rounds alternate normal and cubic, vertical then horizontal.
    public static func step(_ index: Int, base: TransitionOptions) -> (name: String, options: TransitionOptions) {
        let round = index / transitions.count % Direction.allCases.count
        var options = base
        options.direction = Direction.allCases[round]
        options.foldStyle = round.isMultiple(of: 2) ? .normal : .cubic
        options.orientation = round < 2 ? .vertical : .horizontal
        return (transitions[index % transitions.count], options)
    }
}
