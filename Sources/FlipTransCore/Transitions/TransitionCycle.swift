/// `--transition cycle`: a slideshow that shows off every registered transition in every style,
/// one after another — flip, page, fold, …, each round in the next direction or style.
public enum TransitionCycle {
    /// The name `--transition` takes for the cycle, in place of a transition's.
    public static let name = "cycle"

    /// The transition for a slideshow's `index`-th transition. Styles vary only in what `base`
    /// leaves open: a `--direction` or `--reverse` the user gave holds for every round of every
    /// transition that can take it.
    public static func transition(_ index: Int, base: TransitionSettings,
                                  registry: TransitionRegistry = .standard) throws -> any Transition {
        let type = registry.types[index % registry.types.count]
        let styles = TransitionStyle.all(of: type, keeping: base)
        let round = index / registry.types.count
        return try styles[round % styles.count].make(over: base)
    }
}
