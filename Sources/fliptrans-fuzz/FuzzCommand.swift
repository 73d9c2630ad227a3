import ArgumentParser

/// Feeds mutated files through the real input-reading code and fails on any case that crashes,
/// hangs or ends in an unclean error: every case must end in success or a one-line error. Each
/// batch of cases runs in a child process (`work`), so a crash ends one child, not the campaign.
@main
struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fliptrans-fuzz",
        abstract: "Mutation fuzzing of fliptrans's input parsers: images, slideshow specs and batch job files.",
        subcommands: [Campaign.self, CaseWorker.self],
        defaultSubcommand: Campaign.self
    )
}
