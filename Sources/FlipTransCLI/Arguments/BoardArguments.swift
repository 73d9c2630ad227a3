import ArgumentParser
import FlipTransCore
import FlipTransMedia

/// A board: the frame cut into tiles that turn one after another.
struct BoardArguments: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp(TileGrid.help, valueName: "COLSxROWS"))
    var tiles = TileGrid.single.description

    // A transform leaves the parser no default to show: the help says it.
    @Option(parsing: .unconditional, help: ArgumentHelp(Tiling.staggerParameter.help + " Default \(Tiling.staggerParameter.defaultText ?? "0").", valueName: "seconds"),
            transform: DecimalArgument.read)
    var stagger = 0.0

    @Option(help: ArgumentHelp(Tiling.orderParameter.help + " Default \(StaggerOrder.names[0]).", valueName: Tiling.orderParameter.valueName),
            completion: .list(StaggerOrder.names))
    var staggerOrder: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(Tiling.seedParameter.help + " Default 0.", valueName: Tiling.seedParameter.valueName))
    var staggerSeed: Int?

    /// Refuses a stagger option that can do nothing, as a transition's option for another
    /// transition is refused: it was ignored without a word.
    func checkUsed() throws {
        let single = (try? TileGrid.parse(tiles)) == .single
        if single, let unused = [("stagger", stagger != 0), ("stagger-order", staggerOrder != nil), ("stagger-seed", staggerSeed != nil)].first(where: \.1)?.0 {
            throw OptionMisuse(option: unused) { wording in "is used only with a board of tiles: give \(wording.option("tiles")) COLSxROWS, or leave it out" }
        }
        // An order that is none (a slip for `random`) is named by its own check, later.
        let order = staggerOrder ?? StaggerOrder.names[0]
        if staggerSeed != nil, StaggerOrder.names.contains(order), order != "random" {
            throw OptionMisuse(option: "stagger-seed") { wording in "is used only with \(wording.setting("stagger-order", "random"))" }
        }
    }
}
